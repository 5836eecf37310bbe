import { ApiError, GoogleGenAI } from '@google/genai'
import { describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../../support/modes.ts'

describe.each(eitherMode)('@google/genai model discovery ($name)', (mode) => {
  const harness = useHarness(mode)

  const client = (apiKey: string, apiVersion = 'v1beta') =>
    new GoogleGenAI({ apiKey, httpOptions: { baseUrl: harness.baseUrl, apiVersion } })

  it('pages through the list with pageSize and stops after the last page', async () => {
    const pager = await client('sk-unrestricted').models.list({ config: { pageSize: 2 } })
    const names: string[] = []
    for await (const model of pager) names.push(model.name ?? '')
    expect(names).toEqual([
      'models/gpt-4o-mini',
      'models/gpt-4o',
      'models/claude-sonnet-4-6',
      'models/gemini-2.5-flash',
      'models/small-context-4k',
      'models/text-embedding-3-small',
      'models/text-embedding-3-large',
      'models/gemini-embedding-001',
      'models/gpt-3.5-turbo-instruct',
      'models/dall-e-3',
      'models/dall-e-2',
      'models/dall-e',
      'models/tts-1',
      'models/whisper-1',
      'models/omni-moderation-latest',
      'models/text-moderation-stable',
      'models/jina-reranker-v2-base-multilingual',
      'models/gpt-realtime',
    ])
  })

  it('gets one model with its limits and supported actions', async () => {
    const model = await client('sk-vip').models.get({ model: 'gemini-2.5-pro' })
    expect(model).toMatchObject({
      name: 'models/gemini-2.5-pro',
      displayName: 'Gemini 2.5 Pro',
      inputTokenLimit: 1_048_576,
      outputTokenLimit: 65_536,
      supportedActions: ['generateContent', 'streamGenerateContent', 'countTokens'],
    })
  })

  it('lists an embedding model with the embedding actions, its input limit and an output limit of 1', async () => {
    const model = await client('sk-unrestricted').models.get({ model: 'gemini-embedding-001' })
    expect(model).toMatchObject({
      name: 'models/gemini-embedding-001',
      inputTokenLimit: 2048,
      outputTokenLimit: 1,
      supportedActions: ['embedContent', 'batchEmbedContents', 'countTokens'],
    })
    expect(model.temperature).toBeUndefined()
  })

  it('throws ApiError 404 for a model outside the key group', async () => {
    const error = await client('sk-limited')
      .models.get({ model: 'gemini-2.5-pro' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(404)
    expect((error as ApiError).message).toContain('NOT_FOUND')
  })

  it('throws ApiError 401 UNAUTHENTICATED for a disabled key', async () => {
    const error = await client('sk-disabled')
      .models.list()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
    expect(JSON.parse((error as ApiError).message)).toMatchObject({
      error: { code: 401, status: 'UNAUTHENTICATED', details: [{ reason: 'invalid_api_key' }] },
    })
  })

  it('refuses the /v1 model list (the 3.x default) with a pointer to /v1beta/models', async () => {
    const error = await client('sk-unrestricted', 'v1')
      .models.list()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
    expect((error as ApiError).message).toContain(
      `GET ${harness.baseUrl}/v1beta/models: give @google/genai \`httpOptions: { apiVersion: 'v1beta' }\``,
    )
  })
})
