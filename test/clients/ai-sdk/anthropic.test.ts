import { createAnthropic } from '@ai-sdk/anthropic'
import { APICallError, generateText, streamText, tool } from 'ai'
import { describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../../support/modes.ts'
import { getWeather, streamWeatherLoop } from '../../support/weather-tool.ts'

describe.each(eitherMode)('Vercel AI SDK through createAnthropic ($name)', (mode) => {
  const harness = useHarness(mode)
  // @ai-sdk/anthropic wants the base URL *with* /v1, and sends x-api-key + anthropic-version 2023-06-01.
  const model = (apiKey = 'sk-unrestricted', id = 'claude-sonnet-4-6') => createAnthropic({ apiKey, baseURL: `${harness.baseUrl}/v1` })(id)
  const expected = 'This is a mock reply from claude-sonnet-4-6. You said: "Hello from the AI SDK"'

  it('generateText returns the reply, its finish reason and usage', async () => {
    const result = await generateText({ model: model(), prompt: 'Hello from the AI SDK', maxRetries: 0 })
    expect(result.text).toBe(expected)
    expect(result.finishReason).toBe('stop')
    expect(result.usage.inputTokens).toBeGreaterThan(0)
    expect(result.usage.outputTokens).toBeGreaterThan(0)
    expect(result.response.id).toMatch(/^msg_\w+$/)
  })

  it('streamText streams the same text with usage and no error part', async () => {
    const reference = await generateText({ model: model(), prompt: 'Hello from the AI SDK', maxRetries: 0 })
    const result = streamText({ model: model(), prompt: 'Hello from the AI SDK', maxRetries: 0 })
    const parts = []
    for await (const part of result.fullStream) parts.push(part)
    expect(parts.filter((part) => part.type === 'error')).toEqual([])
    expect(parts.filter((part) => part.type === 'text-delta').length).toBeGreaterThan(5)
    expect(await result.text).toBe(expected)
    expect(await result.finishReason).toBe('stop')
    const usage = await result.usage
    expect(usage.inputTokens).toBe(reference.usage.inputTokens)
    expect(usage.outputTokens).toBe(reference.usage.outputTokens)
  })

  it('passes the system prompt and reports a max_tokens cut as finish reason length', async () => {
    const plain = await generateText({ model: model(), prompt: 'Hello from the AI SDK', maxRetries: 0 })
    const result = await generateText({
      model: model(),
      system: 'Answer in one short sentence.',
      prompt: 'Hello from the AI SDK',
      maxOutputTokens: 4,
      maxRetries: 0,
    })
    expect(result.finishReason).toBe('length')
    expect(result.usage.outputTokens).toBe(4)
    expect(result.usage.inputTokens).toBeGreaterThan(plain.usage.inputTokens!)
    expect(expected.startsWith(result.text)).toBe(true)
  })

  it('generateText reports the tool call the model makes', async () => {
    const result = await generateText({
      model: model(),
      prompt: 'Weather in Paris?',
      tools: { get_weather: tool({ description: getWeather.description, inputSchema: getWeather.inputSchema }) },
      maxRetries: 0,
    })
    expect(result.finishReason).toBe('tool-calls')
    expect(result.toolCalls).toEqual([expect.objectContaining({ toolName: 'get_weather', input: { city: 'mock city' } })])
  })

  it('runs a streamed tool loop: the model calls the tool, then answers its result', async () => {
    const { parts, result } = await streamWeatherLoop(model())
    expect(parts.filter((part) => part.type === 'error')).toEqual([])
    expect(parts.find((part) => part.type === 'tool-call')).toMatchObject({ toolName: 'get_weather', input: { city: 'mock city' } })
    expect(await result.text).toContain('The tool get_weather returned: {"city":"mock city","temperature":21}')
    expect(await result.finishReason).toBe('stop')
  })

  it('surfaces gateway errors as APICallError with the status and the Anthropic message', async () => {
    const broke = await generateText({ model: model('sk-broke-user'), prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e)
    expect(APICallError.isInstance(broke)).toBe(true)
    expect(broke).toMatchObject({ statusCode: 403, isRetryable: false })
    expect((broke as Error).message).toContain('has no quota left')

    const unknownKey = await generateText({ model: model('sk-nobody'), prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e)
    expect(unknownKey).toMatchObject({ statusCode: 401 })
    expect((unknownKey as Error).message).toContain('no such key')

    const hidden = await generateText({ model: model('sk-unrestricted', 'claude-opus-4-1'), prompt: 'Hi', maxRetries: 0 }).catch(
      (e: unknown) => e,
    )
    expect(hidden).toMatchObject({ statusCode: 404 })
    expect((hidden as Error).message).toContain("The model 'claude-opus-4-1' does not exist")
  })
})
