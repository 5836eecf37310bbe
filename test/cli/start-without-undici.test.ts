// A start of the CLI answers its first request without loading undici (Node's fetch), a large part
// of a bare server's start: the CLI's bundle requires Node's built-ins rather than importing them,
// makes the classes of msw's dependencies that extend Response or MessageEvent on first use
// (scripts/build.ts), and the server writes its answers without reading those globals. Nor does it
// load the exports of node:util that Node loads when first read (parseArgs and 33 more modules),
// which esbuild's interop read when it copied the module's properties.
import { afterEach, describe, expect, it } from 'vitest'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin, fixture } from '../support/paths.ts'

const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/
const told = /undici loaded at the first answer: (true|false)/
const toldParseArgs = /parseArgs loaded at the first answer: (true|false)/
const probe = fixture('start/loaded-at-first-answer.mjs')

describe('a start to the first answer', () => {
  const launched: CliProcess[] = []
  afterEach(async () => {
    await Promise.all(launched.splice(0).map((cli) => cli.stop('SIGKILL')))
  })

  /** Whether undici and node:util's parseArgs were loaded when the server sent its first answer (GET /v1/models), and its status. */
  async function loadedAtFirstAnswer(args: string[]): Promise<{ status: number; loaded: string; parseArgs: string }> {
    const cli = spawnCli(process.execPath, ['--import', probe, ...args])
    launched.push(cli)
    const [, url] = await cli.waitFor(listening, 30_000)
    const response = await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer sk-unrestricted' } })
    await response.arrayBuffer()
    const [, parseArgs] = await cli.waitFor(toldParseArgs)
    const [, loaded] = await cli.waitFor(told)
    return { status: response.status, loaded: loaded!, parseArgs: parseArgs! }
  }

  it("of the CLI loads no undici, nor node:util's parseArgs", async () => {
    expect(await loadedAtFirstAnswer([bin, '--port', '0', '--quiet'])).toEqual({ status: 200, loaded: 'false', parseArgs: 'false' })
  }, 60_000)

  it('of a bare server importing node:http as an ES module does load undici (the probe sees it)', async () => {
    expect(await loadedAtFirstAnswer([fixture('start/bare-esm-server.mjs')])).toEqual({ status: 200, loaded: 'true', parseArgs: 'false' })
  }, 60_000)

  it('of a bare server that reads util.parseArgs loads it (the probe sees it)', async () => {
    expect(await loadedAtFirstAnswer([fixture('start/bare-server-reading-util.mjs')])).toEqual({
      status: 200,
      loaded: 'true',
      parseArgs: 'true',
    })
  }, 60_000)
})
