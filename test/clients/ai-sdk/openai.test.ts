import { createOpenAI } from '@ai-sdk/openai'
import { APICallError, generateText, streamText } from 'ai'
import { describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../../support/modes.ts'
import { streamWeatherLoop } from '../../support/weather-tool.ts'

describe.each(eitherMode)('Vercel AI SDK through createOpenAI().chat ($name)', (mode) => {
  const harness = useHarness(mode)
  const model = (apiKey = 'sk-unrestricted', id = 'gpt-4o-mini') => createOpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1` }).chat(id)

  it('generateText returns the reply, its finish reason and usage', async () => {
    const result = await generateText({ model: model(), prompt: 'Hello from the AI SDK', maxRetries: 0 })
    expect(result.text).toBe('This is a mock reply from gpt-4o-mini. You said: "Hello from the AI SDK"')
    expect(result.finishReason).toBe('stop')
    expect(result.usage.inputTokens).toBeGreaterThan(0)
    expect(result.usage.outputTokens).toBeGreaterThan(0)
  })

  it('streamText streams the same text with usage and no error part', async () => {
    const result = streamText({ model: model(), prompt: 'Hello from the AI SDK', maxRetries: 0 })
    const parts = []
    for await (const part of result.fullStream) parts.push(part)
    expect(parts.filter((part) => part.type === 'error')).toEqual([])
    expect(parts.filter((part) => part.type === 'text-delta').length).toBeGreaterThan(5)
    expect(await result.text).toBe('This is a mock reply from gpt-4o-mini. You said: "Hello from the AI SDK"')
    expect(await result.finishReason).toBe('stop')
    expect((await result.usage).outputTokens).toBeGreaterThan(0)
  })

  it('runs a tool loop: the model calls the tool, then answers its result', async () => {
    const { parts, result } = await streamWeatherLoop(model('sk-unrestricted', 'gpt-4o'))
    expect(parts.filter((part) => part.type === 'error')).toEqual([])
    const call = parts.find((part) => part.type === 'tool-call')
    expect(call).toMatchObject({ toolName: 'get_weather', input: { city: 'mock city' } })
    expect(await result.text).toContain('get_weather returned: {"city":"mock city","temperature":21}')
  })

  it('surfaces gateway errors as APICallError with the status', async () => {
    const error = await generateText({ model: model('sk-broke-user'), prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e)
    expect(APICallError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ statusCode: 403, isRetryable: false })
    expect((error as Error).message).toContain('has no quota left')
  })
})
