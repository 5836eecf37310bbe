import Anthropic from '@anthropic-ai/sdk'
import { ApiError, GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import { builtInScenarioNames, type WorldDefinition } from '../../src/index.ts'
import { loadWorldFile } from '../../src/node/index.ts'
import { eitherMode, useHarness } from '../support/modes.ts'
import { readChatStream, rejection } from '../support/rejection.ts'
import { fixture } from '../support/paths.ts'

// The README's own custom world: the default world, plus a priced model `weather-bot` that always
// calls get_weather, with the default group narrowed to ["gpt-4o-mini", "weather-bot"]. Every
// built-in scenario must do what its description says on top of it, and leave the rest alone.
const weatherFile = fixture('weather-world.json')
const weather = await loadWorldFile(weatherFile)

const ask = (model: string, content = 'Hi') => ({ model, messages: [{ role: 'user' as const, content }] })

it('covers every built-in scenario', () => {
  expect([...builtInScenarioNames].sort()).toEqual(
    ['context-overflow', 'flaky-upstream', 'mid-stream-error', 'model-missing', 'quota-exhausted', 'rate-limited', 'slow-stream'].sort(),
  )
})

describe.each(eitherMode)('built-in scenarios on the README weather world ($name)', (mode) => {
  const harness = useHarness(mode, { world: weather as WorldDefinition })
  afterEach(() => harness.gateway.reset())

  const openai = (apiKey = 'sk-unrestricted') => new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const anthropic = (apiKey = 'sk-unrestricted') => new Anthropic({ apiKey, baseURL: harness.baseUrl, maxRetries: 0 })
  const genai = (apiKey = 'sk-unrestricted') => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: harness.baseUrl } })
  const listed = async (key = 'sk-unrestricted') => (await openai(key).models.list()).data.map((model) => model.id)
  const weatherCall = async () => {
    const completion = await openai().chat.completions.create(ask('weather-bot', 'Weather in Paris?'))
    return completion.choices[0]!.message.tool_calls?.map((call) => call.type === 'function' && call.function.name)
  }

  it('serves the world as written before any scenario', async () => {
    expect(await listed()).toEqual(['gpt-4o-mini', 'weather-bot'])
    expect(await listed('sk-vip')).toEqual([
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
  })

  it('model-missing takes gpt-4o and gemini-2.5-pro out of the groups that have them, and nothing else', async () => {
    await harness.gateway.useScenario('model-missing')
    // The custom group keeps its own list: weather-bot stays, and no removed default model comes back.
    expect(await listed()).toEqual(['gpt-4o-mini', 'weather-bot'])
    expect(await weatherCall()).toEqual(['get_weather'])
    expect(await listed('sk-vip')).toEqual([
      'claude-opus-4-1',
      'gemini-2.5-flash',
      'text-embedding-3-large',
      'gemini-embedding-001',
      'dall-e-3',
      'tts-1',
      'whisper-1',
      'gpt-realtime',
    ])
    const error = await rejection(openai('sk-vip').chat.completions.create(ask('gpt-4o')))
    expect(error).toBeInstanceOf(OpenAI.NotFoundError)
    expect(error).toMatchObject({ status: 404, code: 'model_not_found' })
  })

  it('quota-exhausted leaves every user without quota: the custom model gets 403 insufficient_quota', async () => {
    expect(await weatherCall()).toEqual(['get_weather'])
    await harness.gateway.useScenario('quota-exhausted')
    const error = await rejection(openai().chat.completions.create(ask('weather-bot')))
    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError)
    expect(error).toMatchObject({ status: 403, code: 'insufficient_quota' })
    expect(harness.gateway.world.users.all().map((user) => user.quota)).toEqual([0, 0, 0])
    expect(await listed()).toEqual(['gpt-4o-mini', 'weather-bot'])
  })

  it('rate-limited allows 3 requests per minute through every group, the custom model included', async () => {
    await harness.gateway.useScenario('rate-limited')
    for (let i = 0; i < 3; i++) expect(await weatherCall()).toEqual(['get_weather'])
    const error = await rejection(openai().chat.completions.create(ask('gpt-4o-mini')))
    expect(error).toBeInstanceOf(OpenAI.RateLimitError)
    expect((error as Error).message).toMatch(/group "default": 3 requests per 1m0s/)
    // vip has its own window.
    await expect(openai('sk-vip').chat.completions.create(ask('gpt-4o'))).resolves.toMatchObject({ model: 'gpt-4o' })
    expect(await listed()).toEqual(['gpt-4o-mini', 'weather-bot'])
  })

  it('context-overflow refuses the shortest prompt to every model, the custom one included, on every surface', async () => {
    await harness.gateway.useScenario('context-overflow')
    const numbers =
      /maximum context length is 0 tokens\. However, you requested (\d+) tokens \((\d+) in the messages, (\d+) in the completion\)/

    const chat = await rejection(openai().chat.completions.create(ask('weather-bot', '.')))
    expect(chat).toBeInstanceOf(OpenAI.BadRequestError)
    expect(chat).toMatchObject({ status: 400, code: 'context_length_exceeded' })
    const [, total, prompt, output] = (chat as Error).message.match(numbers) ?? []
    expect(Number(total)).toBeGreaterThan(0)
    expect(Number(prompt)).toBe(Number(total))
    expect(output).toBe('0')

    const responses = await rejection(openai().responses.create({ model: 'weather-bot', input: '.' }))
    expect(responses).toBeInstanceOf(OpenAI.BadRequestError)
    expect(responses).toMatchObject({ status: 400, code: 'context_length_exceeded', param: 'input' })
    expect((responses as Error).message).toMatch(numbers)

    const embeddings = await rejection(openai('sk-vip').embeddings.create({ model: 'text-embedding-3-large', input: 'Hi' }))
    expect(embeddings).toBeInstanceOf(OpenAI.BadRequestError)
    expect(embeddings).toMatchObject({ status: 400, code: 'context_length_exceeded', param: 'input' })
    expect((embeddings as Error).message).toMatch(numbers)

    const messages = await rejection(anthropic().messages.create({ ...ask('weather-bot', '.'), max_tokens: 1 }))
    expect(messages).toBeInstanceOf(Anthropic.BadRequestError)
    expect((messages as Error).message).toMatch(numbers)

    const gemini = await rejection(genai().models.generateContent({ model: 'weather-bot', contents: '.' }))
    expect(gemini).toBeInstanceOf(ApiError)
    expect((gemini as ApiError).status).toBe(400)
    expect((gemini as Error).message).toMatch(numbers)
  })

  it('flaky-upstream fails the first two requests with 503, then the custom model answers', async () => {
    await harness.gateway.useScenario('flaky-upstream')
    for (let i = 0; i < 2; i++) {
      const error = await rejection(openai().chat.completions.create(ask('weather-bot')))
      expect(error).toBeInstanceOf(OpenAI.InternalServerError)
      expect(error).toMatchObject({ status: 503, code: 'upstream_error' })
    }
    expect(await weatherCall()).toEqual(['get_weather'])
  })

  it('slow-stream paces every model, the custom one included, at 300 ms then 40 tokens per second', async () => {
    await harness.gateway.useScenario('slow-stream')
    for (const model of harness.gateway.world.models.all()) {
      expect({ id: model.id, streaming: model.streaming }).toEqual({ id: model.id, streaming: { firstTokenMs: 300, tokensPerSecond: 40 } })
    }
    expect(await listed()).toEqual(['gpt-4o-mini', 'weather-bot'])
  })

  it("mid-stream-error breaks the custom model's stream with 529 upstream_error; its non-streamed reply is whole", async () => {
    await harness.gateway.useScenario('mid-stream-error')
    expect(await weatherCall()).toEqual(['get_weather'])
    const stream = await openai().chat.completions.create({ ...ask('gpt-4o-mini', 'Hello there'), stream: true })
    const { pieces, error } = await readChatStream(stream)
    expect(pieces).toHaveLength(5)
    expect(error).toMatchObject({ code: 'upstream_error', message: 'Overloaded: the upstream dropped the stream.' })
    expect(harness.gateway.world.findModel('weather-bot')?.streaming).toBe('realistic')
  })
})

// A whole world that shares no name with the default one: no "default" or "vip" group, no user 1,
// none of the default models. The built-ins must still apply, and do what they say.
const elsewhere: WorldDefinition = {
  groups: [{ name: 'team', models: ['house-model', 'house-mini'] }],
  users: [{ id: 7, username: 'dora', group: 'team', quota: 1_000_000, accessToken: 'at-dora' }],
  tokens: [{ key: 'sk-dora', name: 'dora', userId: 7, unlimitedQuota: true }],
  models: [
    { id: 'house-model', pricing: { ratio: 1 } },
    { id: 'house-mini', pricing: { ratio: 0.5 } },
  ],
}

describe.each(eitherMode)('built-in scenarios on a world with none of the default names ($name)', (mode) => {
  const harness = useHarness(mode, { world: elsewhere })
  afterEach(() => harness.gateway.reset())
  const openai = () => new OpenAI({ apiKey: 'sk-dora', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const chat = () => openai().chat.completions.create(ask('house-model'))

  it.each(builtInScenarioNames)('%s applies without an error', async (name) => {
    await harness.gateway.useScenario(name)
    expect(harness.gateway.scenario.names).toEqual([name])
    expect(harness.gateway.world.models.all().map((model) => model.id)).toEqual(['house-model', 'house-mini'])
  })

  it('quota-exhausted: 403 insufficient_quota', async () => {
    await harness.gateway.useScenario('quota-exhausted')
    expect(await rejection(chat())).toMatchObject({ status: 403, code: 'insufficient_quota' })
  })

  it('rate-limited: the 4th request through the group gets 429', async () => {
    await harness.gateway.useScenario('rate-limited')
    for (let i = 0; i < 3; i++) await chat()
    expect(await rejection(chat())).toMatchObject({ status: 429, code: 'rate_limit_exceeded' })
  })

  it('context-overflow: the shortest prompt gets 400 context_length_exceeded', async () => {
    await harness.gateway.useScenario('context-overflow')
    const error = await rejection(openai().chat.completions.create(ask('house-mini', '.')))
    expect(error).toMatchObject({ status: 400, code: 'context_length_exceeded' })
  })

  it('model-missing and slow-stream leave the group alone and pace every model', async () => {
    await harness.gateway.useScenario('model-missing', 'slow-stream')
    expect((await openai().models.list()).data.map((model) => model.id)).toEqual(['house-model', 'house-mini'])
    await expect(chat()).resolves.toMatchObject({ model: 'house-model' })
    expect(harness.gateway.world.models.all().map((model) => model.streaming)).toEqual([
      { firstTokenMs: 300, tokensPerSecond: 40 },
      { firstTokenMs: 300, tokensPerSecond: 40 },
    ])
  })
})
