import Anthropic, { type APIError } from '@anthropic-ai/sdk'
import { describe, expect, it } from 'vitest'
import { modes, useHarness } from '../../support/modes.ts'

const weatherTool = {
  name: 'get_weather',
  description: 'Current weather in a city',
  input_schema: {
    type: 'object' as const,
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['city', 'unit'],
  },
}

describe.each(modes)('@anthropic-ai/sdk messages ($name)', (mode) => {
  const harness = useHarness(mode, {
    world: {
      extends: 'default',
      models: [
        {
          id: 'claude-checks-weather',
          ownedBy: 'claude',
          endpointTypes: ['anthropic'],
          pricing: { ratio: 1 },
          reply: {
            type: 'tool-calls',
            text: 'Let me check.',
            calls: [
              { name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } },
              { name: 'get_time', arguments: { zone: 'Europe/Paris' } },
            ],
          },
        },
      ],
      groups: [{ name: 'default', models: ['gpt-4o-mini', 'claude-sonnet-4-6', 'small-context-4k', 'claude-checks-weather'] }],
    },
  })

  // Built inside each test: the SDK captures fetch when constructed, i.e. after msw listens.
  const client = (apiKey = 'sk-unrestricted') => new Anthropic({ apiKey, baseURL: harness.baseUrl, maxRetries: 0 })
  const hello = {
    model: 'claude-sonnet-4-6',
    max_tokens: 1024,
    messages: [{ role: 'user' as const, content: 'Hello there, Claude' }],
  }

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${harness.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'sk-unrestricted', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  it('answers a message with text, end_turn, usage that count_tokens agrees with, and the request id', async () => {
    const message = await client().messages.create(hello)
    expect(message).toMatchObject({ type: 'message', role: 'assistant', model: 'claude-sonnet-4-6', stop_reason: 'end_turn' })
    expect(message.id).toMatch(/^msg_\w+$/)
    expect(message.stop_sequence).toBeNull()
    expect(message.content).toHaveLength(1)
    const [block] = message.content
    expect(block!.type).toBe('text')
    expect(block!.type === 'text' && block!.text).toContain('"Hello there, Claude"')
    expect(message.usage.input_tokens).toBeGreaterThan(0)
    expect(message.usage.output_tokens).toBeGreaterThan(0)
    expect(message.usage).toMatchObject({ cache_creation_input_tokens: 0, cache_read_input_tokens: 0, service_tier: 'standard' })
    const counted = await client().messages.countTokens({ model: hello.model, messages: hello.messages })
    expect(counted.input_tokens).toBe(message.usage.input_tokens)
    expect(message._request_id).toMatch(/^\d{23}6d6f636b\w{8}$/)
  })

  it('streams raw events in the documented order, adding up to the non-streamed message', async () => {
    const reference = await client().messages.create(hello)
    const stream = await client().messages.create({ ...hello, stream: true })
    const events = []
    for await (const event of stream) events.push(event)

    const types = events.map((event) => event.type)
    const deltas = types.filter((type) => type === 'content_block_delta').length
    expect(deltas).toBeGreaterThan(5)
    expect(types).toEqual([
      'message_start',
      'content_block_start',
      ...Array<string>(deltas).fill('content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ])
    const start = events[0]!.type === 'message_start' ? events[0]!.message : undefined
    expect(start).toMatchObject({ id: reference.id, content: [], stop_reason: null, usage: { input_tokens: reference.usage.input_tokens } })
    expect(events[1]).toMatchObject({ index: 0, content_block: { type: 'text', text: '' } })
    const text = events
      .map((event) => (event.type === 'content_block_delta' && event.delta.type === 'text_delta' ? event.delta.text : ''))
      .join('')
    expect(text).toBe(reference.content[0]!.type === 'text' && reference.content[0]!.text)
    expect(events.at(-2)).toMatchObject({
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: reference.usage.output_tokens },
    })
  })

  it('builds the same message with the messages.stream() helper', async () => {
    const reference = await client().messages.create(hello)
    const streamed = client().messages.stream(hello)
    const texts: string[] = []
    streamed.on('text', (delta) => texts.push(delta))
    const final = await streamed.finalMessage()
    expect(final.id).toBe(reference.id)
    expect(final.content).toEqual(reference.content)
    expect(final.stop_reason).toBe('end_turn')
    expect(final.usage.output_tokens).toBe(reference.usage.output_tokens)
    expect(texts.length).toBeGreaterThan(5)
  })

  it('counts tokens for the system prompt, system entries and tools', async () => {
    const count = async (extra: object) =>
      (await client().messages.countTokens({ model: hello.model, messages: hello.messages, ...extra })).input_tokens
    const plain = await count({})
    const withSystem = await count({ system: 'Answer in French, in one sentence.' })
    expect(withSystem).toBeGreaterThan(plain)
    const withSystemEntry = await count({
      messages: [{ role: 'system', content: [{ type: 'text', text: 'Answer in French, in one sentence.' }] }, ...hello.messages],
    })
    expect(withSystemEntry).toBe(withSystem)
    expect(await count({ tools: [weatherTool] })).toBeGreaterThan(plain)
  })

  it('calls the offered tool with input matching its schema, and answers the tool result', async () => {
    const request = { ...hello, messages: [{ role: 'user' as const, content: 'Weather in Paris?' }], tools: [weatherTool] }
    const message = await client().messages.create(request)
    expect(message.stop_reason).toBe('tool_use')
    expect(message.content).toEqual([
      expect.objectContaining({
        type: 'tool_use',
        id: expect.stringMatching(/^toolu_\w+$/),
        name: 'get_weather',
        input: { city: 'mock city', unit: 'celsius' },
      }),
    ])
    const call = message.content[0]!
    if (call.type !== 'tool_use') throw new Error('expected a tool_use block')

    const final = await client().messages.stream(request).finalMessage()
    expect(final.content).toEqual(message.content)
    expect(final.stop_reason).toBe('tool_use')

    const answer = await client().messages.create({
      ...request,
      messages: [
        ...request.messages,
        { role: 'assistant', content: message.content },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: call.id, content: [{ type: 'text', text: '21 degrees and sunny' }] }],
        },
      ],
    })
    expect(answer.stop_reason).toBe('end_turn')
    expect(answer.content[0]!.type === 'text' && answer.content[0]!.text).toContain('The tool get_weather returned: 21 degrees and sunny')
  })

  it('honours tool_choice none and a named tool', async () => {
    const timeTool = { name: 'get_time', input_schema: { type: 'object' as const, properties: { zone: { type: 'string' } } } }
    const request = { ...hello, tools: [weatherTool, timeTool] }
    const none = await client().messages.create({ ...request, tool_choice: { type: 'none' } })
    expect(none.stop_reason).toBe('end_turn')
    const named = await client().messages.create({ ...request, tool_choice: { type: 'tool', name: 'get_time' } })
    expect(named.content).toEqual([expect.objectContaining({ type: 'tool_use', name: 'get_time', input: { zone: 'mock zone' } })])
  })

  it('streams text then tool calls with block indexes in content order', async () => {
    const request = { ...hello, model: 'claude-checks-weather' }
    const message = await client().messages.create(request)
    expect(message.content.map((block) => block.type)).toEqual(['text', 'tool_use', 'tool_use'])
    expect(message.content[1]).toMatchObject({ name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } })

    const events = []
    for await (const event of await client().messages.create({ ...request, stream: true })) events.push(event)
    const starts = events.filter((event) => event.type === 'content_block_start')
    expect(starts.map((event) => [event.index, event.content_block.type])).toEqual([
      [0, 'text'],
      [1, 'tool_use'],
      [2, 'tool_use'],
    ])
    expect(starts[1]!.content_block).toMatchObject({ input: {} })
    const firstJson = events.find((event) => event.type === 'content_block_delta' && event.delta.type === 'input_json_delta')
    expect(firstJson).toMatchObject({ index: 1, delta: { partial_json: '' } })

    const final = await client().messages.stream(request).finalMessage()
    expect(final.content).toEqual(message.content)
  })

  it('stops at max_tokens with stop_reason max_tokens, streamed or not', async () => {
    const message = await client().messages.create({ ...hello, max_tokens: 3 })
    expect(message.stop_reason).toBe('max_tokens')
    expect(message.usage.output_tokens).toBe(3)
    const final = await client()
      .messages.stream({ ...hello, max_tokens: 3 })
      .finalMessage()
    expect(final.stop_reason).toBe('max_tokens')
    expect(final.content).toEqual(message.content)
  })

  it('rejects a request without max_tokens with 400 invalid_request_error', async () => {
    const { max_tokens: _omitted, ...withoutLimit } = hello
    const error = await client()
      .messages.create(withoutLimit as Anthropic.MessageCreateParamsNonStreaming)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Anthropic.BadRequestError)
    expect(error).toMatchObject({ status: 400, type: 'invalid_request_error', apiMessage: 'max_tokens: Field required' })
  })

  it('maps auth, model, quota and context failures to the SDK error classes', async () => {
    const failure = (apiKey: string, params: Anthropic.MessageCreateParamsNonStreaming) =>
      client(apiKey)
        .messages.create(params)
        .catch((e: unknown) => e)

    const unknownKey = await failure('sk-nobody', hello)
    expect(unknownKey).toBeInstanceOf(Anthropic.AuthenticationError)
    expect(unknownKey).toMatchObject({ status: 401, type: 'authentication_error' })

    const unknownModel = await failure('sk-unrestricted', { ...hello, model: 'claude-nonexistent' })
    expect(unknownModel).toBeInstanceOf(Anthropic.NotFoundError)
    expect(unknownModel).toMatchObject({ type: 'not_found_error' })
    // claude-opus-4-1 exists, but only in the vip group.
    await expect(client().messages.create({ ...hello, model: 'claude-opus-4-1' })).rejects.toBeInstanceOf(Anthropic.NotFoundError)

    const broke = await failure('sk-broke-user', hello)
    expect(broke).toBeInstanceOf(Anthropic.PermissionDeniedError)
    expect(broke).toMatchObject({ status: 403, type: 'permission_error' })

    const small = { ...hello, model: 'small-context-4k', max_tokens: 5000 }
    const prompt = (await client().messages.countTokens({ model: small.model, messages: small.messages })).input_tokens
    const tooLong = await failure('sk-unrestricted', small)
    expect(tooLong).toBeInstanceOf(Anthropic.BadRequestError)
    expect((tooLong as APIError).apiMessage).toContain('4096')
    expect((tooLong as APIError).apiMessage).toContain(String(prompt + 5000))
  })

  it('reports count_tokens failures in the Anthropic envelope too', async () => {
    await expect(client().messages.countTokens({ model: 'claude-opus-4-1', messages: hello.messages })).rejects.toBeInstanceOf(
      Anthropic.NotFoundError,
    )
    await expect(client('sk-nobody').messages.countTokens({ model: hello.model, messages: hello.messages })).rejects.toBeInstanceOf(
      Anthropic.AuthenticationError,
    )
  })

  it('accepts the key as x-api-key, as 0.x and the AI SDK send it', async () => {
    const viaHeader = (key: string) =>
      new Anthropic({ apiKey: null, authToken: null, baseURL: harness.baseUrl, maxRetries: 0, defaultHeaders: { 'X-Api-Key': key } })
    const message = await viaHeader('sk-unrestricted').messages.create(hello)
    expect(message.stop_reason).toBe('end_turn')
    await expect(viaHeader('sk-nobody').messages.create(hello)).rejects.toBeInstanceOf(Anthropic.AuthenticationError)
  })

  it('adds the 2026-10-21 nullable fields only when that version is asked for', async () => {
    const request = { ...hello, model: 'claude-checks-weather' }
    const legacy = await post('/v1/messages', request, { 'anthropic-version': '2023-06-01' })
    expect(legacy.status).toBe(200)
    const legacyBody = await legacy.json()
    expect(legacyBody.content[0]).toEqual({ type: 'text', text: 'Let me check.' })
    expect(legacyBody.content[1]).not.toHaveProperty('caller')
    for (const field of ['stop_details', 'container', 'diagnostics']) expect(legacyBody).not.toHaveProperty(field)

    const current = await post('/v1/messages', request, { 'anthropic-version': '2026-10-21' })
    const currentBody = await current.json()
    expect(currentBody.content[0]).toEqual({ type: 'text', text: 'Let me check.', citations: null })
    expect(currentBody.content[1]).toMatchObject({ type: 'tool_use', caller: { type: 'direct' } })
    expect(currentBody).toMatchObject({ stop_details: null, container: null, diagnostics: null })

    // The real gateway does not check the header: none at all is served, in the original shape.
    const unversioned = await (await post('/v1/messages', request)).json()
    expect(unversioned.content[0]).toEqual({ type: 'text', text: 'Let me check.' })
  })

  it('frames every stream event with an event: line naming its type, ping after the first block start', async () => {
    const response = await post('/v1/messages', { ...hello, stream: true }, { 'anthropic-version': '2023-06-01' })
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(response.headers.get('request-id')).toBeTruthy()
    const blocks = (await response.text()).split('\n\n').filter((block) => block !== '')
    const names = blocks.map((block) => {
      const [eventLine, dataLine, ...rest] = block.split('\n')
      expect(rest).toEqual([])
      const name = /^event: (\w+)$/.exec(eventLine!)?.[1]
      expect(JSON.parse(dataLine!.replace(/^data: /, '')).type).toBe(name)
      return name
    })
    expect(names.slice(0, 3)).toEqual(['message_start', 'content_block_start', 'ping'])
    expect(names.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop'])
  })

  it('accepts unknown block types and server tools, and names the field of a broken block', async () => {
    const accepted = await post('/v1/messages', {
      ...hello,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'url', url: 'https://example.test/a.png' } },
            { type: 'text', text: 'What is this?' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Hmm.', signature: 'sig' },
            { type: 'text', text: 'A picture.' },
          ],
        },
        { role: 'user', content: 'Are you sure?' },
      ],
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 1 }],
      temperature: 0.2,
      metadata: { user_id: 'u1' },
    })
    expect(accepted.status).toBe(200)
    expect((await accepted.json()).content[0].text).toContain('"Are you sure?"')

    const broken = await post('/v1/messages', {
      ...hello,
      messages: [{ role: 'assistant', content: [{ type: 'tool_use', name: 'get_weather', input: {} }] }],
    })
    expect(broken.status).toBe(400)
    expect(await broken.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'messages[0].content[0].id: Field required' },
    })

    for (const [body, message] of [
      ['{"model":', /not valid JSON/],
      [{ ...hello, messages: [] }, /^messages: /],
      [{ ...hello, tools: [{ name: 'no_schema' }] }, /^tools\[0\]\.input_schema: Field required$/],
      [{ ...hello, tool_choice: { type: 'sometimes' } }, /^tool_choice\.type: /],
    ] as const) {
      const response = await post('/v1/messages', body)
      expect(response.status).toBe(400)
      const error = await response.json()
      expect(error.type).toBe('error')
      expect(error.error.message).toMatch(message)
    }
  })
})
