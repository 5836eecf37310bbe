import Anthropic from 'anthropic-sdk-v0'
import { zodOutputFormat } from 'anthropic-sdk-v0/helpers/zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { eitherMode, useHarness } from '../../support/modes.ts'
import { recordingFetch } from '../../support/recording-fetch.ts'
import { rejection } from '../../support/rejection.ts'

const sonnet = 'claude-sonnet-4-6'
const reply = (prompt: string) => `This is a mock reply from ${sonnet}. You said: "${prompt}"`
const hello = { model: sonnet, max_tokens: 1024, messages: [{ role: 'user' as const, content: 'Hello from 0.x' }] }

// The previous major of @anthropic-ai/sdk, installed as the npm alias anthropic-sdk-v0. Unlike 1.x it sends
// `x-api-key` and `anthropic-version: 2023-06-01`, so the gateway answers in the 2023-06-01 shape.
describe.each(eitherMode)('@anthropic-ai/sdk 0.x ($name)', (mode) => {
  const harness = useHarness(mode)
  const sent: Record<string, unknown>[] = []
  const headers: Headers[] = []
  // Built inside each test: the SDK captures fetch when constructed (after msw listens).
  const client = (apiKey = 'sk-unrestricted') =>
    new Anthropic({
      apiKey,
      baseURL: harness.baseUrl,
      maxRetries: 0,
      fetch: (input, init) => {
        headers.push(new Headers(init?.headers))
        return recordingFetch(sent)(input, init)
      },
    })

  it('messages.create: text, end_turn, usage; sent with x-api-key and anthropic-version 2023-06-01', async () => {
    const message = await client().messages.create(hello)
    expect(headers.at(-1)!.get('x-api-key')).toBe('sk-unrestricted')
    expect(headers.at(-1)!.get('anthropic-version')).toBe('2023-06-01')
    expect(message).toMatchObject({ type: 'message', role: 'assistant', model: sonnet, stop_reason: 'end_turn' })
    expect(message.content).toEqual([{ type: 'text', text: reply('Hello from 0.x') }])
    expect(message.usage.output_tokens).toBeGreaterThan(0)
    expect(message._request_id).toMatch(/6d6f636b/)
  })

  it('messages.countTokens agrees with the usage of messages.create', async () => {
    const message = await client().messages.create(hello)
    const counted = await client().messages.countTokens({ model: sonnet, messages: hello.messages })
    expect(counted.input_tokens).toBe(message.usage.input_tokens)
  })

  it('messages.create with stream, and the .stream() helper: the same text and final message', async () => {
    const whole = await client().messages.create(hello)
    const events = []
    for await (const event of await client().messages.create({ ...hello, stream: true })) events.push(event)
    expect(events[0]!.type).toBe('message_start')
    expect(events.at(-1)!.type).toBe('message_stop')
    const text = events.map((event) => (event.type === 'content_block_delta' && event.delta.type === 'text_delta' ? event.delta.text : ''))
    expect(text.join('')).toBe(reply('Hello from 0.x'))

    const stream = client().messages.stream(hello)
    const deltas: string[] = []
    stream.on('text', (delta) => deltas.push(delta))
    const final = await stream.finalMessage()
    expect(deltas.join('')).toBe(reply('Hello from 0.x'))
    expect(final.content).toEqual(whole.content)
    expect(final.usage.output_tokens).toBe(whole.usage.output_tokens)
  })

  it('a tool call: tool_use with the stop reason tool_use, then the tool result is answered', async () => {
    const tools = [
      {
        name: 'get_weather',
        description: 'Weather in a city',
        input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ]
    const question = { role: 'user' as const, content: 'Weather in Paris?' }
    const call = await client().messages.create({ ...hello, messages: [question], tools })
    expect(call.stop_reason).toBe('tool_use')
    const use = call.content.find((block) => block.type === 'tool_use')!
    expect(use).toMatchObject({ name: 'get_weather', input: { city: expect.any(String) }, id: expect.stringMatching(/^toolu_/) })
    const answer = await client().messages.create({
      ...hello,
      tools,
      messages: [
        question,
        { role: 'assistant', content: call.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: '{"temperature":21}' }] },
      ],
    })
    expect(answer.stop_reason).toBe('end_turn')
    expect(answer.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('get_weather returned:') })
  })

  it('messages.parse with zodOutputFormat: the enum 0.x moves into a description is honoured', async () => {
    const weather = z.object({ city: z.string(), conditions: z.enum(['sunny', 'cloudy', 'rain']), summary: z.string() })
    const message = await client().messages.parse({ ...hello, output_config: { format: zodOutputFormat(weather) } })
    const schema = (sent.at(-1) as { output_config: { format: { schema: { properties: Record<string, unknown> } } } }).output_config.format
      .schema
    expect(schema.properties.conditions).toEqual({ type: 'string', description: '{enum: ["sunny","cloudy","rain"]}' })
    expect(message.parsed_output).toEqual({ city: 'mock city', conditions: 'sunny', summary: reply('Hello from 0.x') })
  })

  it('models.list: the Anthropic shape (0.x sends x-api-key and anthropic-version)', async () => {
    const models = []
    for await (const model of client('sk-limited').models.list()) models.push(model)
    expect(models.map((model) => model.id)).toEqual(['gpt-4o-mini', 'gemini-2.5-flash'])
    expect(models[0]).toMatchObject({ type: 'model', id: 'gpt-4o-mini', display_name: expect.any(String) })
  })

  it('a wrong key: AuthenticationError (401) in the Anthropic envelope, on messages and models', async () => {
    for (const call of [() => client('sk-nobody').messages.create(hello), () => client('sk-nobody').models.list()]) {
      const error = await rejection(call())
      expect(error).toBeInstanceOf(Anthropic.AuthenticationError)
      expect(error).toMatchObject({ status: 401, error: { type: 'error', error: { type: 'authentication_error' } } })
    }
  })
})

describe.each(eitherMode)('@anthropic-ai/sdk 0.x against the new-api profile ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })
  const client = (apiKey: string) => new Anthropic({ apiKey, baseURL: harness.baseUrl, maxRetries: 0 })

  it('messages.create, models.list (x-api-key with anthropic-version: the Anthropic list), and a wrong key is AuthenticationError', async () => {
    const message = await client('sk-unrestricted').messages.create(hello)
    expect(message.content[0]).toMatchObject({ type: 'text', text: reply('Hello from 0.x') })
    const models = []
    for await (const model of client('sk-limited').models.list()) models.push(model)
    expect(models.map((model) => model.id)).toEqual(['gpt-4o-mini', 'gemini-2.5-flash'])
    expect(models[0]).toMatchObject({ type: 'model' })
    const error = await rejection(client('sk-nobody').messages.create(hello))
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError)
    expect(error).toMatchObject({ status: 401 })
  })
})
