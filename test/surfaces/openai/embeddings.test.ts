import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../../../src/index.ts'
import { modes, useHarness } from '../../support/modes.ts'
import { rejection } from '../../support/rejection.ts'

const small = 'text-embedding-3-small'
const norm = (vector: readonly number[]) => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0))

describe.each(modes)('openai SDK embeddings ($name)', (mode) => {
  const log: RequestLogEntry[] = []
  const harness = useHarness(mode, { onRequest: (entry) => log.push(entry) })
  // Clients are built inside each test: openai captures fetch when constructed (after msw listens).
  const client = (apiKey = 'sk-unrestricted') => new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const post = (body: unknown, key = 'sk-unrestricted') =>
    fetch(`${harness.baseUrl}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('embeds a string: one unit vector of the model size, with usage', async () => {
    const response = await client().embeddings.create({ model: small, input: 'Hello, embeddings' })
    expect(response).toMatchObject({ object: 'list', model: small, data: [{ object: 'embedding', index: 0 }] })
    const vector = response.data[0]!.embedding
    expect(vector).toHaveLength(1536)
    expect(norm(vector)).toBeCloseTo(1, 5)
    expect(response.usage.prompt_tokens).toBeGreaterThan(0)
    expect(response.usage).toEqual({ prompt_tokens: response.usage.prompt_tokens, total_tokens: response.usage.prompt_tokens })
  })

  it('embeds a list in order, and the same text always the same way', async () => {
    const response = await client().embeddings.create({ model: small, input: ['first text', 'second text', 'first text'] })
    expect(response.data.map((item) => item.index)).toEqual([0, 1, 2])
    const [first, second, again] = response.data.map((item) => item.embedding)
    expect(again).toEqual(first)
    expect(second).not.toEqual(first)
    const alone = await client().embeddings.create({ model: small, input: 'first text' })
    expect(alone.data[0]!.embedding).toEqual(first)
  })

  it('asks for base64 by default and decodes it; float and base64 give the same vector', async () => {
    const asDefault = await client().embeddings.create({ model: small, input: 'one vector, three ways' })
    const asFloat = await client().embeddings.create({ model: small, input: 'one vector, three ways', encoding_format: 'float' })
    expect(asDefault.data[0]!.embedding).toEqual(asFloat.data[0]!.embedding)

    const asBase64 = await client().embeddings.create({ model: small, input: 'one vector, three ways', encoding_format: 'base64' })
    const text = asBase64.data[0]!.embedding as unknown as string
    expect(typeof text).toBe('string')
    const bytes = Buffer.from(text, 'base64')
    expect(bytes).toHaveLength(1536 * 4)
    const decoded = Array.from({ length: 1536 }, (_, i) => bytes.readFloatLE(i * 4))
    expect(decoded).toEqual(asFloat.data[0]!.embedding)
  })

  it('shortens to `dimensions`: the full vector’s first values, renormalised', async () => {
    const full = (await client().embeddings.create({ model: small, input: 'shorten me', encoding_format: 'float' })).data[0]!.embedding
    const short = (await client().embeddings.create({ model: small, input: 'shorten me', dimensions: 256 })).data[0]!.embedding
    expect(short).toHaveLength(256)
    expect(norm(short)).toBeCloseTo(1, 5)
    const scale = norm(full.slice(0, 256))
    short.forEach((value, i) => expect(value).toBeCloseTo(full[i]! / scale, 6))
  })

  it('refuses more dimensions than the model has, naming both', async () => {
    const error = await rejection(client().embeddings.create({ model: small, input: 'too wide', dimensions: 2000 }))
    expect(error).toBeInstanceOf(OpenAI.BadRequestError)
    expect(error).toMatchObject({ status: 400, param: 'dimensions' })
    expect((error as Error).message).toContain('ask for at most 1536, got 2000')
  })

  it('takes token ids, one list or several, and counts them by their number', async () => {
    const one = await post({ model: small, input: [1, 2, 3, 4, 5], encoding_format: 'float' })
    expect(one.status).toBe(200)
    const oneBody = (await one.json()) as { data: unknown[]; usage: { prompt_tokens: number } }
    expect(oneBody.data).toHaveLength(1)
    expect(oneBody.usage.prompt_tokens).toBe(5)

    const several = await post({
      model: small,
      input: [
        [1, 2],
        [3, 4, 5, 6],
      ],
      encoding_format: 'float',
    })
    const body = (await several.json()) as { data: { embedding: number[] }[]; usage: { prompt_tokens: number } }
    expect(body.data.map((item) => item.embedding.length)).toEqual([1536, 1536])
    expect(body.usage.prompt_tokens).toBe(6)
  })

  it('refuses an empty input and a malformed one in the OpenAI envelope', async () => {
    const empty = await post({ model: small, input: '' })
    expect(empty.status).toBe(400)
    expect(await empty.json()).toMatchObject({ error: { param: 'input', message: 'input: must not be an empty string' } })
    const mixed = await post({ model: small, input: ['text', 7] })
    expect(mixed.status).toBe(400)
    expect(await mixed.json()).toMatchObject({
      error: { param: 'input', message: 'input: expected a string, a list of strings, a list of token ids or a list of token-id lists' },
    })
  })

  it('debits input tokens × model ratio × group ratio from key and user, and journals it', async () => {
    const token = harness.gateway.world.findToken('sk-vip')!
    const user = harness.gateway.world.findUser(token.userId)!
    const before = { key: token.remainQuota, user: user.quota }
    const response = await client('sk-vip').embeddings.create({ model: 'text-embedding-3-large', input: 'word '.repeat(1_000) })
    // text-embedding-3-large: ratio 0.065; the vip group: ratio 1.5. An embedding has no completion.
    const expected = Math.round(response.usage.prompt_tokens * 0.065 * 1.5)
    expect(expected).toBeGreaterThan(1)
    expect(token.remainQuota).toBe(before.key - expected)
    expect(user.quota).toBe(before.user - expected)
    expect(log.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/embeddings',
      surface: 'openai',
      model: 'text-embedding-3-large',
      key: 'sk-v…',
      status: 200,
      usage: { promptTokens: response.usage.prompt_tokens, completionTokens: 0 },
      quota: expected,
    })
    await harness.gateway.reset()
  })

  it('refuses an input over the model’s input limit with both numbers, and charges nothing', async () => {
    const token = harness.gateway.world.findToken('sk-low-quota')!
    const error = await rejection(client('sk-low-quota').embeddings.create({ model: small, input: ['short', 'word '.repeat(9_000)] }))
    expect(error).toBeInstanceOf(OpenAI.BadRequestError)
    expect(error).toMatchObject({ status: 400, code: 'context_length_exceeded', param: 'input' })
    expect((error as Error).message).toMatch(/maximum context length is 8191 tokens\. However, you requested 9\d{3} tokens/)
    expect(token.remainQuota).toBe(2)
    expect(log.at(-1)).toMatchObject({ status: 400, error: 'context_too_long' })
  })

  it('refuses a chat model, and the chat routes refuse an embedding model', async () => {
    const chatModel = await rejection(client().embeddings.create({ model: 'gpt-4o-mini', input: 'Hi' }))
    expect(chatModel).toBeInstanceOf(OpenAI.BadRequestError)
    expect(chatModel).toMatchObject({ status: 400, param: 'model' })
    expect((chatModel as Error).message).toContain("The model 'gpt-4o-mini' is a chat model and cannot create embeddings")

    const chat = await rejection(client().chat.completions.create({ model: small, messages: [{ role: 'user', content: 'Hi' }] }))
    expect(chat).toBeInstanceOf(OpenAI.BadRequestError)
    expect((chat as Error).message).toContain(`The model '${small}' is an embedding model and cannot generate text`)

    const anthropic = new Anthropic({ apiKey: 'sk-unrestricted', baseURL: harness.baseUrl, maxRetries: 0 })
    const messages = await rejection(
      anthropic.messages.create({ model: small, max_tokens: 16, messages: [{ role: 'user', content: 'Hi' }] }),
    )
    expect(messages).toBeInstanceOf(Anthropic.BadRequestError)
    expect(log.at(-1)).toMatchObject({ path: '/v1/messages', status: 400, error: 'model_is_embedding' })
  })

  it('answers a bad key 401, and a model outside the key’s limits 404', async () => {
    const badKey = await rejection(client('sk-nobody').embeddings.create({ model: small, input: 'Hi' }))
    expect(badKey).toBeInstanceOf(OpenAI.AuthenticationError)
    expect(badKey).toMatchObject({ status: 401, code: 'invalid_api_key' })
    const limited = await rejection(client('sk-limited').embeddings.create({ model: small, input: 'Hi' }))
    expect(limited).toBeInstanceOf(OpenAI.NotFoundError)
  })

  it('follows a scenario: it fails the request, and nothing is charged', async () => {
    await harness.gateway.useScenario({
      name: 'embeddings down',
      rules: [{ when: { model: small }, then: { fail: { code: 'upstream_error', status: 502 } } }],
    })
    try {
      const alice = harness.gateway.world.findUser(1)!
      const before = alice.quota
      const error = await rejection(client('sk-unrestricted').embeddings.create({ model: small, input: 'Hi' }))
      expect(error).toBeInstanceOf(OpenAI.InternalServerError)
      expect(error).toMatchObject({ status: 502, code: 'upstream_error' })
      expect(log.at(-1)).toMatchObject({ status: 502, decidedBy: expect.stringContaining('embeddings down') })
      expect(alice.quota).toBe(before)
    } finally {
      await harness.gateway.reset()
    }
  })
})

describe.each(modes)('embeddings as new-api answers them ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })
  const client = () => new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const post = (path: string, body: unknown, headers: Record<string, string> = { authorization: 'Bearer sk-unrestricted' }) =>
    fetch(`${harness.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })

  it('passes OpenAI’s answer through for an OpenAI model, base64 included', async () => {
    const response = await post('/v1/embeddings', { model: small, input: 'Hi', encoding_format: 'base64' })
    const body = (await response.json()) as { data: { embedding: unknown }[]; usage: unknown }
    expect(typeof body.data[0]!.embedding).toBe('string')
    expect(body.usage).toEqual({ prompt_tokens: 1, total_tokens: 1 })
  })

  it('converts a Gemini model’s answer: floats even when base64 is asked, new-api’s usage object', async () => {
    const response = await post('/v1/embeddings', { model: 'gemini-embedding-001', input: 'Hi', encoding_format: 'base64' })
    const body = (await response.json()) as { data: { object: string; index: number; embedding: number[] }[]; usage: unknown }
    expect(Object.keys(body)).toEqual(['object', 'data', 'model', 'usage'])
    expect(Object.keys(body.data[0]!)).toEqual(['object', 'index', 'embedding'])
    expect(body.data[0]!.embedding).toHaveLength(3072)
    expect(body.usage).toMatchObject({ prompt_tokens: 1, completion_tokens: 0, total_tokens: 1, input_tokens_details: null })
    // The SDK asked for base64, and takes the floats as they come.
    const viaSdk = await client().embeddings.create({ model: 'gemini-embedding-001', input: 'Hi' })
    expect(viaSdk.data[0]!.embedding).toEqual(body.data[0]!.embedding)
  })

  it('relays the upstream’s refusal of the wrong kind of model', async () => {
    const chatModel = await post('/v1/embeddings', { model: 'gpt-4o-mini', input: 'Hi' })
    expect(chatModel.status).toBe(403)
    expect(await chatModel.json()).toEqual({
      error: {
        message: 'You are not allowed to generate embeddings from this model',
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    })
    const error = await rejection(client().embeddings.create({ model: 'gpt-4o-mini', input: 'Hi' }))
    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError)
    expect(error).toMatchObject({ status: 403, code: null })

    const chat = await post('/v1/chat/completions', { model: small, messages: [{ role: 'user', content: 'Hi' }] })
    expect(chat.status).toBe(404)
    expect(await chat.json()).toEqual({
      error: {
        message: 'This is not a chat model and thus not supported in the v1/chat/completions endpoint. Did you mean to use v1/completions?',
        type: 'invalid_request_error',
        param: 'model',
        code: null,
      },
    })

    const messages = await post(
      '/v1/messages',
      { model: small, max_tokens: 16, messages: [{ role: 'user', content: 'Hi' }] },
      { 'x-api-key': 'sk-unrestricted', 'anthropic-version': '2023-06-01' },
    )
    expect(messages.status).toBe(404)
    expect(await messages.json()).toEqual({
      error: {
        type: '<nil>',
        message: expect.stringMatching(/^This is not a chat model and thus not supported .* \(request id: \w+\)$/),
      },
      type: 'error',
    })
  })
})
