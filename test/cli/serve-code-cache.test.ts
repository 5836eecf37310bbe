// A plain serve command line runs the package's serve bundle (dist/src/cli/quick-serve.cjs and the
// chunks it loads when used) with a code cache for each chunk, which the CLI writes beside Node's
// compile cache once the chunk has run a while, and that the next start reads
// (src/cli/process/code-cached-bundle.ts).
import { mkdtempSync, readdirSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin } from '../support/paths.ts'

const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/

/** The serve bundle's code caches under a compile cache folder (Node keeps one folder per Node.js version in it). */
function codeCaches(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) =>
    /llm-gateway-mock-[0-9a-f]{16}-[0-9a-f]{16}\.cache$/.test(name),
  )
}

/** Each cache file and when it was written. */
const writtenAt = (folder: string) => new Map(codeCaches(folder).map((name) => [name, statSync(join(folder, name)).mtimeMs]))

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 50))) if (check()) return true
  return check()
}

describe("the serve bundle's code cache", () => {
  const launched: CliProcess[] = []
  afterEach(async () => {
    await Promise.all(launched.splice(0).map((cli) => cli.stop('SIGKILL')))
  })

  async function serve(env: Record<string, string>): Promise<number> {
    const cli = spawnCli(process.execPath, [bin, '--port', '0', '--quiet'], { env })
    launched.push(cli)
    const [, url] = await cli.waitFor(listening, 30_000)
    const response = await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer sk-unrestricted' } })
    await response.arrayBuffer()
    return response.status
  }

  it('is written once a start has settled in, a file for each chunk that ran, and read, not written again, by the next start', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-compile-cache-'))
    expect(await serve({ NODE_COMPILE_CACHE: folder })).toBe(200)
    expect(await until(() => codeCaches(folder).length > 0, 10_000)).toBe(true)
    // The chunks the model list loaded write theirs a second after they ran.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const written = writtenAt(folder)
    // The entry's, and those of the model list's route, loaded by the request.
    expect(written.size).toBeGreaterThan(1)
    // One build's: they share its id.
    expect(new Set([...written.keys()].map((name) => /llm-gateway-mock-([0-9a-f]{16})-/.exec(name)![1])).size).toBe(1)
    await Promise.all(launched.splice(0).map((cli) => cli.stop('SIGKILL')))

    expect(await serve({ NODE_COMPILE_CACHE: folder })).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(writtenAt(folder)).toEqual(written)
  }, 60_000)

  it('is written as the server stops, for the chunks that ran too recently to have settled in', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-compile-cache-'))
    const cli = spawnCli(process.execPath, [bin, '--port', '0', '--quiet'], { env: { NODE_COMPILE_CACHE: folder } })
    launched.push(cli)
    const [, url] = await cli.waitFor(listening, 30_000)
    expect(await until(() => codeCaches(folder).length > 0, 10_000)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const afterStart = codeCaches(folder).length
    // The chat route's chunks (and zod's) load with the first chat completion; the server is
    // stopped at once, well before they have run a second.
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] }),
    })
    expect(response.status).toBe(200)
    await response.arrayBuffer()
    expect(await cli.stop('SIGTERM')).toBe(0)
    expect(codeCaches(folder).length).toBeGreaterThan(afterStart)
  }, 60_000)

  it('is not written by a start that fails: its code had not run as a server runs it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-compile-cache-'))
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    try {
      const port = (taken.address() as AddressInfo).port
      const cli = spawnCli(process.execPath, [bin, '--port', String(port), '--quiet'], { env: { NODE_COMPILE_CACHE: folder } })
      launched.push(cli)
      expect(await cli.exited).toBe(4)
    } finally {
      taken.close()
    }
    expect(codeCaches(folder)).toEqual([])
  }, 60_000)

  it('is neither read nor written with NODE_DISABLE_COMPILE_CACHE=1', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-compile-cache-'))
    expect(await serve({ NODE_COMPILE_CACHE: folder, NODE_DISABLE_COMPILE_CACHE: '1' })).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(codeCaches(folder)).toEqual([])
  }, 60_000)
})
