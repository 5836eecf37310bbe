import { afterEach, describe, expect, it } from 'vitest'
import { serveOptions } from '../../src/cli/flags/serve-options.ts'
import { version } from '../../src/version.ts'
import { bin } from '../support/paths.ts'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'

// The CLI tests spawn the built bin, as a user runs it, and the test set-up (test/support/build-dist.ts)
// builds it from the sources first. A build older than the sources would answer with what they said
// when it was made: another version, the flags as they were.
describe('the CLI the tests run', () => {
  let running: CliProcess | undefined
  afterEach(async () => {
    await running?.stop('SIGKILL')
    running = undefined
  })

  const output = async (...args: string[]) => {
    running = spawnCli(process.execPath, [bin, ...args])
    expect(await running.exited).toBe(0)
    return running.output()
  }

  it("is built from the sources as they are: its version is theirs, and so is every serve flag's description", async () => {
    expect((await output('--version')).trim()).toBe(version)
    const help = (await output('--help')).replace(/\s+/g, ' ')
    for (const [name, option] of Object.entries(serveOptions)) {
      expect(help).toContain(`--${name}`)
      expect(help).toContain(option.describe.replace(/\s+/g, ' '))
    }
  })
})
