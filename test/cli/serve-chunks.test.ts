// The CLI's serve bundle is split where a start has no use for the code (scripts/build.ts): every
// route's module, and zod, are chunks of their own, read on first use. A start compiles neither,
// which made up half of a start with no compile cache (docs/performance.md, "Counting a start").
import { afterEach, describe, expect, it } from 'vitest'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin, fixture } from '../support/paths.ts'

const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/
const probe = fixture('start/chunks-read.mjs')

describe("the serve bundle's chunks", () => {
  const launched: CliProcess[] = []
  afterEach(async () => {
    await Promise.all(launched.splice(0).map((cli) => cli.stop('SIGKILL')))
  })

  it("are read as requests need them: the model list's route first, zod with the first body to check", async () => {
    const cli = spawnCli(process.execPath, ['--import', probe, bin, '--port', '0', '--quiet'], { env: { NODE_DISABLE_COMPILE_CACHE: '1' } })
    launched.push(cli)
    const [, url] = await cli.waitFor(listening, 30_000)
    const auth = { authorization: 'Bearer sk-unrestricted' }
    const models = await fetch(`${url}/v1/models`, { headers: auth })
    expect(models.status).toBe(200)
    await models.arrayBuffer()
    const [, first] = await cli.waitFor(/chunks after answer 1: (\[.*\])/)
    const atFirst = JSON.parse(first!) as string[]
    expect(atFirst[0]).toBe('quick-serve')
    expect(atFirst).toContain('quick-serve-list-models')
    expect(atFirst.filter((name) => /zod|route|chat|messages|generate/.test(name))).toEqual([])

    const chat = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    })
    expect(chat.status).toBe(200)
    await chat.arrayBuffer()
    const [, second] = await cli.waitFor(/chunks after answer 2: (\[.*\])/)
    const atSecond = JSON.parse(second!) as string[]
    expect(atSecond).toEqual(expect.arrayContaining(['quick-serve-chat-completions-route', 'quick-serve-zod']))
  }, 60_000)
})
