import { afterEach, describe, expect, it } from 'vitest'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin } from '../support/paths.ts'

const run = (...args: string[]) => spawnCli(process.execPath, [bin, ...args])

describe('serve --any-model', () => {
  let running: CliProcess | undefined
  afterEach(async () => {
    await running?.stop('SIGKILL')
    running = undefined
  })

  it('serves a model name the world lacks under that name, and lists only the world’s models', async () => {
    running = run('--port', '0', '--quiet', '--any-model', 'claude-sonnet-4-6')
    const [, url] = await running.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    await running.waitFor(/a model name the world lacks is served as claude-sonnet-4-6/)
    const response = await fetch(`${url}/v1/messages?beta=true`, {
      method: 'POST',
      headers: { 'x-api-key': 'sk-unrestricted', 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'claude-opus-5-5', max_tokens: 64, messages: [{ role: 'user', content: 'Say hello' }] }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ type: 'message', model: 'claude-opus-5-5' })
    const list = await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer sk-unrestricted' } })
    const ids = ((await list.json()) as { data: { id: string }[] }).data.map((model) => model.id)
    expect(ids).not.toContain('claude-opus-5-5')
  })

  it('refuses a model the world lacks, with exit code 2 and did-you-mean', async () => {
    running = run('--port', '0', '--any-model', 'gpt-4o-mni')
    expect(await running.exited).toBe(2)
    expect(running.output()).toBe('--any-model gpt-4o-mni: no model has id "gpt-4o-mni". Did you mean "gpt-4o-mini"?\n')
  })
})
