import { afterEach, describe, expect, it, vi } from 'vitest'
import { quickServeArgs } from '../../../src/cli/flags/quick-serve-args.ts'
import type { ServeArgs } from '../../../src/cli/flags/serve-options.ts'
import { main } from '../../../src/cli/main.ts'

// The CLI reads a plain serve command line without yargs (quickServeArgs) and hands every other
// line to yargs. Both must start the same server: for each line the quick reader accepts, what
// it gives is what yargs gives the serve command. The serve command's work is replaced here by
// a recorder, so nothing listens.
const served = { args: [] as ServeArgs[] }
const recordServe = async (args: ServeArgs) => {
  served.args.push(args)
}

const serveKeys = [
  'port',
  'host',
  'world',
  'quiet',
  'max-body-mb',
  'journal-limit',
  'journal-details',
  'max-body-depth',
  'scenario',
  'admin-token',
  'profile',
  'any-model',
  'exit-with-parent',
  'replay',
  'replay-strict',
  'replay-speed',
  'tls',
  'tls-cert',
  'tls-key',
] as const satisfies readonly (keyof ServeArgs)[]

/** What yargs gives the serve command for `argv`: its arguments, or the exit code of its refusal. */
async function throughYargs(argv: string[]): Promise<Partial<ServeArgs> | { exitCode: number }> {
  served.args = []
  const exitCode = await main(argv, { runServe: recordServe })
  const [args] = served.args
  if (args === undefined) return { exitCode }
  return Object.fromEntries(serveKeys.filter((key) => args[key] !== undefined).map((key) => [key, args[key]]))
}

describe('a serve command line read without yargs', () => {
  afterEach(() => vi.restoreAllMocks())

  it.each([
    [[]],
    [['serve']],
    [['--port', '0']],
    [['serve', '--port', '0', '--quiet']],
    [['--port=0', '-q']],
    [['-p', '4011']],
    [['--port', '0x10']],
    [['--port', '010']],
    [['--port', '1e3']],
    [['--host', '0.0.0.0']],
    [['--host=::1']],
    [['--world', 'worlds/team.json']],
    [['--scenario', 'rate-limited', '--scenario', './my-scenario.ts']],
    [['-s', 'flaky-upstream', '--scenario=quota-exhausted']],
    [['--profile', 'new-api']],
    [['--any-model', 'claude-sonnet-4-6']],
    [['--any-model=gpt-4o-mini', '--profile', 'new-api']],
    [['--admin-token', 's3cret']],
    [['--max-body-mb', '1.5', '--journal-limit', '10', '--journal-details', '0', '--max-body-depth', '20']],
    [['--no-exit-with-parent']],
    [['--exit-with-parent', '--no-quiet']],
    [['--replay', 'recordings']],
    [['--replay', 'recordings', '--replay', 'more/session.json', '--replay-strict']],
    [['--replay=recordings', '--replay-speed', '0']],
    [['--replay', 'recordings', '--replay-speed', '2.5', '--no-replay-strict']],
    [['--tls']],
    [['--tls', '--port', '0']],
    [['--tls-cert', 'cert.pem', '--tls-key=key.pem']],
    [['--no-tls']],
  ])('%j gives what yargs gives', async (argv) => {
    const quick = quickServeArgs(argv)
    expect(quick).toBeDefined()
    expect(quick).toEqual(await throughYargs(argv))
  })

  it.each([
    [['--help']],
    [['-h']],
    [['--version']],
    [['keys']],
    [['serve', 'extra']],
    [['--port']],
    [['--port', '-1']],
    [['--port', '65536']],
    [['--port', 'abc']],
    [['--port', '1', '--port', '2']],
    [['--quiet', 'false']],
    [['--quiet=true']],
    [['--no-port']],
    [['--profile', 'openai']],
    [['--admin-token', ' ']],
    [['--world', '']],
    [['--host=']],
    [['--unknown']],
    [['-x']],
    [['-qp', '0']],
    [['--maxBodyMb', '2']],
    [['--scenario', 'rate-limited', 'flaky-upstream']],
    [['--', '--port', '0']],
    [['--replay']],
    [['--replay-speed', '-1']],
    [['--replay-speed', 'fast']],
    [['--replay-strict', 'true']],
    [['--replay-strict']],
    [['--replay-speed', '2.5', '--no-replay-strict']],
    [['--tls-cert', 'cert.pem']],
    [['--tls-key', 'key.pem', '--tls']],
    [['--tls-cert']],
    [['--tls', 'true']],
    [['--any-model']],
    [['--any-model', ' ']],
  ])('%j is left to yargs', (argv) => {
    expect(quickServeArgs(argv)).toBeUndefined()
  })

  it('leaves to yargs every line yargs refuses', async () => {
    for (const argv of [
      ['--port', 'abc'],
      ['--profile', 'openai'],
      ['--admin-token', ' '],
      ['--unknown'],
      ['serve', 'extra'],
      ['--replay-speed', '-1'],
      ['--replay-strict'],
      ['--replay-speed', '0'],
      ['--tls-cert', 'cert.pem'],
      ['--any-model', ' '],
    ]) {
      vi.spyOn(console, 'error').mockImplementation(() => undefined)
      expect(await throughYargs(argv)).toEqual({ exitCode: 2 })
      expect(quickServeArgs(argv)).toBeUndefined()
    }
  })
})
