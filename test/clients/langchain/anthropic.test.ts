import { ChatAnthropic } from '@langchain/anthropic'
import { HumanMessage, ToolMessage, type AIMessageChunk } from '@langchain/core/messages'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { RequestLogEntry } from '../../../src/index.ts'
import { eitherMode, useHarness } from '../../support/modes.ts'
import { recordingFetch } from '../../support/recording-fetch.ts'
import { rejection } from '../../support/rejection.ts'
import { getWeather } from '../../support/langchain-weather-tool.ts'

const weather = z.object({
  city: z.string(),
  conditions: z.enum(['sunny', 'cloudy', 'rain']),
  temperature: z.number().min(-50).max(60),
  summary: z.string(),
})
const sonnet = 'claude-sonnet-4-6'
const reply = (prompt: string) => `This is a mock reply from ${sonnet}. You said: "${prompt}"`

// @langchain/anthropic 1.5 brings its own @anthropic-ai/sdk (0.122): its errors are that copy's classes, so they
// are recognised by class name and status here, not with instanceof against the top-level SDK.
const className = (error: unknown) => (error as object).constructor.name
describe.each(eitherMode)('LangChain ChatAnthropic ($name)', (mode) => {
  const log: RequestLogEntry[] = []
  const harness = useHarness(mode, { onRequest: (entry) => log.push(entry) })
  const bodies: Record<string, unknown>[] = []
  // ChatAnthropic builds its client on first use, so a model made in a test sees msw's fetch.
  const chat = (apiKey = 'sk-unrestricted') =>
    new ChatAnthropic({
      model: sonnet,
      apiKey,
      maxRetries: 0,
      anthropicApiUrl: harness.baseUrl,
      clientOptions: { fetch: recordingFetch(bodies) },
    })
  const lastPath = () => log.at(-1)?.path

  it('invoke: the reply text, usage metadata, the stop reason and the message id', async () => {
    const message = await chat().invoke('Hello from LangChain')
    expect(lastPath()).toBe('/v1/messages')
    expect(message.text).toBe(reply('Hello from LangChain'))
    expect(message.usage_metadata!.input_tokens).toBeGreaterThan(0)
    expect(message.usage_metadata!.output_tokens).toBeGreaterThan(0)
    expect(message.response_metadata).toMatchObject({ stop_reason: 'end_turn', model: sonnet })
    expect(message.id).toMatch(/^msg_\w+$/)
  })

  it('stream: chunks that add up to the invoked text, with usage', async () => {
    const whole = await chat().invoke('Hello from LangChain')
    const chunks: AIMessageChunk[] = []
    for await (const chunk of await chat().stream('Hello from LangChain')) chunks.push(chunk)
    expect(bodies.at(-1)).toMatchObject({ stream: true })
    expect(chunks.length).toBeGreaterThan(5)
    const merged = chunks.reduce((sum, chunk) => sum.concat(chunk))
    expect(merged.text).toBe(whole.text)
    // LangChain adds message_start's output_tokens (1, as the API sends it) to message_delta's final count.
    expect(merged.usage_metadata).toMatchObject({
      input_tokens: whole.usage_metadata!.input_tokens,
      output_tokens: whole.usage_metadata!.output_tokens + 1,
    })
  })

  it('bindTools: a tool_use block becomes a tool call; its result goes back and is answered', async () => {
    const model = chat().bindTools([getWeather])
    const question = new HumanMessage('Weather in Paris?')
    const call = await model.invoke([question])
    expect(bodies.at(-1)).toMatchObject({ tools: [{ name: 'get_weather', input_schema: { type: 'object' } }] })
    expect(call.tool_calls).toHaveLength(1)
    expect(call.tool_calls![0]).toMatchObject({
      name: 'get_weather',
      args: { city: expect.any(String) },
      id: expect.stringMatching(/^toolu_/),
    })
    expect(call.response_metadata.stop_reason).toBe('tool_use')

    const result = await getWeather.invoke(call.tool_calls![0]!)
    expect(result).toBeInstanceOf(ToolMessage)
    const answer = await model.invoke([question, call, result])
    expect(answer.tool_calls).toEqual([])
    expect(answer.text).toContain('get_weather returned:')
  })

  it('bindTools while streaming: the input_json_delta pieces concatenate to whole arguments', async () => {
    const chunks: AIMessageChunk[] = []
    for await (const chunk of await chat().bindTools([getWeather]).stream('Weather in Paris?')) chunks.push(chunk)
    const merged = chunks.reduce((sum, chunk) => sum.concat(chunk))
    expect(merged.tool_calls).toHaveLength(1)
    expect(merged.tool_calls![0]).toMatchObject({ name: 'get_weather', args: { city: expect.any(String) } })
  })

  it.each([
    { method: 'functionCalling' as const, sent: { tools: [{ name: 'weather' }], tool_choice: { type: 'tool', name: 'weather' } } },
    { method: 'jsonSchema' as const, sent: { output_config: { format: { type: 'json_schema' } } } },
  ])('withStructuredOutput (method $method) returns an object the zod schema accepts', async ({ method, sent }) => {
    const result = await chat().withStructuredOutput(weather, { method, name: 'weather' }).invoke('Weather in Paris as JSON')
    expect(bodies.at(-1)).toMatchObject(sent)
    expect(weather.safeParse(result).error).toBeUndefined()
  })

  it('withStructuredOutput (jsonSchema): the enum and bounds its SDK moved into descriptions are honoured', async () => {
    const result = await chat().withStructuredOutput(weather, { method: 'jsonSchema' }).invoke('Weather in Paris as JSON')
    // The SDK copy inside @langchain/anthropic writes `{enum: [...]}` and `{minimum: -50, maximum: 60}` where the model reads them.
    const sent = bodies.at(-1) as {
      output_config: { format: { schema: { properties: Record<string, { enum?: unknown; description?: string }> } } }
    }
    const { conditions } = sent.output_config.format.schema.properties
    expect(conditions).toEqual({ type: 'string', description: '{enum: ["sunny","cloudy","rain"]}' })
    expect(result).toMatchObject({ conditions: 'sunny', summary: reply('Weather in Paris as JSON') })
  })

  it('a wrong key: the SDK AuthenticationError (401), marked MODEL_AUTHENTICATION', async () => {
    const error = await rejection(chat('sk-nobody').invoke('Hi'))
    expect(className(error)).toBe('AuthenticationError')
    expect(error).toMatchObject({ status: 401, lc_error_code: 'MODEL_AUTHENTICATION' })
    expect(error).toMatchObject({ error: { type: 'error', error: { type: 'authentication_error' } } })
  })
})

describe.each(eitherMode)('LangChain ChatAnthropic against the new-api profile ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })
  const chat = (apiKey: string) => new ChatAnthropic({ model: sonnet, apiKey, maxRetries: 0, anthropicApiUrl: harness.baseUrl })

  it('invokes, and a wrong key is still the AuthenticationError (401)', async () => {
    expect((await chat('sk-unrestricted').invoke('Hello from LangChain')).text).toBe(reply('Hello from LangChain'))
    const error = await rejection(chat('sk-nobody').invoke('Hi'))
    expect(className(error)).toBe('AuthenticationError')
    expect(error).toMatchObject({ status: 401, lc_error_code: 'MODEL_AUTHENTICATION' })
  })
})
