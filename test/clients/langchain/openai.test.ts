import { AIMessage, HumanMessage, ToolMessage, type AIMessageChunk } from '@langchain/core/messages'
import { cosineSimilarity } from '@langchain/core/utils/math'
import { ChatOpenAI, OpenAIEmbeddings } from '@langchain/openai'
import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { RequestLogEntry } from '../../../src/index.ts'
import { eitherMode, useHarness } from '../../support/modes.ts'
import { recordingFetch } from '../../support/recording-fetch.ts'
import { rejection } from '../../support/rejection.ts'
import { getWeather } from '../../support/langchain-weather-tool.ts'
import { documents } from '../../support/retrieval-documents.ts'

const weather = z.object({
  city: z.string(),
  conditions: z.enum(['sunny', 'cloudy', 'rain']),
  temperature: z.number().min(-50).max(60),
  summary: z.string(),
})
const reply = (model: string, prompt: string) => `This is a mock reply from ${model}. You said: "${prompt}"`

/** Every chunk of a LangChain stream, in order. */
async function collect(stream: AsyncIterable<AIMessageChunk>): Promise<AIMessageChunk[]> {
  const chunks: AIMessageChunk[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return chunks
}

describe.each(eitherMode)('LangChain @langchain/openai ($name)', (mode) => {
  const log: RequestLogEntry[] = []
  const harness = useHarness(mode, { onRequest: (entry) => log.push(entry) })
  const bodies: Record<string, unknown>[] = []
  // LangChain builds its openai client on first use, so a model made in a test sees msw's fetch.
  const chat = (fields: { apiKey?: string; useResponsesApi?: boolean; model?: string } = {}) =>
    new ChatOpenAI({
      model: fields.model ?? 'gpt-4o-mini',
      apiKey: fields.apiKey ?? 'sk-unrestricted',
      useResponsesApi: fields.useResponsesApi ?? false,
      maxRetries: 0,
      configuration: { baseURL: `${harness.baseUrl}/v1`, fetch: recordingFetch(bodies) },
    })
  const lastPath = () => log.at(-1)?.path

  describe('ChatOpenAI on chat completions', () => {
    it('invoke: the reply text, usage metadata and the completion id', async () => {
      const message = await chat().invoke('Hello from LangChain')
      expect(lastPath()).toBe('/v1/chat/completions')
      expect(message.content).toBe(reply('gpt-4o-mini', 'Hello from LangChain'))
      expect(message.usage_metadata!.input_tokens).toBeGreaterThan(0)
      expect(message.usage_metadata!.output_tokens).toBeGreaterThan(0)
      expect(message.usage_metadata!.total_tokens).toBe(message.usage_metadata!.input_tokens + message.usage_metadata!.output_tokens)
      expect(message.response_metadata).toMatchObject({ finish_reason: 'stop', model_name: 'gpt-4o-mini' })
      expect(message.id).toMatch(/^chatcmpl-\w+$/)
    })

    it('stream: chunks that add up to the invoked text, with usage at the end', async () => {
      const whole = await chat().invoke('Hello from LangChain')
      const chunks = await collect(await chat().stream('Hello from LangChain'))
      expect(lastPath()).toBe('/v1/chat/completions')
      expect(bodies.at(-1)).toMatchObject({ stream: true, stream_options: { include_usage: true } })
      expect(chunks.length).toBeGreaterThan(5)
      const text = chunks.map((chunk) => chunk.content).join('')
      expect(text).toBe(whole.content)
      const usage = chunks.find((chunk) => chunk.usage_metadata)?.usage_metadata
      expect(usage).toMatchObject({ input_tokens: whole.usage_metadata!.input_tokens, output_tokens: whole.usage_metadata!.output_tokens })
    })

    it('bindTools: the model calls the tool; its result goes back and is answered', async () => {
      const model = chat().bindTools([getWeather])
      const question = new HumanMessage('Weather in Paris?')
      const call = await model.invoke([question])
      expect(call.tool_calls).toHaveLength(1)
      expect(call.tool_calls![0]).toMatchObject({ name: 'get_weather', args: { city: expect.any(String) }, type: 'tool_call' })
      expect(call.tool_calls![0]!.id).toEqual(expect.any(String))
      expect(call.response_metadata.finish_reason).toBe('tool_calls')

      const result = await getWeather.invoke(call.tool_calls![0]!)
      expect(result).toBeInstanceOf(ToolMessage)
      const answer = await model.invoke([question, call, result])
      expect(answer.tool_calls).toEqual([])
      expect(answer.content).toContain('get_weather returned:')
    })

    it('bindTools while streaming: the tool call arrives in chunks and concatenates to whole arguments', async () => {
      const chunks = await collect(await chat().bindTools([getWeather]).stream('Weather in Paris?'))
      const whole = chunks.reduce((sum, chunk) => sum.concat(chunk))
      expect(whole.tool_calls).toHaveLength(1)
      expect(whole.tool_calls![0]).toMatchObject({ name: 'get_weather', args: { city: expect.any(String) } })
    })

    it.each(['jsonSchema', 'functionCalling'] as const)(
      'withStructuredOutput (method %s) returns an object the zod schema accepts',
      async (method) => {
        const model = chat().withStructuredOutput(weather, { method, name: 'weather' })
        const result = await model.invoke('Weather in Paris as JSON')
        expect(weather.safeParse(result).error).toBeUndefined()
        // A JSON Schema reply quotes the prompt in its string fields; tool arguments are example values.
        expect(result.summary).toBe(method === 'jsonSchema' ? reply('gpt-4o-mini', 'Weather in Paris as JSON') : 'mock summary')
        expect(lastPath()).toBe('/v1/chat/completions')
        expect(bodies.at(-1)).toMatchObject(
          method === 'jsonSchema'
            ? { response_format: { type: 'json_schema', json_schema: { name: 'weather' } } }
            : { tools: [{ type: 'function', function: { name: 'weather' } }], tool_choice: { type: 'function' } },
        )
      },
    )

    it('withStructuredOutput includeRaw gives the raw message next to the parsed object', async () => {
      const result = await chat()
        .withStructuredOutput(weather, { method: 'jsonSchema', includeRaw: true })
        .invoke('Weather in Paris as JSON')
      expect(result.raw).toBeInstanceOf(AIMessage)
      expect(weather.safeParse(result.parsed).error).toBeUndefined()
      expect(JSON.parse(String(result.raw.content))).toEqual(result.parsed)
    })

    it('a wrong key: the openai AuthenticationError, marked MODEL_AUTHENTICATION and not retryable', async () => {
      const error = await rejection(chat({ apiKey: 'sk-nobody' }).invoke('Hi'))
      expect(error).toBeInstanceOf(OpenAI.AuthenticationError)
      expect(error).toMatchObject({ status: 401, lc_error_code: 'MODEL_AUTHENTICATION' })
    })
  })

  describe('ChatOpenAI on the Responses API (useResponsesApi)', () => {
    it('invoke: the reply text and usage, from POST /v1/responses', async () => {
      const message = await chat({ useResponsesApi: true }).invoke('Hello from LangChain')
      expect(lastPath()).toBe('/v1/responses')
      expect(message.text).toBe(reply('gpt-4o-mini', 'Hello from LangChain'))
      expect(message.usage_metadata!.input_tokens).toBeGreaterThan(0)
      expect(message.usage_metadata!.output_tokens).toBeGreaterThan(0)
      expect(message.id).toMatch(/^(resp|msg)_\w+$/)
    })

    it('stream: chunks that add up to the invoked text', async () => {
      const whole = await chat({ useResponsesApi: true }).invoke('Hello from LangChain')
      const chunks = await collect(await chat({ useResponsesApi: true }).stream('Hello from LangChain'))
      expect(lastPath()).toBe('/v1/responses')
      expect(bodies.at(-1)).toMatchObject({ stream: true })
      expect(chunks.length).toBeGreaterThan(5)
      const merged = chunks.reduce((sum, chunk) => sum.concat(chunk))
      expect(merged.text).toBe(whole.text)
      expect(merged.usage_metadata!.output_tokens).toBe(whole.usage_metadata!.output_tokens)
    })

    it('bindTools: a function call item becomes a tool call', async () => {
      const call = await chat({ useResponsesApi: true }).bindTools([getWeather]).invoke('Weather in Paris?')
      expect(call.tool_calls).toHaveLength(1)
      expect(call.tool_calls![0]).toMatchObject({ name: 'get_weather', args: { city: expect.any(String) } })
    })

    it('withStructuredOutput (jsonSchema) through text.format', async () => {
      const result = await chat({ useResponsesApi: true }).withStructuredOutput(weather).invoke('Weather in Paris as JSON')
      expect(lastPath()).toBe('/v1/responses')
      expect(bodies.at(-1)).toMatchObject({ text: { format: { type: 'json_schema' } } })
      expect(weather.safeParse(result).error).toBeUndefined()
    })

    it('a wrong key: the openai AuthenticationError', async () => {
      const error = await rejection(chat({ apiKey: 'sk-nobody', useResponsesApi: true }).invoke('Hi'))
      expect(error).toBeInstanceOf(OpenAI.AuthenticationError)
    })
  })

  describe('OpenAIEmbeddings', () => {
    const embeddings = (apiKey = 'sk-unrestricted', dimensions?: number) =>
      new OpenAIEmbeddings({
        model: 'text-embedding-3-small',
        apiKey,
        dimensions,
        maxRetries: 0,
        configuration: { baseURL: `${harness.baseUrl}/v1` },
      })

    it('embedQuery: one unit vector of the model size; the same text the same way', async () => {
      const vector = await embeddings().embedQuery('weather in Paris')
      expect(lastPath()).toBe('/v1/embeddings')
      expect(vector).toHaveLength(1536)
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5)
      expect(await embeddings().embedQuery('weather in Paris')).toEqual(vector)
    })

    it('embedDocuments: one vector per document, in order, agreeing with embedQuery; dimensions shortens them', async () => {
      const vectors = await embeddings().embedDocuments(documents)
      expect(vectors).toHaveLength(documents.length)
      expect(vectors[2]).toEqual(await embeddings().embedQuery(documents[2]!))
      const short = await embeddings('sk-unrestricted', 256).embedDocuments(documents)
      expect(short.map((vector) => vector.length)).toEqual([256, 256, 256, 256])
    })

    it('a tiny retrieval: "weather in Paris" ranks the Paris document first', async () => {
      const vectors = await embeddings().embedDocuments(documents)
      const query = await embeddings().embedQuery('weather in Paris')
      const [scores] = cosineSimilarity([query], vectors)
      const best = scores!.indexOf(Math.max(...scores!))
      expect(documents[best]).toBe(documents[2])
    })

    it('a wrong key: the openai AuthenticationError', async () => {
      const error = await rejection(embeddings('sk-nobody').embedQuery('Hi'))
      expect(error).toBeInstanceOf(OpenAI.AuthenticationError)
    })
  })
})

describe.each(eitherMode)('LangChain @langchain/openai against the new-api profile ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })

  it('invokes, and a wrong key is still the openai AuthenticationError', async () => {
    const chat = (apiKey: string) =>
      new ChatOpenAI({ model: 'gpt-4o-mini', apiKey, maxRetries: 0, configuration: { baseURL: `${harness.baseUrl}/v1` } })
    expect((await chat('sk-unrestricted').invoke('Hello from LangChain')).content).toBe(reply('gpt-4o-mini', 'Hello from LangChain'))
    const error = await rejection(chat('sk-nobody').invoke('Hi'))
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError)
    expect(error).toMatchObject({ status: 401, lc_error_code: 'MODEL_AUTHENTICATION' })
  })
})
