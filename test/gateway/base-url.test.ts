import Anthropic from '@anthropic-ai/sdk'
import { setupServer } from 'msw/node'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createGateway } from '../../src/index.ts'

describe('createGateway({ baseUrl }) under setupServer', () => {
  const server = setupServer()
  beforeAll(async () => {
    const gateway = await createGateway({ baseUrl: 'https://gateway.test/proxy/' })
    server.use(...gateway.handlers)
    server.listen({ onUnhandledFrame: 'error' })
  })
  afterAll(() => server.close())

  it('serves the gateway below the base URL path', async () => {
    const client = new OpenAI({ apiKey: 'sk-limited', baseURL: 'https://gateway.test/proxy/v1' })
    expect((await client.models.list()).data.map((model) => model.id)).toEqual(['gpt-4o-mini', 'gemini-2.5-flash'])
  })

  it('404s unknown paths below the base URL in the surface envelope', async () => {
    const response = await fetch('https://gateway.test/proxy/v1beta/nothing')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: { status: 'NOT_FOUND', message: 'Invalid URL (GET /proxy/v1beta/nothing)' } })
  })

  it('names the base URL, path included, when a client is given the wrong one', async () => {
    const client = new Anthropic({ apiKey: 'sk-unrestricted', baseURL: 'https://gateway.test/proxy/v1', maxRetries: 0 })
    const error = await client.messages
      .create({ model: 'claude-sonnet-4-6', max_tokens: 16, messages: [{ role: 'user', content: 'Hello' }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Anthropic.NotFoundError)
    expect((error as Error).message).toContain(
      'Invalid URL (POST /proxy/v1/v1/messages). The Anthropic SDK appends /v1 itself: give it baseURL https://gateway.test/proxy (without /v1).',
    )
  })

  it('leaves other origins alone', async () => {
    // msw reports the unhandled request on console.error: catch it, so that it is asserted rather than printed.
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(fetch('https://elsewhere.test/v1/models')).rejects.toThrow(/without a matching request handler|fetch failed/)
      expect(printed.mock.calls.flat().join('\n')).toContain('GET https://elsewhere.test/v1/models')
    } finally {
      printed.mockRestore()
    }
  })

  it('rejects a base URL that is not absolute', async () => {
    await expect(createGateway({ baseUrl: '/v1' })).rejects.toThrow('baseUrl: must be an absolute URL')
  })
})

describe('createGateway({ baseUrl }) with an origin alone, under setupServer', () => {
  const server = setupServer()
  beforeAll(async () => {
    const gateway = await createGateway({ baseUrl: 'https://gateway.test/' })
    server.use(...gateway.handlers)
    server.listen({ onUnhandledFrame: 'error' })
  })
  afterAll(() => server.close())

  it('404s unknown paths in the surface envelope (the base path is empty, not "/")', async () => {
    const response = await fetch('https://gateway.test/v1beta/nothing')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: { status: 'NOT_FOUND', message: 'Invalid URL (GET /v1beta/nothing)' } })
  })
})
