import Anthropic from '@anthropic-ai/sdk'
import { describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../support/modes.ts'

describe.each(eitherMode)('unknown routes ($name)', (mode) => {
  const harness = useHarness(mode)

  const request = (method: string, path: string) => fetch(`${harness.baseUrl}${path}`, { method })

  it.each([
    [
      'GET',
      '/v1/embeddings/nothing',
      { error: { message: 'Invalid URL (GET /v1/embeddings/nothing)', type: 'invalid_request_error', param: null, code: 'invalid_url' } },
    ],
    [
      'DELETE',
      '/v1/models',
      { error: { message: 'Invalid URL (DELETE /v1/models)', type: 'invalid_request_error', param: null, code: 'invalid_url' } },
    ],
    [
      'GET',
      '/v1beta/openai/chat',
      { error: { message: 'Invalid URL (GET /v1beta/openai/chat)', type: 'invalid_request_error', param: null, code: 'invalid_url' } },
    ],
    ['GET', '/api/nothing/here', { success: false, message: 'Invalid URL (GET /api/nothing/here)' }],
    ['POST', '/api/status', { success: false, message: 'Invalid URL (POST /api/status)' }],
  ])('%s %s: 404 in the surface envelope', async (method, path, body) => {
    const response = await request(method, path)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual(body)
  })

  it("answers a wrong method on the model routes in Anthropic's envelope when the client speaks Anthropic", async () => {
    for (const path of ['/v1/models', '/v1/models/claude-sonnet-4-6']) {
      const response = await fetch(`${harness.baseUrl}${path}`, { method: 'DELETE', headers: { 'anthropic-version': '2023-06-01' } })
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({
        type: 'error',
        error: { type: 'not_found_error', message: `Invalid URL (DELETE ${path})` },
      })
    }
  })

  it('reads a GET of /v1/models/{id} as the model lookup even when the id holds colons, and any other method there as a Gemini action', async () => {
    // Fine-tuned OpenAI model ids hold colons, like Gemini's `{model}:{action}` paths.
    const lookup = await fetch(`${harness.baseUrl}/v1/models/ft:gpt-4o-mini:acme::abc123`, {
      headers: { authorization: 'Bearer sk-unrestricted' },
    })
    expect(await lookup.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'model_not_found' } })
    const action = await request('POST', '/v1/models/gemini-2.5-flash:unknownAction')
    expect(action.status).toBe(404)
    expect(await action.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } })
  })

  it("answers /v1beta paths in Google's envelope", async () => {
    const response = await request('GET', '/v1beta/tunedModels')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({
      error: { code: 404, status: 'NOT_FOUND', message: 'Invalid URL (GET /v1beta/tunedModels)' },
    })
  })

  it("answers /v1/messages paths in Anthropic's envelope, which the SDK parses", async () => {
    const response = await request('PUT', '/v1/messages/batches')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({
      type: 'error',
      error: { type: 'not_found_error', message: 'Invalid URL (PUT /v1/messages/batches)' },
    })

    const client = new Anthropic({ apiKey: 'sk-unrestricted', baseURL: harness.baseUrl, maxRetries: 0 })
    const error = await client.beta.files.list().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Anthropic.NotFoundError)
  })
})
