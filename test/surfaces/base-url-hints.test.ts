import Anthropic from '@anthropic-ai/sdk'
import { createAnthropic } from '@ai-sdk/anthropic'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { ApiError, GoogleGenAI } from '@google/genai'
import { APICallError, generateText } from 'ai'
import { ApiError as ApiError2, GoogleGenAI as GoogleGenAI2 } from 'genai-v2'
import { setupServer } from 'msw/node'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createGateway } from '../../src/index.ts'
import { eitherMode, modes, useHarness } from '../support/modes.ts'

// Each official client given the wrong base URL, as users do: the gateway answers in the
// envelope that client parses, and the message names the base URL to give it instead. Each test
// then follows the hint and checks the client works.

const hello = [{ role: 'user' as const, content: 'Hello' }]

/** What a call threw (it must throw). */
async function rejection(call: Promise<unknown>): Promise<Error & { status?: number; statusCode?: number }> {
  const thrown: unknown = await call.then(
    () => new Error('expected the call to fail'),
    (error: unknown) => error,
  )
  return thrown as Error & { status?: number; statusCode?: number }
}

/** The one match of `pattern`'s group in `text`. */
function picked(text: string, pattern: RegExp): string {
  const match = text.match(pattern)
  expect(match, `${pattern} in ${text}`).not.toBeNull()
  return match![1]!
}

describe.each(eitherMode)('a wrong base URL gets a 404 that names the right one ($name)', (mode) => {
  const harness = useHarness(mode)

  it('the Anthropic SDK given …/v1 (it appends /v1 itself)', async () => {
    const client = (baseURL: string) => new Anthropic({ apiKey: 'sk-unrestricted', baseURL, maxRetries: 0 })
    const error = await rejection(
      client(`${harness.baseUrl}/v1`).messages.create({ model: 'claude-sonnet-4-6', max_tokens: 16, messages: hello }),
    )
    expect(error).toBeInstanceOf(Anthropic.NotFoundError)
    expect(error.message).toContain(
      `Invalid URL (POST /v1/v1/messages). The Anthropic SDK appends /v1 itself: give it baseURL ${harness.baseUrl} (without /v1).`,
    )
    const fixed = picked(error.message, /give it baseURL (\S+) \(without/)
    const reply = await client(fixed).messages.create({ model: 'claude-sonnet-4-6', max_tokens: 16, messages: hello })
    expect(reply.type).toBe('message')
  })

  it("the AI SDK's Anthropic provider given the origin alone (it wants /v1)", async () => {
    const model = (baseURL: string) => createAnthropic({ apiKey: 'sk-unrestricted', baseURL })('claude-sonnet-4-6')
    const error = await rejection(generateText({ model: model(harness.baseUrl), prompt: 'Hello', maxRetries: 0 }))
    expect(APICallError.isInstance(error)).toBe(true)
    expect(error.statusCode).toBe(404)
    expect(error.message).toBe(
      `Invalid URL (POST /messages). Anthropic paths are below ${harness.baseUrl}/v1: give the AI SDK's Anthropic provider (@ai-sdk/anthropic) baseURL ${harness.baseUrl}/v1 (the Anthropic SDK takes ${harness.baseUrl} and appends /v1 itself).`,
    )
    const fixed = picked(error.message, /\(@ai-sdk\/anthropic\) baseURL (\S+)/)
    expect((await generateText({ model: model(fixed), prompt: 'Hello', maxRetries: 0 })).text).toContain('mock reply')
  })

  it("the AI SDK's Google provider given the origin alone (it wants /v1beta)", async () => {
    const model = (baseURL: string) => createGoogleGenerativeAI({ apiKey: 'sk-unrestricted', baseURL })('gemini-2.5-flash')
    const error = await rejection(generateText({ model: model(harness.baseUrl), prompt: 'Hello', maxRetries: 0 }))
    expect(APICallError.isInstance(error)).toBe(true)
    expect(error.statusCode).toBe(404)
    expect(error.message).toBe(
      `Invalid URL (POST /models/gemini-2.5-flash:generateContent). Gemini paths are below ${harness.baseUrl}/v1beta: give the AI SDK's Google provider (@ai-sdk/google) baseURL ${harness.baseUrl}/v1beta (@google/genai takes httpOptions: { baseUrl: '${harness.baseUrl}' } and adds the version itself).`,
    )
    const fixed = picked(error.message, /\(@ai-sdk\/google\) baseURL (\S+)/)
    expect((await generateText({ model: model(fixed), prompt: 'Hello', maxRetries: 0 })).text).toContain('mock reply')
  })

  it.each([
    [
      '@google/genai 3',
      (baseUrl: string) => new GoogleGenAI({ apiKey: 'sk-unrestricted', httpOptions: { baseUrl } }),
      ApiError,
      '/v1beta/v1',
    ],
    [
      '@google/genai 2',
      (baseUrl: string) => new GoogleGenAI2({ apiKey: 'sk-unrestricted', httpOptions: { baseUrl } }),
      ApiError2,
      '/v1beta/v1beta',
    ],
  ])('%s given …/v1beta (it adds the version itself)', async (_name, client, errorClass, sent) => {
    const error = await rejection(
      client(`${harness.baseUrl}/v1beta`).models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hello' }),
    )
    expect(error).toBeInstanceOf(errorClass)
    expect(error.status).toBe(404)
    expect(error.message).toContain(
      `Invalid URL (POST ${sent}/models/gemini-2.5-flash:generateContent). @google/genai adds the API version itself: give it httpOptions: { baseUrl: '${harness.baseUrl}', apiVersion: 'v1beta' } (no version in baseUrl).`,
    )
    const fixed = new GoogleGenAI({
      apiKey: 'sk-unrestricted',
      httpOptions: { baseUrl: picked(error.message, /baseUrl: '([^']+)'/), apiVersion: picked(error.message, /apiVersion: '([^']+)'/) },
    })
    expect((await fixed.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hello' })).text).toContain('mock reply')
  })

  it('@google/genai 3 listing models without apiVersion (it calls /v1/models): 401 that says to set it', async () => {
    const client = (apiVersion?: string) =>
      new GoogleGenAI({ apiKey: 'sk-unrestricted', httpOptions: { baseUrl: harness.baseUrl, ...(apiVersion && { apiVersion }) } })
    const error = await rejection(client().models.list())
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(401)
    expect(error.message).toContain(
      `Gemini clients get models from GET ${harness.baseUrl}/v1beta/models: give @google/genai \`httpOptions: { apiVersion: 'v1beta' }\` (3.x calls /v1 by default).`,
    )
    const pager = await client(picked(error.message, /apiVersion: '([^']+)'/)).models.list()
    expect(pager.page.map((model) => model.name)).toContain('models/gemini-2.5-flash')
  })

  it('the OpenAI SDK given the origin alone (it wants /v1)', async () => {
    const client = (baseURL: string) => new OpenAI({ apiKey: 'sk-unrestricted', baseURL, maxRetries: 0 })
    const error = await rejection(client(harness.baseUrl).chat.completions.create({ model: 'gpt-4o-mini', messages: hello }))
    expect(error).toBeInstanceOf(OpenAI.NotFoundError)
    expect(error.message).toBe(
      `404 Invalid URL (POST /chat/completions). OpenAI paths are below ${harness.baseUrl}/v1: give the OpenAI SDK (or @ai-sdk/openai) baseURL ${harness.baseUrl}/v1 (a client that appends /v1 itself takes ${harness.baseUrl}).`,
    )
    const fixed = picked(error.message, /\(or @ai-sdk\/openai\) baseURL (\S+)/)
    const reply = await client(fixed).chat.completions.create({ model: 'gpt-4o-mini', messages: hello })
    expect(reply.object).toBe('chat.completion')
  })

  it.each([
    ['GET', '/v1/v1/models', { authorization: 'Bearer sk-limited' }, 'openai', 'base_url_openai'],
    ['GET', '/v1/v1/models', { 'anthropic-version': '2023-06-01', 'x-api-key': 'sk-limited' }, 'anthropic', 'base_url_anthropic_sdk'],
    ['GET', '/v1beta/v1/models', { 'x-goog-api-key': 'sk-limited' }, 'gemini', 'base_url_genai'],
    ['POST', '/v1/v1beta/models/gemini-2.5-flash:streamGenerateContent', {}, 'gemini', 'base_url_genai'],
    ['POST', '/v1beta/messages', {}, 'anthropic', 'base_url_anthropic_ai_sdk'],
    ['POST', '/v1beta/v1/messages/count_tokens', {}, 'anthropic', 'base_url_anthropic_sdk'],
    ['POST', '/v1beta/openai/chat/completions', {}, 'openai', 'base_url_openai'],
    ['POST', '/v1/v1/chat/completions', {}, 'openai', 'base_url_openai'],
  ])('%s %s %j: the hint of the client that sends it, in its envelope, in the journal', async (method, path, headers, surface, code) => {
    const response = await fetch(`${harness.baseUrl}${path}`, { method, headers })
    expect(response.status).toBe(404)
    const body = (await response.json()) as { error: { message: string } }
    expect(body.error.message).toMatch(
      new RegExp(`^Invalid URL \\(${method} ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)\\. .*${harness.baseUrl}`),
    )
    expect(harness.gateway.journal.entries.at(-1)).toMatchObject({ path, surface, status: 404, error: code })
  })

  it.each([
    ['POST', '/v1/models/gemini-2.5-flash:predict'],
    ['POST', '/v1beta/models/gemini-2.5-flash:asyncBatchEmbedContent'],
    ['POST', '/v1/messages/batches'],
    ['GET', '/v1beta/openai/chat'],
  ])('%s %s under its right prefix keeps the plain 404', async (method, path) => {
    const response = await fetch(`${harness.baseUrl}${path}`, { method, headers: { 'x-goog-api-key': 'sk-limited' } })
    expect(response.status).toBe(404)
    expect(JSON.stringify(await response.json())).toContain(`"Invalid URL (${method} ${path})"`)
  })
})

describe.each(eitherMode)('the new-api profile answers a wrong base URL as NoRoute does, without a hint ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })

  it('the Anthropic SDK given …/v1 and the AI SDK Google provider without /v1beta get the bare 404', async () => {
    const anthropic = new Anthropic({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
    const error = await rejection(anthropic.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 16, messages: hello }))
    expect(error).toBeInstanceOf(Anthropic.NotFoundError)
    expect(error.message).toBe(
      '404 {"error":{"message":"Invalid URL (POST /v1/v1/messages)","type":"invalid_request_error","param":"","code":""}}',
    )

    const google = createGoogleGenerativeAI({ apiKey: 'sk-unrestricted', baseURL: harness.baseUrl })('gemini-2.5-flash')
    // The provider cannot parse new-api's OpenAI-style body (its `code` is ""), so it shows the status text.
    const aiError = await rejection(generateText({ model: google, prompt: 'Hello', maxRetries: 0 }))
    expect(APICallError.isInstance(aiError) && aiError.responseBody).toBe(
      '{"error":{"message":"Invalid URL (POST /models/gemini-2.5-flash:generateContent)","type":"invalid_request_error","param":"","code":""}}',
    )
    expect(aiError.statusCode).toBe(404)
  })

  it('@google/genai 3 lists models without apiVersion, as new-api answers a Gemini key on /v1/models', async () => {
    const client = new GoogleGenAI({ apiKey: 'sk-unrestricted', httpOptions: { baseUrl: harness.baseUrl } })
    expect((await client.models.list()).page.map((model) => model.name)).toContain('gemini-2.5-flash')
  })
})

describe('in process, root paths are taken only with their API header', () => {
  const server = setupServer()
  beforeAll(async () => {
    const gateway = await createGateway()
    server.use(...gateway.handlers)
    server.listen({ onUnhandledFrame: 'error' })
  })
  afterAll(() => server.close())

  it.each([
    ['POST', '/messages', {}],
    ['POST', '/chat/completions', {}],
    ['POST', '/models/gemini-2.5-flash:generateContent', {}],
    ['GET', '/models', { authorization: 'Bearer app-session' }],
    ['POST', '/messages', { authorization: 'Bearer app-session' }],
  ])("leaves the app's own %s %s %j alone", async (method, path, headers) => {
    // msw reports the unhandled request on console.error: catch it, so that it is asserted rather than printed.
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(fetch(`http://app.test${path}`, { method, headers })).rejects.toThrow(/without a matching request handler|fetch failed/)
      expect(printed.mock.calls.flat().join('\n')).toContain(`${method} http://app.test${path}`)
    } finally {
      printed.mockRestore()
    }
  })

  it('takes them when they carry it', async () => {
    const anthropic = await fetch('http://app.test/messages', { method: 'POST', headers: { 'anthropic-version': '2023-06-01' } })
    expect(anthropic.status).toBe(404)
    expect(await anthropic.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } })
    const gemini = await fetch('http://app.test/models/gemini-2.5-flash:generateContent?key=sk-limited', { method: 'POST' })
    expect(gemini.status).toBe(404)
    expect(await gemini.json()).toMatchObject({ error: { status: 'NOT_FOUND' } })
  })
})

describe('the HTTP server takes root API paths without their header too', () => {
  const [httpMode] = modes
  const harness = useHarness(httpMode!)

  it('answers curl-style requests with the hint, and other root paths as before', async () => {
    const chat = await fetch(`${harness.baseUrl}/chat/completions`, { method: 'POST' })
    expect(chat.status).toBe(404)
    expect(((await chat.json()) as { error: { message: string } }).error.message).toContain(`baseURL ${harness.baseUrl}/v1`)
    const other = await fetch(`${harness.baseUrl}/favicon.ico`)
    expect(other.status).toBe(404)
    expect(await other.json()).toMatchObject({
      error: { message: 'Not a gateway route: GET /favicon.ico. The gateway serves /v1, /v1beta and /api.' },
    })
  })
})
