import { HumanMessage, ToolMessage, type AIMessageChunk } from '@langchain/core/messages'
import { cosineSimilarity } from '@langchain/core/utils/math'
import { ChatGoogleGenerativeAI, GoogleGenerativeAIEmbeddings } from '@langchain/google-genai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { RequestLogEntry } from '../../../src/index.ts'
import { eitherMode, useHarness } from '../../support/modes.ts'
import { rejection } from '../../support/rejection.ts'
import { getWeather } from '../../support/langchain-weather-tool.ts'
import { documents } from '../../support/retrieval-documents.ts'

const flash = 'gemini-2.5-flash'
const reply = (prompt: string) => `This is a mock reply from ${flash}. You said: "${prompt}"`
const weather = z.object({
  city: z.string(),
  conditions: z.enum(['sunny', 'cloudy', 'rain']),
  temperature: z.number(),
  summary: z.string(),
})

// @langchain/google-genai 2.3 runs on the older @google/generative-ai (0.24): `baseUrl` is the host, and
// `apiVersion` (default v1beta) the path segment. It calls the global fetch on every request, so msw sees it.
// That package is not a dependency of ours, so its error class is recognised by name.
const className = (error: unknown) => (error as object).constructor.name
describe.each(eitherMode)('LangChain @langchain/google-genai ($name)', (mode) => {
  const log: RequestLogEntry[] = []
  const harness = useHarness(mode, { onRequest: (entry) => log.push(entry) })
  const chat = (apiKey = 'sk-unrestricted', apiVersion?: string) =>
    new ChatGoogleGenerativeAI({ model: flash, apiKey, maxRetries: 0, baseUrl: harness.baseUrl, ...(apiVersion ? { apiVersion } : {}) })
  const lastPath = () => log.at(-1)?.path

  describe('ChatGoogleGenerativeAI', () => {
    it('invoke: the reply text and usage metadata, from /v1beta/models/…:generateContent', async () => {
      const message = await chat().invoke('Hello from LangChain')
      expect(lastPath()).toBe(`/v1beta/models/${flash}:generateContent`)
      expect(message.content).toBe(reply('Hello from LangChain'))
      expect(message.usage_metadata!.input_tokens).toBeGreaterThan(0)
      expect(message.usage_metadata!.output_tokens).toBeGreaterThan(0)
      expect(message.response_metadata).toMatchObject({ finishReason: 'STOP' })
    })

    it('invoke with apiVersion v1 calls /v1', async () => {
      const message = await chat('sk-unrestricted', 'v1').invoke('Hello from LangChain')
      expect(lastPath()).toBe(`/v1/models/${flash}:generateContent`)
      expect(message.content).toBe(reply('Hello from LangChain'))
    })

    it('stream: chunks from :streamGenerateContent that add up to the invoked text, with usage', async () => {
      const whole = await chat().invoke('Hello from LangChain')
      const chunks: AIMessageChunk[] = []
      for await (const chunk of await chat().stream('Hello from LangChain')) chunks.push(chunk)
      expect(lastPath()).toBe(`/v1beta/models/${flash}:streamGenerateContent`)
      expect(chunks.length).toBeGreaterThan(1)
      const merged = chunks.reduce((sum, chunk) => sum.concat(chunk))
      expect(merged.content).toBe(whole.content)
      expect(merged.usage_metadata).toMatchObject({
        input_tokens: whole.usage_metadata!.input_tokens,
        output_tokens: whole.usage_metadata!.output_tokens,
      })
    })

    it('bindTools: a functionCall part becomes a tool call; its result goes back and is answered', async () => {
      const model = chat().bindTools([getWeather])
      const question = new HumanMessage('Weather in Paris?')
      const call = await model.invoke([question])
      expect(call.tool_calls).toHaveLength(1)
      expect(call.tool_calls![0]).toMatchObject({ name: 'get_weather', args: { city: expect.any(String) } })

      const result = await getWeather.invoke(call.tool_calls![0]!)
      expect(result).toBeInstanceOf(ToolMessage)
      const answer = await model.invoke([question, call, result])
      expect(answer.tool_calls).toEqual([])
      expect(answer.content).toContain('get_weather returned:')
    })

    it.each(['jsonSchema', 'functionCalling'] as const)(
      'withStructuredOutput (method %s) returns an object the zod schema accepts',
      async (method) => {
        const result = await chat().withStructuredOutput(weather, { method }).invoke('Weather in Paris as JSON')
        expect(weather.safeParse(result).error).toBeUndefined()
        expect(result.conditions).toBe('sunny')
      },
    )

    it('a wrong key: GoogleGenerativeAIFetchError with status 401', async () => {
      const error = await rejection(chat('sk-nobody').invoke('Hi'))
      expect(className(error)).toBe('GoogleGenerativeAIFetchError')
      expect(error).toMatchObject({ status: 401 })
    })
  })

  describe('GoogleGenerativeAIEmbeddings', () => {
    const embeddings = (apiKey = 'sk-unrestricted') =>
      new GoogleGenerativeAIEmbeddings({ model: 'gemini-embedding-001', apiKey, baseUrl: harness.baseUrl, maxRetries: 0 })

    it('embedQuery: one unit vector from :embedContent; the same text the same way', async () => {
      const vector = await embeddings().embedQuery('weather in Paris')
      expect(lastPath()).toBe('/v1beta/models/gemini-embedding-001:embedContent')
      expect(vector).toHaveLength(3072)
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5)
      expect(await embeddings().embedQuery('weather in Paris')).toEqual(vector)
    })

    it('embedDocuments through :batchEmbedContents, and a tiny retrieval ranks the Paris document first', async () => {
      const vectors = await embeddings().embedDocuments(documents)
      expect(lastPath()).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents')
      expect(vectors.map((vector) => vector.length)).toEqual([3072, 3072, 3072, 3072])
      const [scores] = cosineSimilarity([await embeddings().embedQuery('weather in Paris')], vectors)
      expect(documents[scores!.indexOf(Math.max(...scores!))]).toBe(documents[2])
    })

    it('a wrong key: embedQuery throws GoogleGenerativeAIFetchError 401; embedDocuments gives empty vectors', async () => {
      const error = await rejection(embeddings('sk-nobody').embedQuery('Hi'))
      expect(className(error)).toBe('GoogleGenerativeAIFetchError')
      expect(error).toMatchObject({ status: 401 })
      // LangChain swallows a failed batch (Promise.allSettled) and answers [] for each of its documents.
      expect(await embeddings('sk-nobody').embedDocuments(['a', 'b'])).toEqual([[], []])
    })
  })
})

describe.each(eitherMode)('LangChain @langchain/google-genai against the new-api profile ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })
  const chat = (apiKey: string) => new ChatGoogleGenerativeAI({ model: flash, apiKey, maxRetries: 0, baseUrl: harness.baseUrl })

  it('invokes, and a wrong key is still GoogleGenerativeAIFetchError 401', async () => {
    expect((await chat('sk-unrestricted').invoke('Hello from LangChain')).content).toBe(reply('Hello from LangChain'))
    const error = await rejection(chat('sk-nobody').invoke('Hi'))
    expect(className(error)).toBe('GoogleGenerativeAIFetchError')
    expect(error).toMatchObject({ status: 401 })
  })
})
