import Anthropic from '@anthropic-ai/sdk'
import { describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../../support/modes.ts'

describe.each(eitherMode)('@anthropic-ai/sdk model discovery ($name)', (mode) => {
  const harness = useHarness(mode)

  it('lists the key models in the Anthropic shape (Bearer, as 1.x sends it)', async () => {
    const client = new Anthropic({ apiKey: 'sk-vip', baseURL: harness.baseUrl, maxRetries: 0 })
    const models = []
    for await (const model of client.models.list()) models.push(model)
    expect(models.map((model) => model.id)).toEqual([
      'gpt-4o',
      'claude-opus-4-1',
      'gemini-2.5-pro',
      'gemini-2.5-flash',
      'text-embedding-3-large',
      'gemini-embedding-001',
      'dall-e-3',
      'tts-1',
      'whisper-1',
      'gpt-realtime',
    ])
    expect(models[1]).toMatchObject({ type: 'model', display_name: 'Claude Opus 4.1', created_at: '2021-07-20T10:40:00Z' })
  })

  it('follows has_more/after_id across pages (x-api-key, as 0.x and the AI SDK send it)', async () => {
    const client = new Anthropic({
      apiKey: null,
      baseURL: harness.baseUrl,
      maxRetries: 0,
      defaultHeaders: { 'X-Api-Key': 'sk-auto', Authorization: null, 'anthropic-version': '2023-06-01' },
    })
    const ids = []
    for await (const model of client.models.list({ limit: 3 })) ids.push(model.id)
    expect(ids).toEqual([
      'gpt-4o',
      'claude-opus-4-1',
      'gemini-2.5-pro',
      'gemini-2.5-flash',
      'text-embedding-3-large',
      'gemini-embedding-001',
      'dall-e-3',
      'tts-1',
      'whisper-1',
      'gpt-realtime',
      'gpt-4o-mini',
      'claude-sonnet-4-6',
      'small-context-4k',
      'text-embedding-3-small',
      'gpt-3.5-turbo-instruct',
      'dall-e-2',
      'dall-e',
      'omni-moderation-latest',
      'text-moderation-stable',
      'jina-reranker-v2-base-multilingual',
    ])
  })

  it('throws AuthenticationError with the Anthropic envelope for an expired key', async () => {
    const client = new Anthropic({ apiKey: 'sk-expired', baseURL: harness.baseUrl, maxRetries: 0 })
    const error = await client.models.list().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError)
    expect(error).toMatchObject({ status: 401, type: 'authentication_error' })
    expect((error as Error).message).toContain('expired at 2025-01-01T00:00:00.000Z')
  })

  it('retrieves a model, and 404s one the key cannot see', async () => {
    const client = new Anthropic({ apiKey: 'sk-limited', baseURL: harness.baseUrl, maxRetries: 0 })
    await expect(client.models.retrieve('gpt-4o-mini')).resolves.toMatchObject({ id: 'gpt-4o-mini', type: 'model' })
    await expect(client.models.retrieve('claude-opus-4-1')).rejects.toBeInstanceOf(Anthropic.NotFoundError)
  })
})
