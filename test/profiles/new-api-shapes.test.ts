import { createAnthropic } from '@ai-sdk/anthropic'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { createOpenAI } from '@ai-sdk/openai'
import Anthropic from '@anthropic-ai/sdk'
import { GoogleGenAI } from '@google/genai'
import { generateText, streamText } from 'ai'
import OpenAI from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import { setupServer } from 'msw/node'
import { createGateway } from '../../src/index.ts'
import { eitherMode, useHarness, type Harness } from '../support/modes.ts'

const flash = 'gemini-2.5-flash'
const hello = [{ role: 'user' as const, content: 'Hello' }]

/** A raw GET: status, headers, the body's text and its parsed value. */
async function get(harness: Harness, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${harness.baseUrl}${path}`, { headers })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as any }
}

/** The Gemini stream's events, parsed. */
async function geminiEvents(harness: Harness, model: string) {
  const response = await fetch(`${harness.baseUrl}/v1beta/models/${model}:streamGenerateContent?key=sk-unrestricted`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hello' }] }] }),
  })
  return (await response.text())
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => JSON.parse(event.slice(6)) as any)
}

describe.each(eitherMode)('the new-api profile: shapes and official clients ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })
  afterEach(() => harness.gateway.reset())

  describe('model lists, as new-api writes them (keys in Go map order)', () => {
    it('GET /v1/models: data, object, success; every model created 2021-07-20; X-Oneapi-Request-Id and X-New-Api-Version, no vendor request id', async () => {
      const { status, headers, text } = await get(harness, '/v1/models', { authorization: 'Bearer sk-limited' })
      expect(status).toBe(200)
      expect(text).toBe(
        '{"data":[' +
          '{"id":"gpt-4o-mini","object":"model","created":1626777600,"owned_by":"openai","supported_endpoint_types":["openai"]},' +
          '{"id":"gemini-2.5-flash","object":"model","created":1626777600,"owned_by":"google gemini","supported_endpoint_types":["gemini","openai"]}' +
          '],"object":"list","success":true}',
      )
      expect(headers.get('x-oneapi-request-id')).toMatch(/^\d{23}6d6f636b\w{8}$/)
      expect(headers.get('x-new-api-version')).toBe('v1.0.0-rc.30')
      expect(headers.has('x-request-id')).toBe(false)
    })

    it('GET /v1/models with ?key= or x-goog-api-key: the Gemini list, bare names and nulls', async () => {
      const viaQuery = await get(harness, '/v1/models?key=sk-limited')
      const viaHeader = await get(harness, '/v1/models', { 'x-goog-api-key': 'sk-limited' })
      expect(viaHeader.text).toBe(viaQuery.text)
      expect(viaQuery.text).toBe(
        '{"models":[' +
          ['gpt-4o-mini', flash]
            .map(
              (id) =>
                `{"name":"${id}","baseModelId":null,"version":null,"displayName":"${id}","description":null,"inputTokenLimit":null,"outputTokenLimit":null,` +
                '"supportedGenerationMethods":null,"thinking":null,"temperature":null,"maxTemperature":null,"topP":null,"topK":null}',
            )
            .join(',') +
          '],"nextPageToken":null}',
      )
    })

    it('GET /v1beta/models ignores paging: every model at once, nextPageToken null', async () => {
      const { body } = await get(harness, '/v1beta/models?key=sk-unrestricted&pageSize=1')
      expect(body.models.map((model: { name: string }) => model.name)).toEqual([
        'gpt-4o-mini',
        'gpt-4o',
        'claude-sonnet-4-6',
        flash,
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
      expect(body.nextPageToken).toBeNull()
    })

    it('the Anthropic list needs both x-api-key and anthropic-version; with a Bearer key it is the OpenAI list', async () => {
      const anthropic = await get(harness, '/v1/models', { 'x-api-key': 'sk-limited', 'anthropic-version': '2023-06-01' })
      expect(anthropic.text).toBe(
        '{"data":[' +
          '{"id":"gpt-4o-mini","created_at":"2021-07-20T10:40:00Z","display_name":"gpt-4o-mini","type":"model"},' +
          '{"id":"gemini-2.5-flash","created_at":"2021-07-20T10:40:00Z","display_name":"gemini-2.5-flash","type":"model"}' +
          '],"first_id":"gpt-4o-mini","has_more":false,"last_id":"gemini-2.5-flash"}',
      )
      const bearer = await get(harness, '/v1/models', { authorization: 'Bearer sk-limited', 'anthropic-version': '2023-06-01' })
      expect(bearer.body.object).toBe('list')
    })

    it('GET /v1/models/{model} looks in the table of known upstream models, whatever the key may use', async () => {
      const { status, text } = await get(harness, '/v1/models/gpt-4o', { authorization: 'Bearer sk-limited' })
      expect(status).toBe(200)
      expect(text).toBe('{"id":"gpt-4o","object":"model","created":1626777600,"owned_by":"openai","supported_endpoint_types":null}')
    })
  })

  describe('Gemini replies: native for Gemini models, converted for the others', () => {
    const generate = async (model: string) => {
      const response = await fetch(`${harness.baseUrl}/v1beta/models/${model}:generateContent?key=sk-unrestricted`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hello' }] }] }),
      })
      return (await response.json()) as any
    }

    it("a Gemini model: Google's own response, modelVersion and responseId included", async () => {
      const body = await generate(flash)
      expect(body).toMatchObject({
        modelVersion: flash,
        responseId: expect.any(String),
        usageMetadata: { promptTokensDetails: [{ modality: 'TEXT' }] },
      })
    })

    it("another model: no modelVersion or responseId, safetyRatings [], new-api's usage fields", async () => {
      const body = await generate('gpt-4o-mini')
      expect(body.modelVersion).toBeUndefined()
      expect(body.responseId).toBeUndefined()
      expect(body.candidates[0]).toMatchObject({ finishReason: 'STOP', index: 0, safetyRatings: [] })
      expect(Object.keys(body.usageMetadata)).toEqual([
        'promptTokenCount',
        'toolUsePromptTokenCount',
        'candidatesTokenCount',
        'totalTokenCount',
        'thoughtsTokenCount',
        'cachedContentTokenCount',
        'promptTokensDetails',
        'toolUsePromptTokensDetails',
        'candidatesTokensDetails',
      ])
    })

    it('another model streamed: finishReason null until an extra empty last chunk, usage on every chunk', async () => {
      const events = await geminiEvents(harness, 'gpt-4o-mini')
      const last = events.at(-1)
      expect(
        events.slice(0, -1).every((event) => event.candidates[0].finishReason === null && event.usageMetadata.candidatesTokenCount === 0),
      ).toBe(true)
      expect(last.candidates[0]).toEqual({ content: { role: 'model', parts: [] }, finishReason: 'STOP', index: 0, safetyRatings: [] })
      expect(last.usageMetadata.candidatesTokenCount).toBeGreaterThan(0)
      const native = await geminiEvents(harness, flash)
      expect(native.at(-1).modelVersion).toBe(flash)
    })

    it(':countTokens is answered and billed as a generateContent', async () => {
      const response = await fetch(`${harness.baseUrl}/v1beta/models/${flash}:countTokens?key=sk-unrestricted`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hello' }] }] }),
      })
      expect(response.status).toBe(200)
      expect(((await response.json()) as any).candidates[0].content.parts[0].text).toContain('mock reply')
      expect(harness.gateway.journal.entries.at(-1)?.quota).toBeGreaterThan(0)
    })
  })

  describe('where keys are read', () => {
    const relayGenerate = (headers: Record<string, string>) =>
      fetch(`${harness.baseUrl}/v1/models/${flash}:generateContent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }),
      })

    it('x-api-key works on /v1/models/{model}:{action}, as TokenAuth reads it on every path containing /v1/models', async () => {
      expect((await relayGenerate({ 'x-api-key': 'sk-unrestricted' })).status).toBe(200)
    })

    it('x-goog-api-key beats ?key=, which beats Authorization', async () => {
      expect(
        (await get(harness, '/v1beta/models?key=sk-disabled', { 'x-goog-api-key': 'sk-unrestricted', authorization: 'Bearer sk-disabled' }))
          .status,
      ).toBe(200)
      expect((await get(harness, '/v1beta/models?key=sk-unrestricted', { authorization: 'Bearer sk-disabled' })).status).toBe(200)
    })

    it('?key= means nothing on chat completions: 401', async () => {
      const response = await fetch(`${harness.baseUrl}/v1/chat/completions?key=sk-unrestricted`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: hello }),
      })
      expect(response.status).toBe(401)
    })
  })

  describe('the official SDKs against new-api', () => {
    it('openai: models.list, chat.completions.create and a stream', async () => {
      const client = new OpenAI({ apiKey: 'sk-limited', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
      const models = []
      for await (const model of client.models.list()) models.push(model.id)
      expect(models).toEqual(['gpt-4o-mini', flash])
      const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: hello })
      expect(completion.choices[0]?.message.content).toContain('mock reply')
      let streamed = ''
      for await (const chunk of await client.chat.completions.create({ model: 'gpt-4o-mini', messages: hello, stream: true }))
        streamed += chunk.choices[0]?.delta.content ?? ''
      expect(streamed).toBe(completion.choices[0]?.message.content)
    })

    it('anthropic: models.list (the new-api shape), messages.create and a stream', async () => {
      const client = new Anthropic({ apiKey: 'sk-vip', baseURL: harness.baseUrl, maxRetries: 0 })
      const models = []
      for await (const model of client.models.list()) models.push(model.id)
      expect(models).toEqual([
        'gpt-4o',
        'claude-opus-4-1',
        'gemini-2.5-pro',
        flash,
        'text-embedding-3-large',
        'gemini-embedding-001',
        'dall-e-3',
        'tts-1',
        'whisper-1',
        'gpt-realtime',
      ])
      const message = await client.messages.create({ model: 'claude-opus-4-1', max_tokens: 256, messages: hello })
      expect(message.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('mock reply') })
      const final = await client.messages.stream({ model: 'claude-opus-4-1', max_tokens: 256, messages: hello }).finalMessage()
      expect(final.content).toEqual(message.content)
    })

    it('@google/genai: models.list (bare names, nextPageToken null), generateContent and a stream', async () => {
      const genai = new GoogleGenAI({ apiKey: 'sk-limited', httpOptions: { baseUrl: harness.baseUrl, apiVersion: 'v1beta' } })
      const names = []
      for await (const model of await genai.models.list()) names.push(model.name)
      expect(names).toEqual(['gpt-4o-mini', flash])
      const response = await genai.models.generateContent({ model: flash, contents: 'Hello' })
      expect(response.text).toContain('mock reply')
      let streamed = ''
      for await (const chunk of await genai.models.generateContentStream({ model: 'gpt-4o-mini', contents: 'Hello' }))
        streamed += chunk.text ?? ''
      expect(streamed).toContain('mock reply from gpt-4o-mini')
    })

    it('the AI SDK on its OpenAI chat, Anthropic and Google providers', async () => {
      const openai = createOpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1` })
      const anthropic = createAnthropic({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1` })
      const google = createGoogleGenerativeAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1beta` })
      for (const model of [openai.chat('gpt-4o-mini'), anthropic('claude-sonnet-4-6'), google(flash), google('gpt-4o-mini')]) {
        const result = await generateText({ model, prompt: 'Hello', maxRetries: 0 })
        expect(result.text).toContain('mock reply')
        const streamed = streamText({ model, prompt: 'Hello', maxRetries: 0 })
        const parts = []
        for await (const part of streamed.fullStream) parts.push(part)
        expect(parts.filter((part) => part.type === 'error')).toEqual([])
        expect(await streamed.text).toBe(result.text)
      }
    })
  })
})

describe('a scenario sets the profile', () => {
  it('turns a spec gateway into new-api while it is active, and reset turns it back', async () => {
    const gateway = await createGateway()
    const badKey = async () => {
      const server = setupServer(...gateway.handlers)
      server.listen({ onUnhandledFrame: 'error' })
      try {
        const response = await fetch('http://gateway.test/v1/chat/completions', {
          method: 'POST',
          headers: { authorization: 'Bearer sk-nope', 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-4o-mini', messages: hello }),
        })
        return (await response.json()) as any
      } finally {
        server.close()
      }
    }
    expect((await badKey()).error.code).toBe('invalid_api_key')
    await gateway.useScenario({ name: 'production gateway', profile: 'new-api' })
    expect(gateway.profile.name).toBe('new-api')
    expect(await badKey()).toEqual({
      error: { code: '', message: expect.stringMatching(/^Invalid token \(request id: \w+\)$/), type: 'new_api_error' },
    })
    await gateway.reset()
    expect(gateway.profile.name).toBe('spec')
    expect((await badKey()).error.code).toBe('invalid_api_key')
  })
})
