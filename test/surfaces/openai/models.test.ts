import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../../support/modes.ts'

describe.each(eitherMode)('openai SDK model discovery ($name)', (mode) => {
  const harness = useHarness(mode)

  // Clients are built inside each test: openai captures fetch when constructed (after msw listens).
  const client = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })

  it('lists only the models the key may see', async () => {
    const page = await client('sk-limited').models.list()
    expect(page.data.map((model) => model.id)).toEqual(['gpt-4o-mini', 'gemini-2.5-flash'])
    expect(page.data[0]).toEqual({
      id: 'gpt-4o-mini',
      object: 'model',
      created: 1626777600,
      owned_by: 'openai',
      supported_endpoint_types: ['openai'],
    })
  })

  it('hides unpriced models and models outside the key group', async () => {
    const ids = (await client('sk-unrestricted').models.list()).data.map((model) => model.id)
    expect(ids).toEqual([
      'gpt-4o-mini',
      'gpt-4o',
      'claude-sonnet-4-6',
      'gemini-2.5-flash',
      'small-context-4k',
      'text-embedding-3-small',
      'text-embedding-3-large',
      'gemini-embedding-001',
      'gpt-3.5-turbo-instruct',
      'dall-e-3',
      'dall-e-2',
      'dall-e',
      'tts-1',
      'whisper-1',
      'omni-moderation-latest',
      'text-moderation-stable',
      'jina-reranker-v2-base-multilingual',
      'gpt-realtime',
    ])
    expect(ids).not.toContain('unpriced-model')
    expect(ids).not.toContain('gemini-2.5-pro')
  })

  // The list a key was last given is kept as text and compared with the world on every request
  // (openai-model-list-text.ts): a record changed in place must show on the next request.
  it('shows a change of the world at once, made in place or through the collections', async () => {
    const { world } = harness.gateway
    const list = async () => (await client('sk-limited').models.list()).data
    const token = world.tokens.all().find((record) => record.key === 'sk-limited')!
    const model = world.models.all().find((record) => record.id === 'gpt-4o-mini')!
    try {
      expect((await list()).map((entry) => entry.id)).toEqual(['gpt-4o-mini', 'gemini-2.5-flash'])
      model.ownedBy = 'someone-else'
      expect((await list())[0]).toMatchObject({ id: 'gpt-4o-mini', owned_by: 'someone-else' })
      model.endpointTypes.push('embeddings')
      expect((await list())[0]).toMatchObject({ supported_endpoint_types: ['openai', 'embeddings'] })
      model.created = 1_700_000_000
      expect((await list())[0]).toMatchObject({ created: 1_700_000_000 })
      token.modelLimits!.push('gpt-4o')
      expect((await list()).map((entry) => entry.id)).toEqual(['gpt-4o-mini', 'gpt-4o', 'gemini-2.5-flash'])
      await world.tokens.update((q) => q.where({ key: 'sk-limited' }), {
        data(record) {
          record.group = 'vip'
        },
      })
      expect((await list()).map((entry) => entry.id)).toEqual(['gpt-4o', 'gemini-2.5-flash'])
      const vip = world.groups.all().find((group) => group.name === 'vip')!
      vip.models.reverse()
      expect((await list()).map((entry) => entry.id)).toEqual(['gemini-2.5-flash', 'gpt-4o'])
    } finally {
      await harness.gateway.reset()
    }
    expect((await list()).map((entry) => entry.id)).toEqual(['gpt-4o-mini', 'gemini-2.5-flash'])
  })

  it('retrieves a visible model', async () => {
    const model = await client('sk-vip').models.retrieve('gemini-2.5-pro')
    expect(model).toMatchObject({ id: 'gemini-2.5-pro', object: 'model', owned_by: 'google gemini' })
    expect(model._request_id).toMatch(/^\d{23}6d6f636b\w{8}$/)
  })

  it('resolves (HTTP 200) with the error body for a model the key cannot see', async () => {
    const result = (await client('sk-limited').models.retrieve('gpt-4o')) as unknown as { error: Record<string, unknown> }
    expect(result.error).toEqual({
      message: "The model 'gpt-4o' does not exist",
      type: 'invalid_request_error',
      param: 'model',
      code: 'model_not_found',
    })
  })

  it('decodes model ids that the SDK percent-encodes', async () => {
    const result = (await client('sk-unrestricted').models.retrieve('org/with slash')) as unknown as { error: { message: string } }
    expect(result.error.message).toBe("The model 'org/with slash' does not exist")
  })

  it('throws AuthenticationError for an unknown key', async () => {
    const error = await client('sk-nobody-has-this')
      .models.list()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError)
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error' })
    expect((error as Error).message).toContain('no such key')
  })
})
