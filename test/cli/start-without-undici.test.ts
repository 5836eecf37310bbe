// A start of the CLI answers its first request without loading undici (Node's fetch), a large part
// of a bare server's start: the CLI's bundle requires Node's built-ins rather than importing them,
// makes the classes of msw's dependencies that extend Response or MessageEvent on first use
// (scripts/build.ts), and the server writes its answers without reading those globals.
import { afterEach, describe, expect, it } from 'vitest'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin, fixture } from '../support/paths.ts'

const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/
const told = /undici loaded at the first answer: (true|false)/
const probe = fixture('start/undici-at-first-answer.mjs')

describe('a start to the first answer', () => {
  const launched: CliProcess[] = []
  afterEach(async () => {
    await Promise.all(launched.splice(0).map((cli) => cli.stop('SIGKILL')))
  })

  /** Whether undici was loaded when the server sent its first answer (GET /v1/models), and its status. */
  async function undiciAtFirstAnswer(args: string[]): Promise<{ status: number; loaded: string }> {
    const cli = spawnCli(process.execPath, ['--import', probe, ...args])
    launched.push(cli)
    const [, url] = await cli.waitFor(listening, 30_000)
    const response = await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer sk-unrestricted' } })
    await response.arrayBuffer()
    const [, loaded] = await cli.waitFor(told)
    return { status: response.status, loaded: loaded! }
  }

  it('of the CLI loads no undici', async () => {
    expect(await undiciAtFirstAnswer([bin, '--port', '0', '--quiet'])).toEqual({ status: 200, loaded: 'false' })
  }, 60_000)

  it('of a bare server importing node:http as an ES module does (the probe sees it)', async () => {
    expect(await undiciAtFirstAnswer([fixture('start/bare-esm-server.mjs')])).toEqual({ status: 200, loaded: 'true' })
  }, 60_000)
})
