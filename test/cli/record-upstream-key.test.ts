import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCliInProcess } from '../support/cli-in-process.ts'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin } from '../support/paths.ts'

// Issue 24 item 2: LLM_GATEWAY_MOCK_UPSTREAM_KEY is a list for import (docs/import.md) and one key
// for record, which refuses a list rather than forward the joined text as a key; and a recorder
// whose upstream refuses a key says so when it happens, not only in the recording.
const run = (args: string[], env: Record<string, string> = {}) => spawnCli(process.execPath, [bin, ...args], { env })
const keyA = 'sk-first-1111aaaa'
const keyB = 'sk-second-2222bbbb'

describe('record and LLM_GATEWAY_MOCK_UPSTREAM_KEY', () => {
  let directory = ''
  let upstream: CliProcess
  let upstreamUrl = ''
  const started: CliProcess[] = []
  const record = (args: string[], env: Record<string, string> = {}) => {
    const cli = run(['record', '--upstream', upstreamUrl, '--port', '0', '--out', join(directory, 'recordings'), ...args], env)
    started.push(cli)
    return cli
  }

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-record-key-'))
    upstream = run(['--port', '0', '--quiet'])
    ;[, upstreamUrl = ''] = await upstream.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
  }, 60_000)
  afterAll(async () => {
    for (const cli of [...started, upstream]) await cli.stop('SIGKILL')
    rmSync(directory, { recursive: true, force: true })
  })

  // The two refusals run in the test's process (test/support/cli-in-process.ts): what record says
  // before it would listen. bin's exit codes are proved in binary.test.ts and record.test.ts.
  const refusal = (args: string[], env: Record<string, string> = {}) =>
    runCliInProcess(['record', '--upstream', upstreamUrl, '--port', '0', '--out', join(directory, 'recordings'), ...args], env)

  it('refuses a list of keys, as import takes them, with exit code 2, naming the difference and neither key whole', async () => {
    const { code, output } = await refusal([], { LLM_GATEWAY_MOCK_UPSTREAM_KEY: `${keyA},${keyB}` })
    expect(code).toBe(2)
    expect(output).toContain(
      'llm-gateway-mock record: LLM_GATEWAY_MOCK_UPSTREAM_KEY holds 2 keys (sk-f…aaaa, sk-s…bbbb): record forwards every request with one key, while import reads several from LLM_GATEWAY_MOCK_UPSTREAM_KEY.',
    )
    expect(output).not.toContain(keyA)
    expect(output).not.toContain(keyB)
  })

  it('refuses a list given with --upstream-key too', async () => {
    const { code, output } = await refusal(['--upstream-key', `${keyA},${keyB}`])
    expect(code).toBe(2)
    expect(output).toContain('--upstream-key holds 2 keys (sk-f…aaaa, sk-s…bbbb): record forwards every request with one key')
  })

  it('says at once that the upstream refused its upstream key, even with --quiet', async () => {
    const recorder = record(['--quiet'], { LLM_GATEWAY_MOCK_UPSTREAM_KEY: ` ${keyA} ` })
    const [, url] = await recorder.waitFor(/recording on (http:\/\/127\.0\.0\.1:\d+)/)
    const openai = new OpenAI({ apiKey: 'sk-client-key', baseURL: `${url}/v1`, maxRetries: 0 })
    await expect(
      openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
    ).rejects.toMatchObject({
      status: 401,
    })
    await recorder.waitFor(
      /The upstream answered 401 to POST \/v1\/chat\/completions: it refused the upstream key \(from LLM_GATEWAY_MOCK_UPSTREAM_KEY\), which every request is forwarded with, so this session records refusals/,
    )
    expect(recorder.output()).not.toContain(keyA)
  })

  it("says so for a client's own key the upstream refused", async () => {
    const recorder = record([])
    const [, url] = await recorder.waitFor(/recording on (http:\/\/127\.0\.0\.1:\d+)/)
    const openai = new OpenAI({ apiKey: 'sk-not-known-upstream', baseURL: `${url}/v1`, maxRetries: 0 })
    await expect(openai.models.list()).rejects.toMatchObject({ status: 401 })
    await recorder.waitFor(/The upstream answered 401 to GET \/v1\/models: it refused the key the client sent/)
  })
})
