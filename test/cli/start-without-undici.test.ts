// A start of the CLI answers its first request without loading undici (Node's fetch), a large part
// of a bare server's start: the CLI's bundle requires Node's built-ins rather than importing them,
// makes the classes of msw's dependencies that extend Response or MessageEvent on first use
// (scripts/build.ts), and the server writes its answers without reading those globals. Nor does it
// load the modules Node loads when one of their exports is first read, which a plain serve never
// uses: node:util's parseArgs (esbuild's interop read it when it copied node:util's properties),
// node:fs/promises (readline and more come with it: it was read for --tls-cert's default reader),
// node:crypto's key generation (--tls's key pair function was made when its module loaded).
import { afterEach, describe, expect, it } from 'vitest'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin, fixture } from '../support/paths.ts'

const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/
const told = /loaded at the first answer: (\{.*\})/
const probe = fixture('start/loaded-at-first-answer.mjs')

describe('a start to the first answer', () => {
  const launched: CliProcess[] = []
  afterEach(async () => {
    await Promise.all(launched.splice(0).map((cli) => cli.stop('SIGKILL')))
  })

  /** Which of the watched modules were loaded when the server sent its first answer (GET /v1/models), and its status. */
  async function loadedAtFirstAnswer(args: string[]): Promise<{ status: number; loaded: Record<string, boolean> }> {
    const cli = spawnCli(process.execPath, ['--import', probe, ...args])
    launched.push(cli)
    const [, url] = await cli.waitFor(listening, 30_000)
    const response = await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer sk-unrestricted' } })
    await response.arrayBuffer()
    const [, loaded] = await cli.waitFor(told)
    return { status: response.status, loaded: JSON.parse(loaded!) as Record<string, boolean> }
  }

  it('of the CLI loads no undici, parseArgs, node:fs/promises or key generation', async () => {
    expect(await loadedAtFirstAnswer([bin, '--port', '0', '--quiet'])).toEqual({
      status: 200,
      loaded: { undici: false, parseArgs: false, 'fs/promises': false, keygen: false },
    })
  }, 60_000)

  it('of a bare server importing node:http as an ES module does load undici (the probe sees it)', async () => {
    const { status, loaded } = await loadedAtFirstAnswer([fixture('start/bare-esm-server.mjs')])
    expect({ status, undici: loaded.undici, parseArgs: loaded.parseArgs }).toEqual({ status: 200, undici: true, parseArgs: false })
  }, 60_000)

  it('of a bare server that reads those exports loads each (the probe sees them)', async () => {
    expect(await loadedAtFirstAnswer([fixture('start/bare-server-reading-lazy-exports.mjs')])).toEqual({
      status: 200,
      loaded: { undici: true, parseArgs: true, 'fs/promises': true, keygen: true },
    })
  }, 60_000)
})
