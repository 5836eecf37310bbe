import { createOpenAI } from '@ai-sdk/openai'
import { APICallError, generateText, streamText } from 'ai'
import { afterEach, describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../../support/modes.ts'
import { streamWeatherLoop } from '../../support/weather-tool.ts'

// The AI SDK's default OpenAI model calls the Responses API.
describe.each(eitherMode)('Vercel AI SDK through the default createOpenAI() model ($name)', (mode) => {
  const harness = useHarness(mode)
  const model = (apiKey = 'sk-unrestricted', id = 'gpt-4o-mini') => createOpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1` })(id)
  const reply = 'This is a mock reply from gpt-4o-mini. You said: "Hello from the AI SDK"'

  afterEach(() => harness.gateway.reset())

  it('generateText returns the reply, its finish reason and usage, from POST /v1/responses', async () => {
    const result = await generateText({ model: model(), prompt: 'Hello from the AI SDK', maxRetries: 0 })
    expect(result.text).toBe(reply)
    expect(result.finishReason).toBe('stop')
    expect(result.usage.inputTokens).toBeGreaterThan(0)
    expect(result.usage.outputTokens).toBeGreaterThan(0)
    expect(result.response.id).toMatch(/^resp_\w+$/)
    expect(harness.gateway.journal.entries.at(-1)).toMatchObject({ method: 'POST', path: '/v1/responses', status: 200 })
  })

  it('streamText streams the same text with usage and no error part', async () => {
    const result = streamText({ model: model(), prompt: 'Hello from the AI SDK', maxRetries: 0 })
    const parts = []
    for await (const part of result.fullStream) parts.push(part)
    expect(parts.filter((part) => part.type === 'error')).toEqual([])
    expect(parts.filter((part) => part.type === 'text-delta').length).toBeGreaterThan(5)
    expect(await result.text).toBe(reply)
    expect(await result.finishReason).toBe('stop')
    const usage = await result.usage
    expect(usage.inputTokens).toBeGreaterThan(0)
    expect(usage.outputTokens).toBeGreaterThan(0)
  })

  it('runs a tool loop: the model calls the tool, then answers its result', async () => {
    const { parts, result } = await streamWeatherLoop(model('sk-unrestricted', 'gpt-4o'))
    expect(parts.filter((part) => part.type === 'error')).toEqual([])
    const call = parts.find((part) => part.type === 'tool-call')
    expect(call).toMatchObject({ toolName: 'get_weather', input: { city: 'mock city' } })
    expect(await result.text).toContain('get_weather returned: {"city":"mock city","temperature":21}')
  })

  it('continues a conversation: the previous reply goes back as a stored item reference', async () => {
    const sent: unknown[] = []
    const recording = createOpenAI({
      apiKey: 'sk-unrestricted',
      baseURL: `${harness.baseUrl}/v1`,
      fetch: (input, init) => {
        sent.push(JSON.parse(String(init?.body)))
        return fetch(input, init)
      },
    })('gpt-4o-mini')
    const first = await generateText({ model: recording, prompt: 'Hello from the AI SDK', maxRetries: 0 })
    const second = await generateText({
      model: recording,
      messages: [{ role: 'user', content: 'Hello from the AI SDK' }, ...first.response.messages, { role: 'user', content: 'And again' }],
      maxRetries: 0,
    })
    expect(sent[1]).toMatchObject({
      input: [expect.anything(), { type: 'item_reference', id: expect.stringMatching(/^msg_/) }, expect.anything()],
    })
    expect(second.text).toBe('This is a mock reply from gpt-4o-mini. You said: "And again"')
    // The referenced reply is part of the prompt.
    expect(second.usage.inputTokens).toBeGreaterThan(first.usage.inputTokens! + first.usage.outputTokens! - 5)
  })

  it('finishes with "length" at maxOutputTokens', async () => {
    const result = await generateText({
      model: model(),
      prompt: 'A long prompt to quote back. '.repeat(5),
      maxOutputTokens: 16,
      maxRetries: 0,
    })
    expect(result.finishReason).toBe('length')
    expect(result.usage.outputTokens).toBe(16)
  })

  it('surfaces gateway errors as APICallError with the status: a wrong key is 401, a scenario failure its own', async () => {
    const badKey = await generateText({ model: model('sk-nobody'), prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e)
    expect(APICallError.isInstance(badKey)).toBe(true)
    expect(badKey).toMatchObject({ statusCode: 401, isRetryable: false })

    await harness.gateway.useScenario({
      name: 'busy',
      rules: [{ when: { route: 'POST /v1/responses' }, then: { fail: { code: 'rate_limit_exceeded' } } }],
    })
    const limited = await generateText({ model: model(), prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e)
    expect(APICallError.isInstance(limited)).toBe(true)
    expect(limited).toMatchObject({ statusCode: 429, isRetryable: true })
  })

  it('a stream a scenario breaks with an error after some text: an error part in fullStream, finish reason "error"', async () => {
    await harness.gateway.useScenario({
      name: 'break',
      rules: [{ then: { breakStream: { afterChunks: 3, error: { code: 'internal_error', message: 'Broke mid-way.' } } } }],
    })
    const result = streamText({ model: model(), prompt: 'Hello from the AI SDK', maxRetries: 0, onError: () => {} })
    const parts = []
    for await (const part of result.fullStream) parts.push(part)
    const deltas = parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : []))
    expect(deltas).toHaveLength(3)
    expect(reply.startsWith(deltas.join(''))).toBe(true)
    const errors = parts.filter((part) => part.type === 'error')
    expect(errors).toHaveLength(1)
    expect(String((errors[0] as { error: { message?: string } }).error.message)).toContain('Broke mid-way.')
    expect(await result.finishReason).toBe('error')
  })
})
