import { createAnthropic } from 'ai-sdk-anthropic-v3'
import { createGoogleGenerativeAI } from 'ai-sdk-google-v3'
import { createOpenAI } from 'ai-sdk-openai-v3'
import {
  APICallError,
  cosineSimilarity,
  embed,
  embedMany,
  generateObject,
  generateText,
  jsonSchema,
  Output,
  stepCountIs,
  streamText,
  tool,
  type LanguageModel,
} from 'ai-v6'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { RequestLogEntry } from '../../../src/index.ts'
import { eitherMode, useHarness } from '../../support/modes.ts'
import { rejection } from '../../support/rejection.ts'

const prompt = 'Hello from ai 6'
const reply = (model: string, said: string) => `This is a mock reply from ${model}. You said: "${said}"`
// No minItems: ai-sdk-google-v3 converts the schema to Gemini's responseSchema and drops minItems, minimum and
// maximum on the way, so neither the gateway nor Gemini sees them (the AI SDK then rejects a one-item array).
const weather = z.object({
  city: z.string(),
  conditions: z.enum(['sunny', 'cloudy', 'rain']),
  temperature: z.number().min(-50).max(60),
  hourly: z.array(z.object({ hour: z.int().min(0).max(23), chance: z.number().min(0).max(1) })),
  summary: z.string(),
})
// Built from ai 6's own `tool` and `jsonSchema` (test/support/weather-tool.ts is ai 7's).
const getWeather = tool({
  description: 'Weather in a city',
  inputSchema: jsonSchema<{ city: string }>({
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  }),
  execute: async ({ city }) => ({ city, temperature: 21 }),
})

/** One provider of the v3 line (the one ai 6 takes): how to build its model, and the paths it calls. */
interface Provider {
  name: string
  id: string
  model(baseUrl: string, apiKey?: string): LanguageModel
  path: string
  streamPath: string
}

const flash = 'gemini-2.5-flash'
const providers: Provider[] = [
  {
    name: 'ai-sdk-openai-v3 (Responses API, its default)',
    id: 'gpt-4o-mini',
    model: (baseUrl, apiKey = 'sk-unrestricted') => createOpenAI({ apiKey, baseURL: `${baseUrl}/v1` })('gpt-4o-mini'),
    path: '/v1/responses',
    streamPath: '/v1/responses',
  },
  {
    name: 'ai-sdk-openai-v3 .chat (chat completions)',
    id: 'gpt-4o-mini',
    model: (baseUrl, apiKey = 'sk-unrestricted') => createOpenAI({ apiKey, baseURL: `${baseUrl}/v1` }).chat('gpt-4o-mini'),
    path: '/v1/chat/completions',
    streamPath: '/v1/chat/completions',
  },
  {
    name: 'ai-sdk-anthropic-v3',
    id: 'claude-sonnet-4-6',
    // The v3 provider too wants the base URL with /v1.
    model: (baseUrl, apiKey = 'sk-unrestricted') => createAnthropic({ apiKey, baseURL: `${baseUrl}/v1` })('claude-sonnet-4-6'),
    path: '/v1/messages',
    streamPath: '/v1/messages',
  },
  {
    name: 'ai-sdk-google-v3',
    id: flash,
    model: (baseUrl, apiKey = 'sk-unrestricted') => createGoogleGenerativeAI({ apiKey, baseURL: `${baseUrl}/v1beta` })(flash),
    path: `/v1beta/models/${flash}:generateContent`,
    streamPath: `/v1beta/models/${flash}:streamGenerateContent`,
  },
]

// The previous major of the AI SDK (ai 6, npm alias ai-v6) with its providers (the v3 line: ai-sdk-openai-v3,
// ai-sdk-anthropic-v3, ai-sdk-google-v3). The providers call the global fetch at request time, so msw intercepts.
describe.each(eitherMode)('ai 6 ($name)', (mode) => {
  const log: RequestLogEntry[] = []
  const harness = useHarness(mode, { onRequest: (entry) => log.push(entry) })
  const lastPath = () => log.at(-1)?.path

  describe.each(providers)('$name', (provider) => {
    const model = (apiKey?: string) => provider.model(harness.baseUrl, apiKey)

    it('generateText: the reply, finish reason stop and usage', async () => {
      const result = await generateText({ model: model(), prompt, maxRetries: 0 })
      expect(lastPath()).toBe(provider.path)
      expect(result.text).toBe(reply(provider.id, prompt))
      expect(result.finishReason).toBe('stop')
      expect(result.usage.inputTokens).toBeGreaterThan(0)
      expect(result.usage.outputTokens).toBeGreaterThan(0)
    })

    it('streamText: no error part; the deltas add up to the generateText reply, with the same usage', async () => {
      const whole = await generateText({ model: model(), prompt, maxRetries: 0 })
      const result = streamText({ model: model(), prompt, maxRetries: 0 })
      const parts = []
      for await (const part of result.fullStream) parts.push(part)
      expect(lastPath()).toBe(provider.streamPath)
      expect(parts.filter((part) => part.type === 'error')).toEqual([])
      const deltas = parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : []))
      expect(deltas.length).toBeGreaterThan(1)
      expect(deltas.join('')).toBe(whole.text)
      expect(await result.finishReason).toBe('stop')
      expect(await result.usage).toMatchObject({ inputTokens: whole.usage.inputTokens, outputTokens: whole.usage.outputTokens })
    })

    it('a tool loop: the model calls the tool, then answers its result', async () => {
      const result = await generateText({
        model: model(),
        prompt: 'Weather in Paris?',
        tools: { get_weather: getWeather },
        stopWhen: stepCountIs(2),
        maxRetries: 0,
      })
      expect(result.steps).toHaveLength(2)
      expect(result.steps[0]!.finishReason).toBe('tool-calls')
      expect(result.steps[0]!.toolCalls).toEqual([expect.objectContaining({ toolName: 'get_weather', input: { city: 'mock city' } })])
      expect(result.finishReason).toBe('stop')
      expect(result.text).toMatch(/The tool get_weather returned: .*"temperature":21/)
    })

    it('a streamed tool call: one tool-call part with valid input, finish reason tool-calls', async () => {
      const result = streamText({
        model: model(),
        prompt: 'Weather in Paris?',
        tools: { get_weather: tool({ description: getWeather.description, inputSchema: getWeather.inputSchema }) },
        maxRetries: 0,
      })
      const parts = []
      for await (const part of result.fullStream) parts.push(part)
      expect(parts.filter((part) => part.type === 'error')).toEqual([])
      const calls = parts.flatMap((part) => (part.type === 'tool-call' ? [{ toolName: part.toolName, input: part.input }] : []))
      expect(calls).toEqual([{ toolName: 'get_weather', input: { city: 'mock city' } }])
      expect(await result.finishReason).toBe('tool-calls')
    })

    it('generateObject and generateText with Output.object: objects the zod schema accepts', async () => {
      const said = 'Weather in Paris as JSON'
      const { object } = await generateObject({ model: model(), schema: weather, prompt: said, maxRetries: 0 })
      expect(weather.safeParse(object).error).toBeUndefined()
      expect(object.summary).toBe(reply(provider.id, said))

      const { output } = await generateText({ model: model(), prompt: said, output: Output.object({ schema: weather }), maxRetries: 0 })
      expect(output).toEqual(object)
    })

    it('streamText with Output.object: partial objects, ending with the generated one', async () => {
      const said = 'Weather in Paris as JSON'
      const whole = await generateText({ model: model(), prompt: said, output: Output.object({ schema: weather }), maxRetries: 0 })
      const result = streamText({ model: model(), prompt: said, output: Output.object({ schema: weather }), maxRetries: 0 })
      const partials = []
      for await (const partial of result.partialOutputStream) partials.push(partial)
      expect(partials.length).toBeGreaterThan(2)
      expect(partials.at(-1)).toEqual(whole.output)
      expect(await result.output).toEqual(whole.output)
    })

    it('a wrong key: generateText rejects with APICallError 401; streamText yields it as an error part', async () => {
      const error = await rejection(generateText({ model: model('sk-nobody'), prompt, maxRetries: 0 }))
      expect(APICallError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ statusCode: 401, isRetryable: false })

      const result = streamText({ model: model('sk-nobody'), prompt, maxRetries: 0, onError: () => {} })
      const errors = []
      for await (const part of result.fullStream) if (part.type === 'error') errors.push(part.error)
      expect(errors).toHaveLength(1)
      expect(APICallError.isInstance(errors[0])).toBe(true)
      expect(errors[0]).toMatchObject({ statusCode: 401 })
    })

    it('a key whose owner has no quota: APICallError 403 that is not retried', async () => {
      const error = await rejection(generateText({ model: model('sk-broke-user'), prompt, maxRetries: 0 }))
      expect(APICallError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ statusCode: 403, isRetryable: false })
    })
  })

  describe('embed and embedMany', () => {
    const values = ['sunny day at the beach', 'a sunny beach', 'quarterly tax filing deadline']

    it('through createOpenAI().embedding: vectors in order, related texts closer, usage', async () => {
      const model = createOpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1` }).embedding('text-embedding-3-small')
      const { embedding, usage } = await embed({ model, value: values[0]!, maxRetries: 0 })
      expect(lastPath()).toBe('/v1/embeddings')
      expect(embedding).toHaveLength(1536)
      expect(usage.tokens).toBeGreaterThan(0)
      const { embeddings } = await embedMany({ model, values, maxRetries: 0 })
      const [beachDay, beach, taxes] = embeddings as [number[], number[], number[]]
      expect(beachDay).toEqual(embedding)
      expect(cosineSimilarity(beachDay, beach)).toBeGreaterThan(cosineSimilarity(beachDay, taxes))
    })

    it('through createGoogleGenerativeAI().embedding: :embedContent for one, :batchEmbedContents for several', async () => {
      const model = createGoogleGenerativeAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1beta` }).embedding(
        'gemini-embedding-001',
      )
      const { embedding } = await embed({ model, value: values[0]!, maxRetries: 0 })
      expect(lastPath()).toBe('/v1beta/models/gemini-embedding-001:embedContent')
      expect(embedding).toHaveLength(3072)
      const { embeddings } = await embedMany({ model, values, maxRetries: 0 })
      expect(lastPath()).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents')
      expect(embeddings[0]).toEqual(embedding)
      const [beachDay, beach, taxes] = embeddings as [number[], number[], number[]]
      expect(cosineSimilarity(beachDay, beach)).toBeGreaterThan(cosineSimilarity(beachDay, taxes))
    })

    it('a wrong key: APICallError 401 from both', async () => {
      for (const model of [
        createOpenAI({ apiKey: 'sk-nobody', baseURL: `${harness.baseUrl}/v1` }).embedding('text-embedding-3-small'),
        createGoogleGenerativeAI({ apiKey: 'sk-nobody', baseURL: `${harness.baseUrl}/v1beta` }).embedding('gemini-embedding-001'),
      ]) {
        const error = await rejection(embed({ model, value: 'Hi', maxRetries: 0 }))
        expect(APICallError.isInstance(error)).toBe(true)
        expect(error).toMatchObject({ statusCode: 401 })
      }
    })
  })
})

describe.each(eitherMode)('ai 6 against the new-api profile ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })

  it.each(providers)('$name: generates, and a wrong key is APICallError 401', async (provider) => {
    const result = await generateText({ model: provider.model(harness.baseUrl), prompt, maxRetries: 0 })
    expect(result.text).toBe(reply(provider.id, prompt))
    const error = await rejection(generateText({ model: provider.model(harness.baseUrl, 'sk-nobody'), prompt, maxRetries: 0 }))
    expect(APICallError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ statusCode: 401 })
  })
})
