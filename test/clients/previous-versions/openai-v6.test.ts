import OpenAI from 'openai-v6'
import { zodResponseFormat, zodTextFormat } from 'openai-v6/helpers/zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { RequestLogEntry } from '../../../src/index.ts'
import { eitherMode, useHarness } from '../../support/modes.ts'
import { rejection } from '../../support/rejection.ts'

const reply = (prompt: string) => `This is a mock reply from gpt-4o-mini. You said: "${prompt}"`
const hello = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'Hello from openai 6' }] }
const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
}
const weather = z.object({ city: z.string(), conditions: z.enum(['sunny', 'cloudy', 'rain']), summary: z.string() })

// The previous major of the openai SDK (what Node 20 still gets), installed as the npm alias openai-v6.
describe.each(eitherMode)('openai 6 ($name)', (mode) => {
  const log: RequestLogEntry[] = []
  const harness = useHarness(mode, { onRequest: (entry) => log.push(entry) })
  // Built inside each test: openai captures fetch when constructed (after msw listens).
  const client = (apiKey = 'sk-unrestricted') => new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })

  it('models.list: the models the key may see, in the OpenAI shape', async () => {
    const page = await client('sk-limited').models.list()
    expect(page.data.map((model) => model.id)).toEqual(['gpt-4o-mini', 'gemini-2.5-flash'])
    expect(page.data[0]).toMatchObject({ id: 'gpt-4o-mini', object: 'model', owned_by: 'openai' })
  })

  it('chat.completions.create: text, finish reason, usage and the request id', async () => {
    const completion = await client().chat.completions.create(hello)
    expect(completion.choices[0]!.message.content).toBe(reply('Hello from openai 6'))
    expect(completion.choices[0]!.finish_reason).toBe('stop')
    expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens)
    expect(completion._request_id).toMatch(/6d6f636b/)
  })

  it('chat.completions.create with stream: the same text in pieces, usage last; the .stream() helper agrees', async () => {
    const whole = await client().chat.completions.create(hello)
    const stream = await client().chat.completions.create({ ...hello, stream: true, stream_options: { include_usage: true } })
    const chunks = []
    for await (const chunk of stream) chunks.push(chunk)
    expect(chunks.length).toBeGreaterThan(5)
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe(whole.choices[0]!.message.content)
    expect(chunks.at(-1)!.usage).toMatchObject({ completion_tokens: whole.usage!.completion_tokens })
    const final = await client().chat.completions.stream(hello).finalChatCompletion()
    expect(final.choices[0]!.message.content).toBe(whole.choices[0]!.message.content)
  })

  it('responses.create, plain and streamed: output_text and usage from /v1/responses', async () => {
    const response = await client().responses.create({ model: 'gpt-4o-mini', input: 'Hello from openai 6' })
    expect(log.at(-1)!.path).toBe('/v1/responses')
    expect(response).toMatchObject({ object: 'response', status: 'completed' })
    expect(response.output_text).toBe(reply('Hello from openai 6'))
    expect(response.usage!.output_tokens).toBeGreaterThan(0)

    const stream = await client().responses.create({ model: 'gpt-4o-mini', input: 'Hello from openai 6', stream: true })
    const deltas: string[] = []
    let completed: OpenAI.Responses.Response | undefined
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') deltas.push(event.delta)
      if (event.type === 'response.completed') completed = event.response
    }
    expect(deltas.join('')).toBe(response.output_text)
    expect(completed!.id).toBe(response.id)
  })

  it('a tool call: tool_calls with finish reason tool_calls, then the tool result is answered', async () => {
    const ask = { ...hello, messages: [{ role: 'user' as const, content: 'Weather in Paris?' }], tools: [weatherTool] }
    const completion = await client().chat.completions.create(ask)
    const choice = completion.choices[0]!
    expect(choice.finish_reason).toBe('tool_calls')
    const call = choice.message.tool_calls![0]!
    expect(call.type === 'function' && call.function.name).toBe('get_weather')
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: expect.any(String) })
    const answer = await client().chat.completions.create({
      ...ask,
      messages: [...ask.messages, choice.message, { role: 'tool', tool_call_id: call.id, content: '{"temperature":21}' }],
    })
    expect(answer.choices[0]!.finish_reason).toBe('stop')
    expect(answer.choices[0]!.message.content).toContain('get_weather returned: {"temperature":21}')
  })

  it('structured output: chat.completions.parse with zodResponseFormat, responses.parse with zodTextFormat', async () => {
    const prompt = 'Weather in Paris as JSON'
    const chat = await client().chat.completions.parse({
      ...hello,
      messages: [{ role: 'user', content: prompt }],
      response_format: zodResponseFormat(weather, 'weather'),
    })
    expect(chat.choices[0]!.message.parsed).toEqual({ city: expect.any(String), conditions: 'sunny', summary: reply(prompt) })

    const response = await client().responses.parse({
      model: 'gpt-4o-mini',
      input: prompt,
      text: { format: zodTextFormat(weather, 'weather') },
    })
    expect(response.output_parsed).toEqual(chat.choices[0]!.message.parsed)
  })

  it('embeddings.create: base64 by default, decoded to the same vector as float', async () => {
    const asDefault = await client().embeddings.create({ model: 'text-embedding-3-small', input: ['weather in Paris', 'bread'] })
    const asFloat = await client().embeddings.create({
      model: 'text-embedding-3-small',
      input: ['weather in Paris', 'bread'],
      encoding_format: 'float',
    })
    expect(asDefault.data.map((item) => item.embedding.length)).toEqual([1536, 1536])
    expect(asDefault.data[0]!.embedding).toEqual(asFloat.data[0]!.embedding)
    expect(asDefault.usage.prompt_tokens).toBeGreaterThan(0)
  })

  it('a wrong key: AuthenticationError (401) on every call', async () => {
    for (const call of [
      () => client('sk-nobody').models.list(),
      () => client('sk-nobody').chat.completions.create(hello),
      () => client('sk-nobody').responses.create({ model: 'gpt-4o-mini', input: 'Hi' }),
      () => client('sk-nobody').embeddings.create({ model: 'text-embedding-3-small', input: 'Hi' }),
    ]) {
      const error = await rejection(call())
      expect(error).toBeInstanceOf(OpenAI.AuthenticationError)
      expect(error).toMatchObject({ status: 401 })
    }
  })

  it('a model the key cannot use: NotFoundError (404) naming it', async () => {
    const error = await rejection(client('sk-limited').chat.completions.create({ ...hello, model: 'gpt-4o' }))
    expect(error).toBeInstanceOf(OpenAI.NotFoundError)
  })
})

describe.each(eitherMode)('openai 6 against the new-api profile ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })
  const client = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })

  it('completes, and a wrong key is AuthenticationError (401) with new-api’s request id', async () => {
    expect((await client('sk-unrestricted').chat.completions.create(hello)).choices[0]!.message.content).toBe(reply('Hello from openai 6'))
    const error = await rejection(client('sk-nobody').chat.completions.create(hello))
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError)
    expect((error as InstanceType<typeof OpenAI.AuthenticationError>).message).toMatch(/request id: /)
  })
})
