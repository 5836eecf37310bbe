import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { GoogleGenAI } from '@google/genai'
import { APICallError, generateText, stepCountIs, streamText, tool, type TextStreamPart, type ToolSet } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { RequestLogEntry } from '../../../src/index.ts'
import { eitherMode, useHarness } from '../../support/modes.ts'

const flash = 'gemini-2.5-flash'
const prompt = 'Hello from the AI SDK'
const reply = `This is a mock reply from ${flash}. You said: "${prompt}"`

const weatherTool = tool({
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']) }),
  execute: async ({ city, unit }) => ({ city, unit, temperature: 21 }),
})

describe.each(eitherMode)('AI SDK Google provider ($name)', (mode) => {
  const log: RequestLogEntry[] = []
  const harness = useHarness(mode, { onRequest: (entry) => log.push(entry) })

  const google = (apiKey = 'sk-unrestricted') => createGoogleGenerativeAI({ baseURL: `${harness.baseUrl}/v1beta`, apiKey })

  /** The prompt size the gateway reports for `prompt` alone, asked through another client. */
  const promptTokens = async () => {
    const ai = new GoogleGenAI({ apiKey: 'sk-unrestricted', httpOptions: { baseUrl: harness.baseUrl, apiVersion: 'v1beta' } })
    return (await ai.models.countTokens({ model: flash, contents: [{ role: 'user', parts: [{ text: prompt }] }] })).totalTokens!
  }

  /** Every part of a stream; `streamText` never rejects, so errors must be looked for here. */
  const collect = async <Tools extends ToolSet>(parts: AsyncIterable<TextStreamPart<Tools>>) => {
    const all: TextStreamPart<Tools>[] = []
    for await (const part of parts) all.push(part)
    return all
  }

  it('generateText: text, finish reason, usage and response id', async () => {
    const result = await generateText({ model: google()(flash), prompt, maxRetries: 0 })
    expect(log.at(-1)?.path).toBe(`/v1beta/models/${flash}:generateContent`)
    expect(result.text).toBe(reply)
    expect(result.finishReason).toBe('stop')
    const input = await promptTokens()
    expect(result.usage.inputTokens).toBe(input)
    expect(result.usage.outputTokens).toBeGreaterThan(0)
    expect(result.usage.totalTokens).toBe(input + result.usage.outputTokens!)
    expect(result.response.id).toMatch(/^[0-9a-f]+$/)
  })

  it('streamText: no error part; the deltas add up to the generateText reply; finish and usage at the end', async () => {
    const whole = await generateText({ model: google()(flash), prompt, maxRetries: 0 })
    const result = streamText({ model: google()(flash), prompt, maxRetries: 0 })
    const parts = await collect(result.fullStream)
    expect(log.at(-1)?.path).toBe(`/v1beta/models/${flash}:streamGenerateContent`)

    expect(parts.filter((p) => p.type === 'error')).toEqual([])
    const deltas = parts.flatMap((p) => (p.type === 'text-delta' ? [p.text] : []))
    expect(deltas.length).toBeGreaterThan(1)
    expect(deltas.join('')).toBe(whole.text)
    expect(await result.text).toBe(reply)
    expect(await result.finishReason).toBe('stop')
    expect(await result.usage).toMatchObject({
      inputTokens: whole.usage.inputTokens,
      outputTokens: whole.usage.outputTokens,
      totalTokens: whole.usage.totalTokens,
    })
    expect(parts.at(-1)?.type).toBe('finish')
  })

  it('system prompts reach the gateway as systemInstruction and count toward the prompt', async () => {
    const plain = await generateText({ model: google()(flash), prompt, maxRetries: 0 })
    const withSystem = await generateText({ model: google()(flash), system: 'Answer like a pirate.', prompt, maxRetries: 0 })
    expect(withSystem.text).toBe(reply)
    expect(withSystem.usage.inputTokens).toBeGreaterThan(plain.usage.inputTokens!)
  })

  it('tools: the model calls the tool with schema-valid input, then answers from its result', async () => {
    const result = await generateText({
      model: google()(flash),
      prompt: 'Weather in Paris?',
      tools: { get_weather: weatherTool },
      stopWhen: stepCountIs(2),
      maxRetries: 0,
    })
    expect(result.steps).toHaveLength(2)
    const [first, second] = result.steps
    expect(first!.finishReason).toBe('tool-calls')
    expect(first!.toolCalls.map(({ toolName, input }) => ({ toolName, input }))).toEqual([
      { toolName: 'get_weather', input: { city: 'mock city', unit: 'celsius' } },
    ])
    expect(first!.toolResults.map((r) => r.output)).toEqual([{ city: 'mock city', unit: 'celsius', temperature: 21 }])
    expect(second!.finishReason).toBe('stop')
    expect(result.text).toBe(
      `This is a mock reply from ${flash}. The tool get_weather returned: {"name":"get_weather","content":{"city":"mock city","unit":"celsius","temperature":21}}`,
    )
  })

  it('tools in a stream: a tool-call part with valid input and no error part', async () => {
    const result = streamText({
      model: google()(flash),
      prompt: 'Weather in Paris?',
      tools: { get_weather: weatherTool },
      toolChoice: { type: 'tool', toolName: 'get_weather' },
      maxRetries: 0,
    })
    const parts = await collect(result.fullStream)
    expect(parts.filter((p) => p.type === 'error')).toEqual([])
    const calls = parts.flatMap((p) => (p.type === 'tool-call' ? [{ toolName: p.toolName, input: p.input }] : []))
    expect(calls).toEqual([{ toolName: 'get_weather', input: { city: 'mock city', unit: 'celsius' } }])
    expect(await result.finishReason).toBe('tool-calls')
  })

  it("toolChoice 'none' answers in text", async () => {
    const result = await generateText({
      model: google()(flash),
      prompt,
      tools: { get_weather: weatherTool },
      toolChoice: 'none',
      maxRetries: 0,
    })
    expect(result.toolCalls).toEqual([])
    expect(result.text).toBe(reply)
  })

  it('maxOutputTokens cuts the reply with finish reason length, streamed or not', async () => {
    const result = await generateText({ model: google()(flash), prompt, maxOutputTokens: 4, maxRetries: 0 })
    expect(result.finishReason).toBe('length')
    expect(result.usage.outputTokens).toBe(4)
    expect(reply.startsWith(result.text)).toBe(true)
    expect(result.text.length).toBeLessThan(reply.length)

    const streamed = streamText({ model: google()(flash), prompt, maxOutputTokens: 4, maxRetries: 0 })
    const parts = await collect(streamed.fullStream)
    expect(parts.filter((p) => p.type === 'error')).toEqual([])
    expect(await streamed.text).toBe(result.text)
    expect(await streamed.finishReason).toBe('length')
  })

  it('HTTP errors become APICallError with the status: 401, 404, 403, 400', async () => {
    const cases = [
      { apiKey: 'sk-no-such-key', model: flash, prompt, status: 401 },
      { apiKey: 'sk-unrestricted', model: 'gemini-9-ultra', prompt, status: 404 },
      { apiKey: 'sk-broke-user', model: flash, prompt, status: 403 },
      { apiKey: 'sk-unrestricted', model: 'small-context-4k', prompt: 'word '.repeat(5_000), status: 400 },
    ]
    for (const { apiKey, model, prompt: text, status } of cases) {
      const error = await generateText({ model: google(apiKey)(model), prompt: text, maxRetries: 0 }).catch((e: unknown) => e)
      expect(APICallError.isInstance(error), `${status}: ${String(error)}`).toBe(true)
      expect((error as APICallError).statusCode).toBe(status)
      expect((error as APICallError).isRetryable).toBe(false)
    }
  })

  it('streamText surfaces an HTTP error as an error part, not a rejection', async () => {
    const result = streamText({ model: google('sk-broke-user')(flash), prompt, maxRetries: 0, onError: () => {} })
    const errors = (await collect(result.fullStream)).flatMap((p) => (p.type === 'error' ? [p.error] : []))
    expect(errors).toHaveLength(1)
    expect(APICallError.isInstance(errors[0])).toBe(true)
    expect((errors[0] as APICallError).statusCode).toBe(403)
    expect((errors[0] as APICallError).message).toContain('quota')
  })
})
