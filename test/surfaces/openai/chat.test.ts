import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { frozenTime } from '../../support/driven-time.ts'
import { modes, useHarness } from '../../support/modes.ts'

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Current weather in a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city', 'unit'],
    },
  },
}

describe.each(modes)('openai SDK chat completions ($name)', (mode) => {
  const harness = useHarness(mode, {
    maxBodyBytes: 64 * 1024,
    world: {
      extends: 'default',
      models: [
        {
          id: 'two-tools',
          ownedBy: 'custom',
          endpointTypes: ['openai'],
          pricing: { ratio: 1 },
          reply: {
            type: 'tool-calls',
            calls: [
              { name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } },
              { name: 'get_time', arguments: { zone: 'Europe/Paris' } },
            ],
          },
        },
        { id: 'fixed-text', ownedBy: 'custom', pricing: { ratio: 1 }, reply: { type: 'text', text: 'Always the same answer.' } },
        { id: 'forty-tokens', ownedBy: 'custom', pricing: { ratio: 1 }, reply: { type: 'lorem', tokens: 40 } },
      ],
      groups: [
        {
          name: 'default',
          models: ['gpt-4o-mini', 'gpt-4o', 'small-context-4k', 'two-tools', 'fixed-text', 'forty-tokens'],
        },
      ],
    },
  })

  // Clients are built inside each test: openai captures fetch when constructed (after msw listens).
  const client = (apiKey = 'sk-unrestricted') => new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const hello = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'Hello there' }] }

  it('answers a non-streamed completion with text, usage and the request id', async () => {
    const completion = await client().chat.completions.create(hello)
    expect(completion.id).toMatch(/^chatcmpl-\w+$/)
    expect(completion.object).toBe('chat.completion')
    expect(completion.model).toBe('gpt-4o-mini')
    expect(completion.choices).toHaveLength(1)
    expect(completion.choices[0]!.message).toMatchObject({ role: 'assistant', refusal: null })
    expect(completion.choices[0]!.message.content).toContain('Hello there')
    expect(completion.choices[0]!.finish_reason).toBe('stop')
    const usage = completion.usage!
    expect(usage.prompt_tokens).toBeGreaterThan(0)
    expect(usage.completion_tokens).toBeGreaterThan(0)
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens)
    expect(completion._request_id).toMatch(/6d6f636b/)
  })

  it('gives the same reply and usage to the same request', async () => {
    const [a, b] = await Promise.all([client().chat.completions.create(hello), client().chat.completions.create(hello)])
    expect(b.id).toBe(a.id)
    expect(b.choices).toEqual(a.choices)
    expect(b.usage).toEqual(a.usage)
    const other = await client().chat.completions.create({ ...hello, messages: [{ role: 'user', content: 'Something else' }] })
    expect(other.id).not.toBe(a.id)
  })

  it('streams the same text, one id, role first, finish_reason last, then the usage chunk', async () => {
    const reference = await client().chat.completions.create(hello)
    const stream = await client().chat.completions.create({ ...hello, stream: true, stream_options: { include_usage: true } })
    const chunks = []
    for await (const chunk of stream) chunks.push(chunk)

    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1)
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant')
    const choiceChunks = chunks.filter((chunk) => chunk.choices.length > 0)
    expect(choiceChunks.at(-1)!.choices[0]!.finish_reason).toBe('stop')
    expect(choiceChunks.slice(0, -1).every((chunk) => chunk.choices[0]!.finish_reason === null)).toBe(true)
    const text = choiceChunks.map((chunk) => chunk.choices[0]!.delta.content ?? '').join('')
    expect(text).toBe(reference.choices[0]!.message.content)
    // One chunk per token of the reply.
    expect(choiceChunks.filter((chunk) => chunk.choices[0]!.delta.content).length).toBeGreaterThan(5)

    const last = chunks.at(-1)!
    expect(last.choices).toEqual([])
    expect(last.usage).toMatchObject({
      prompt_tokens: reference.usage!.prompt_tokens,
      completion_tokens: reference.usage!.completion_tokens,
    })
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true)
  })

  it('sends no usage in a stream that did not ask for it', async () => {
    const stream = await client().chat.completions.create({ ...hello, stream: true })
    const chunks = []
    for await (const chunk of stream) chunks.push(chunk)
    expect(chunks.every((chunk) => chunk.choices.length === 1 && !('usage' in chunk))).toBe(true)
  })

  it('works with the .stream() helper and finalChatCompletion()', async () => {
    const final = await client().chat.completions.stream(hello).finalChatCompletion()
    expect(final.choices[0]!.message.content).toContain('Hello there')
    expect(final.choices[0]!.finish_reason).toBe('stop')
  })

  it('truncates at max_tokens and max_completion_tokens with finish_reason "length"', async () => {
    for (const limit of [{ max_tokens: 3 }, { max_completion_tokens: 3 }]) {
      const completion = await client().chat.completions.create({ ...hello, ...limit })
      expect(completion.choices[0]!.finish_reason).toBe('length')
      expect(completion.usage!.completion_tokens).toBe(3)
      expect(completion.choices[0]!.message.content).toBe('This is a')
    }
    const final = await client()
      .chat.completions.stream({ ...hello, max_tokens: 3 })
      .finalChatCompletion()
    expect(final.choices[0]).toMatchObject({ finish_reason: 'length', message: { content: 'This is a' } })
  })

  it('answers a repeated request anew after the model changes, and charges every time', async () => {
    const ask = { model: 'fixed-text', messages: [{ role: 'user' as const, content: 'Same question' }] }
    const used = async () => (await harness.gateway.world.tokens.findFirst((q) => q.where({ key: 'sk-unrestricted' })))!.usedQuota
    const before = await used()
    const first = await client().chat.completions.create(ask)
    expect(first.choices[0]!.message.content).toBe('Always the same answer.')
    const charged = (await used()) - before
    expect(charged).toBeGreaterThan(0)

    await harness.gateway.world.models.update((q) => q.where({ id: 'fixed-text' }), {
      data(model) {
        model.reply = { type: 'text', text: 'A new answer now.' }
      },
    })
    const second = await client().chat.completions.create(ask)
    expect(second.choices[0]!.message.content).toBe('A new answer now.')
    expect(second.id).toBe(first.id)

    await harness.gateway.world.models.update((q) => q.where({ id: 'fixed-text' }), {
      data(model) {
        model.maxOutputTokens = 2
      },
    })
    const third = await client().chat.completions.create(ask)
    expect(third.choices[0]).toMatchObject({ finish_reason: 'length', message: { content: 'A new' } })
    expect((await used()) - before).toBeGreaterThan(2 * charged)
    await harness.gateway.reset()
  })

  it('calls an offered tool with arguments that fit its schema, then answers the tool result', async () => {
    const ask = { model: 'gpt-4o', messages: [{ role: 'user' as const, content: 'Weather in Paris?' }], tools: [weatherTool] }
    const completion = await client().chat.completions.create(ask)
    const choice = completion.choices[0]!
    expect(choice.finish_reason).toBe('tool_calls')
    expect(choice.message.content).toBeNull()
    const call = choice.message.tool_calls![0]!
    expect(call).toMatchObject({ type: 'function', function: { name: 'get_weather' } })
    expect(call.id).toMatch(/^call_\w+$/)
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'mock city', unit: 'celsius' })

    const followUp = await client().chat.completions.create({
      ...ask,
      messages: [...ask.messages, choice.message, { role: 'tool', tool_call_id: call.id, content: '{"temperature":21}' }],
    })
    expect(followUp.choices[0]!.finish_reason).toBe('stop')
    expect(followUp.choices[0]!.message.content).toContain('get_weather returned: {"temperature":21}')
  })

  it('does not call tools when tool_choice is "none"', async () => {
    const completion = await client().chat.completions.create({ ...hello, tools: [weatherTool], tool_choice: 'none' })
    expect(completion.choices[0]!.finish_reason).toBe('stop')
    expect(completion.choices[0]!.message.tool_calls).toBeUndefined()
  })

  it('streams several tool calls as indexed deltas that the helper reassembles', async () => {
    const request = { model: 'two-tools', messages: [{ role: 'user' as const, content: 'Go' }] }
    const stream = await client().chat.completions.create({ ...request, stream: true })
    const firstFragments = []
    for await (const chunk of stream) {
      for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) if (delta.id) firstFragments.push(delta)
    }
    expect(firstFragments).toEqual([
      expect.objectContaining({ index: 0, type: 'function', function: { name: 'get_weather', arguments: '' } }),
      expect.objectContaining({ index: 1, type: 'function', function: { name: 'get_time', arguments: '' } }),
    ])

    const final = await client().chat.completions.stream(request).finalChatCompletion()
    const calls = final.choices[0]!.message.tool_calls!.map(
      (call) => call.type === 'function' && [call.function.name, call.function.arguments],
    )
    expect(calls).toEqual([
      ['get_weather', '{"city":"Paris","unit":"celsius"}'],
      ['get_time', '{"zone":"Europe/Paris"}'],
    ])
    expect(final.choices[0]!.finish_reason).toBe('tool_calls')
    const plain = await client().chat.completions.create(request)
    expect(plain.choices[0]!.message.tool_calls!.map((call) => call.id)).toEqual(
      final.choices[0]!.message.tool_calls!.map((call) => call.id),
    )
  })

  it('replies as the world configures the model: fixed text, or N generated tokens', async () => {
    const fixed = await client().chat.completions.create({ ...hello, model: 'fixed-text' })
    expect(fixed.choices[0]!.message.content).toBe('Always the same answer.')
    const lorem = await client().chat.completions.create({ ...hello, model: 'forty-tokens' })
    expect(lorem.usage!.completion_tokens).toBe(40)
    expect(lorem.choices[0]!.message.content!.split(' ')).toHaveLength(40)
  })

  it('throws AuthenticationError for an unknown key', async () => {
    const error = await client('sk-nobody')
      .chat.completions.create(hello)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError)
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key' })
  })

  it('throws NotFoundError for a model the key cannot use', async () => {
    const error = await client('sk-limited')
      .chat.completions.create({ ...hello, model: 'gpt-4o' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.NotFoundError)
    expect(error).toMatchObject({ status: 404, code: 'model_not_found', param: 'model' })
  })

  it('throws PermissionDeniedError when the owner has no quota', async () => {
    const error = await client('sk-broke-user')
      .chat.completions.create(hello)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError)
    expect(error).toMatchObject({ status: 403, code: 'insufficient_quota', type: 'insufficient_quota' })
  })

  it('throws BadRequestError context_length_exceeded with both numbers', async () => {
    const error = await client()
      .chat.completions.create({ ...hello, model: 'small-context-4k', max_tokens: 5000 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.BadRequestError)
    expect(error).toMatchObject({ status: 400, code: 'context_length_exceeded' })
    expect((error as Error).message).toMatch(/maximum context length is 4096 tokens\. However, you requested 50\d\d tokens/)
  })

  it('throws BadRequestError naming the field for a body that fails the schema', async () => {
    const missing = await client()
      .chat.completions.create({ model: 'gpt-4o-mini' } as never)
      .catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(OpenAI.BadRequestError)
    expect(missing).toMatchObject({ status: 400, code: 'invalid_request_error', param: 'messages' })
    expect((missing as Error).message).toContain('messages: Field required')

    const wrongType = await client()
      .chat.completions.create({ ...hello, max_tokens: 'ten' } as never)
      .catch((e: unknown) => e)
    expect(wrongType).toMatchObject({ status: 400, param: 'max_tokens' })

    const two = await client()
      .chat.completions.create({ ...hello, n: 2 })
      .catch((e: unknown) => e)
    expect(two).toMatchObject({ status: 400, param: 'n' })
    expect((two as Error).message).toContain('n must be 1')
  })

  it('throws APIError 413 for a body over the size limit', async () => {
    const error = await client()
      .chat.completions.create({ ...hello, messages: [{ role: 'user', content: 'x'.repeat(100 * 1024) }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.APIError)
    expect(error).toMatchObject({ status: 413, code: 'context_length_exceeded' })
  })
})

// The clock stands still but for the test's own advance: the seconds compared are the test's.
describe.each(modes)('openai SDK chat completions, asked again later ($name)', (mode) => {
  const harness = useHarness(mode, { time: frozenTime() })
  const client = () => new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const hello = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'Hello there' }] }

  // Identical requests share their answer's text (chat-completion.ts) while the second stays the same.
  it('answers a repeated request with the second it is made in', async () => {
    try {
      const first = await client().chat.completions.create(hello)
      harness.gateway.clock.advance(5_000)
      const second = await client().chat.completions.create(hello)
      expect(second.created).toBe(first.created + 5)
      expect({ ...second, created: 0 }).toEqual({ ...first, created: 0 })
    } finally {
      harness.gateway.clock.reset()
    }
  })

  // Identical requests share their stream's chunks (chat-stream.ts) while the header stays the same.
  it('streams a repeated request with the second it is made in: the same chunks, a new created', async () => {
    const streamed = async () => {
      const chunks = []
      for await (const chunk of await client().chat.completions.create({ ...hello, stream: true })) chunks.push(chunk)
      return chunks
    }
    try {
      const first = await streamed()
      harness.gateway.clock.advance(5_000)
      const second = await streamed()
      expect(second.map((chunk) => chunk.created)).toEqual(first.map((chunk) => chunk.created + 5))
      expect(second.map((chunk) => ({ ...chunk, created: 0 }))).toEqual(first.map((chunk) => ({ ...chunk, created: 0 })))
    } finally {
      harness.gateway.clock.reset()
    }
  })
})
