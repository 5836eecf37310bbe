import { ApiError, FinishReason, GoogleGenAI, Type, type Content } from 'genai-v2'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { RequestLogEntry } from '../../../src/index.ts'
import { eitherMode, useHarness } from '../../support/modes.ts'
import { rejection } from '../../support/rejection.ts'

const flash = 'gemini-2.5-flash'
const reply = (prompt: string) => `This is a mock reply from ${flash}. You said: "${prompt}"`
const weatherTools = {
  tools: [
    {
      functionDeclarations: [
        { name: 'get_weather', parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } }, required: ['city'] } },
      ],
    },
  ],
}

// The previous major of @google/genai, installed as the npm alias genai-v2. Its default API version is
// v1beta (3.x moved to v1), so these clients set only the base URL.
describe.each(eitherMode)('@google/genai 2 ($name)', (mode) => {
  const log: RequestLogEntry[] = []
  const harness = useHarness(mode, { onRequest: (entry) => log.push(entry) })
  const client = (apiKey = 'sk-unrestricted') => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: harness.baseUrl } })
  const lastPath = () => log.at(-1)?.path

  it('generateContent on the default version (/v1beta): text, STOP, usage that countTokens agrees with', async () => {
    const ai = client()
    const response = await ai.models.generateContent({ model: flash, contents: 'Hello from genai 2' })
    expect(lastPath()).toBe(`/v1beta/models/${flash}:generateContent`)
    expect(response.text).toBe(reply('Hello from genai 2'))
    expect(response.candidates![0]!.finishReason).toBe(FinishReason.STOP)
    const { totalTokens } = await ai.models.countTokens({ model: flash, contents: 'Hello from genai 2' })
    expect(lastPath()).toBe(`/v1beta/models/${flash}:countTokens`)
    expect(response.usageMetadata!.promptTokenCount).toBe(totalTokens)
  })

  it('generateContentStream: chunks from :streamGenerateContent that add up to the same text', async () => {
    const whole = await client().models.generateContent({ model: flash, contents: 'Hello from genai 2' })
    const chunks = []
    for await (const chunk of await client().models.generateContentStream({ model: flash, contents: 'Hello from genai 2' }))
      chunks.push(chunk)
    expect(lastPath()).toBe(`/v1beta/models/${flash}:streamGenerateContent`)
    expect(chunks.length).toBeGreaterThan(1)
    expect(chunks.map((chunk) => chunk.text ?? '').join('')).toBe(whole.text)
    expect(chunks.at(-1)!.usageMetadata).toEqual(whole.usageMetadata)
  })

  it('a function call, then its functionResponse is answered in text', async () => {
    const question: Content = { role: 'user', parts: [{ text: 'Weather in Paris?' }] }
    const first = await client().models.generateContent({ model: flash, contents: [question], config: weatherTools })
    expect(first.functionCalls).toEqual([expect.objectContaining({ name: 'get_weather', args: { city: expect.any(String) } })])
    const second = await client().models.generateContent({
      model: flash,
      contents: [
        question,
        first.candidates![0]!.content!,
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temperature: 21 } } }] },
      ],
      config: weatherTools,
    })
    expect(second.functionCalls).toBeUndefined()
    expect(second.text).toBe(`This is a mock reply from ${flash}. The tool get_weather returned: {"temperature":21}`)
  })

  it('structured output with responseSchema, and with responseJsonSchema from zod', async () => {
    const structured = await client().models.generateContent({
      model: flash,
      contents: 'Weather in Paris as JSON',
      config: {
        responseMimeType: 'application/json',
        responseSchema: {
          type: Type.OBJECT,
          properties: { conditions: { type: Type.STRING, enum: ['sunny', 'rain'] }, summary: { type: Type.STRING } },
          required: ['conditions', 'summary'],
        },
      },
    })
    expect(JSON.parse(structured.text!)).toEqual({ conditions: 'sunny', summary: reply('Weather in Paris as JSON') })

    const weather = z.object({ city: z.string(), temperature: z.int().min(-50).max(60), conditions: z.enum(['sunny', 'rain']) })
    const fromZod = await client().models.generateContent({
      model: flash,
      contents: 'Weather in Paris as JSON',
      config: { responseMimeType: 'application/json', responseJsonSchema: z.toJSONSchema(weather) },
    })
    expect(weather.safeParse(JSON.parse(fromZod.text!)).error).toBeUndefined()
  })

  it('models.list pages through /v1beta/models', async () => {
    const names: string[] = []
    for await (const model of await client('sk-limited').models.list({ config: { pageSize: 1 } })) names.push(model.name ?? '')
    expect(lastPath()).toBe('/v1beta/models')
    expect(names).toEqual(['models/gpt-4o-mini', `models/${flash}`])
  })

  it('embedContent: one vector per content, through :batchEmbedContents', async () => {
    const response = await client().models.embedContent({
      model: 'gemini-embedding-001',
      contents: ['weather in Paris', 'sourdough bread'],
      config: { outputDimensionality: 128 },
    })
    expect(lastPath()).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents')
    expect(response.embeddings!.map((embedding) => embedding.values!.length)).toEqual([128, 128])
  })

  it('a wrong key: ApiError 401 UNAUTHENTICATED on generation, listing and embedding', async () => {
    for (const call of [
      () => client('sk-nobody').models.generateContent({ model: flash, contents: 'Hi' }),
      () => client('sk-nobody').models.list(),
      () => client('sk-nobody').models.embedContent({ model: 'gemini-embedding-001', contents: 'Hi' }),
    ]) {
      const error = await rejection(call())
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toMatchObject({ status: 401 })
      expect(JSON.parse((error as ApiError).message)).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } })
    }
  })

  it('a model outside the key group: ApiError 404 NOT_FOUND naming it', async () => {
    const error = await rejection(client('sk-limited').models.generateContent({ model: 'gemini-2.5-pro', contents: 'Hi' }))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 404 })
    expect(JSON.parse((error as ApiError).message).error).toMatchObject({
      code: 404,
      status: 'NOT_FOUND',
      message: expect.stringContaining('gemini-2.5-pro'),
    })
  })
})

describe.each(eitherMode)('@google/genai 2 against the new-api profile ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })
  const client = (apiKey: string) => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: harness.baseUrl } })

  it('generates, lists bare model names, and a wrong key is ApiError 401', async () => {
    const response = await client('sk-unrestricted').models.generateContent({ model: flash, contents: 'Hello from genai 2' })
    expect(response.text).toBe(reply('Hello from genai 2'))
    const names: string[] = []
    for await (const model of await client('sk-limited').models.list()) names.push(model.name ?? '')
    expect(names).toEqual(['gpt-4o-mini', flash])
    const error = await rejection(client('sk-nobody').models.generateContent({ model: flash, contents: 'Hi' }))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401 })
  })
})
