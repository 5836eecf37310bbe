import OpenAI from 'openai'
import type { ResponseStreamEvent } from 'openai/resources/responses/responses'
import { afterEach, describe, expect, it } from 'vitest'
import { modes, useHarness } from '../../support/modes.ts'
import { rejection } from '../../support/rejection.ts'

const weatherTool = {
  type: 'function' as const,
  name: 'get_weather',
  description: 'Current weather in a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['city', 'unit'],
    additionalProperties: false,
  },
  strict: true,
}

describe.each(modes)('openai SDK Responses API ($name)', (mode) => {
  const harness = useHarness(mode, {
    world: {
      extends: 'default',
      models: [
        {
          id: 'two-tools',
          ownedBy: 'custom',
          pricing: { ratio: 1 },
          reply: {
            type: 'tool-calls',
            calls: [
              { name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } },
              { name: 'get_time', arguments: { zone: 'Europe/Paris' } },
            ],
          },
        },
        { id: 'forty-tokens', ownedBy: 'custom', pricing: { ratio: 1 }, reply: { type: 'lorem', tokens: 40 } },
      ],
      groups: [{ name: 'default', models: ['gpt-4o-mini', 'gpt-4o', 'small-context-4k', 'two-tools', 'forty-tokens'] }],
    },
  })

  // Clients are built inside each test: openai captures fetch when constructed (after msw listens).
  const client = (apiKey = 'sk-unrestricted') => new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const hello = { model: 'gpt-4o-mini', input: 'Hello there' }
  const helloReply = 'This is a mock reply from gpt-4o-mini. You said: "Hello there"'

  async function events(body: OpenAI.Responses.ResponseCreateParamsStreaming): Promise<ResponseStreamEvent[]> {
    const stream = await client().responses.create(body)
    const seen: ResponseStreamEvent[] = []
    for await (const event of stream) seen.push(event)
    return seen
  }

  it('answers a response object with the reply as an output message, output_text and usage', async () => {
    const response = await client().responses.create(hello)
    expect(response).toMatchObject({
      object: 'response',
      status: 'completed',
      model: 'gpt-4o-mini',
      error: null,
      incomplete_details: null,
      instructions: null,
      max_output_tokens: null,
      previous_response_id: null,
      parallel_tool_calls: true,
      tool_choice: 'auto',
      tools: [],
      text: { format: { type: 'text' } },
      metadata: {},
      store: true,
    })
    expect(response.id).toMatch(/^resp_\w+$/)
    expect(response.created_at).toBeGreaterThan(1_700_000_000)
    expect(response.output).toEqual([
      {
        id: expect.stringMatching(/^msg_\w+$/),
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: helloReply, annotations: [], logprobs: [] }],
      },
    ])
    expect(response.output_text).toBe(helloReply)
    const usage = response.usage!
    expect(usage).toEqual({
      input_tokens: expect.any(Number),
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: expect.any(Number),
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.input_tokens + usage.output_tokens,
    })
    expect(usage.input_tokens).toBeGreaterThan(0)
    expect(usage.output_tokens).toBeGreaterThan(5)
    expect(response._request_id).toMatch(/6d6f636b/)
  })

  it('reads instructions and input items: messages with content parts, system and developer messages', async () => {
    const response = await client().responses.create({
      model: 'gpt-4o-mini',
      instructions: 'Be brief.',
      input: [
        { role: 'developer', content: 'Answer in English.' },
        { role: 'user', content: [{ type: 'input_text', text: 'First question' }] },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'First answer', annotations: [] }] },
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'Second ' },
            { type: 'input_text', text: 'question' },
          ],
        },
      ],
    } as OpenAI.Responses.ResponseCreateParamsNonStreaming)
    expect(response.instructions).toBe('Be brief.')
    expect(response.output_text).toBe('This is a mock reply from gpt-4o-mini. You said: "Second question"')
    const bare = await client().responses.create({ model: 'gpt-4o-mini', input: 'Second question' })
    expect(response.usage!.input_tokens).toBeGreaterThan(bare.usage!.input_tokens + 10)
  })

  it('gives the same id, reply and usage to the same request', async () => {
    const [a, b] = await Promise.all([client().responses.create(hello), client().responses.create(hello)])
    expect(b.id).toBe(a.id)
    expect(b.output).toEqual(a.output)
    expect(b.usage).toEqual(a.usage)
    const other = await client().responses.create({ ...hello, input: 'Something else' })
    expect(other.id).not.toBe(a.id)
  })

  it('streams typed events numbered from 0: created, in progress, the message item with one delta per token, completed', async () => {
    const reference = await client().responses.create(hello)
    const seen = await events({ ...hello, stream: true })
    expect(seen.map((event) => event.sequence_number)).toEqual(seen.map((_, index) => index))
    const types = seen.map((event) => event.type)
    const deltas = seen.filter((event) => event.type === 'response.output_text.delta')
    expect(deltas.length).toBeGreaterThan(5)
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      ...deltas.map(() => 'response.output_text.delta'),
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ])
    const itemId = reference.output[0]!.id
    expect(deltas.every((event) => event.item_id === itemId && event.output_index === 0 && event.content_index === 0)).toBe(true)
    expect(deltas.map((event) => event.delta).join('')).toBe(helloReply)
    expect(seen[0]).toMatchObject({ response: { id: reference.id, status: 'in_progress', output: [], usage: null } })
    expect(seen.find((event) => event.type === 'response.output_text.done')).toMatchObject({ text: helloReply })
    // The stream is made after the reference, so its timestamps (in seconds) may have ticked on.
    const { output_text: _derived, created_at: createdAt, completed_at: completedAt, ...answered } = reference
    const times = {
      created_at: expect.toSatisfy((at: number) => at - createdAt >= 0 && at - createdAt <= 2),
      completed_at: expect.toSatisfy((at: number) => at - completedAt! >= 0 && at - completedAt! <= 2),
    }
    expect(seen.at(-1)).toEqual({ type: 'response.completed', sequence_number: seen.length - 1, response: { ...answered, ...times } })
  })

  it('sends each event as `event: <type>` with its data', async () => {
    const response = await fetch(`${harness.baseUrl}/v1/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ ...hello, stream: true }),
    })
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    const blocks = (await response.text()).trim().split('\n\n')
    for (const [index, block] of blocks.entries()) {
      const [eventLine, dataLine, ...rest] = block.split('\n')
      const data = JSON.parse(dataLine!.replace(/^data: /, '')) as { type: string; sequence_number: number }
      expect({ eventLine, rest, sequence: data.sequence_number }).toEqual({ eventLine: `event: ${data.type}`, rest: [], sequence: index })
    }
  })

  it('works with the responses.stream() helper: deltas with snapshots, and finalResponse()', async () => {
    const stream = client().responses.stream(hello)
    const snapshots: string[] = []
    stream.on('response.output_text.delta', (event) => snapshots.push(event.snapshot))
    const final = await stream.finalResponse()
    expect(final.output_text).toBe(helloReply)
    expect(final.status).toBe('completed')
    expect(snapshots.at(-1)).toBe(helloReply)
    expect(final.usage!.output_tokens).toBe(snapshots.length)
  })

  it('calls an offered function, then answers its function_call_output', async () => {
    const ask = { model: 'gpt-4o', input: [{ role: 'user' as const, content: 'Weather in Paris?' }], tools: [weatherTool] }
    const first = await client().responses.create(ask)
    expect(first.status).toBe('completed')
    expect(first.output_text).toBe('')
    expect(first.output).toEqual([
      {
        id: expect.stringMatching(/^fc_\w+$/),
        type: 'function_call',
        status: 'completed',
        call_id: expect.stringMatching(/^call_\w+$/),
        name: 'get_weather',
        arguments: '{"city":"mock city","unit":"celsius"}',
      },
    ])
    expect(first.tools).toEqual([weatherTool])
    const call = first.output[0] as OpenAI.Responses.ResponseFunctionToolCall

    const second = await client().responses.create({
      ...ask,
      input: [...ask.input, call, { type: 'function_call_output', call_id: call.call_id, output: '{"temperature":21}' }],
    })
    expect(second.output_text).toBe('This is a mock reply from gpt-4o. The tool get_weather returned: {"temperature":21}')
  })

  it('honours tool_choice: none answers in text, a named function is the one called', async () => {
    const none = await client().responses.create({ ...hello, tools: [weatherTool], tool_choice: 'none' })
    expect(none.output.map((item) => item.type)).toEqual(['message'])
    expect(none.tool_choice).toBe('none')
    const timeTool = { ...weatherTool, name: 'get_time', parameters: { type: 'object', properties: {} } }
    const named = await client().responses.create({
      ...hello,
      tools: [weatherTool, timeTool],
      tool_choice: { type: 'function', name: 'get_time' },
    })
    expect(named.output).toEqual([expect.objectContaining({ type: 'function_call', name: 'get_time', arguments: '{}' })])
    expect(named.tool_choice).toEqual({ type: 'function', name: 'get_time' })
  })

  it('streams function calls as items with argument deltas that the helper reassembles', async () => {
    const request = { model: 'two-tools', input: 'Go' }
    const seen = await events({ ...request, stream: true })
    const added = seen.filter((event) => event.type === 'response.output_item.added')
    expect(added.map((event) => event.item)).toEqual([
      expect.objectContaining({ type: 'function_call', name: 'get_weather', arguments: '', status: 'in_progress' }),
      expect.objectContaining({ type: 'function_call', name: 'get_time', arguments: '', status: 'in_progress' }),
    ])
    const argumentDeltas = seen.filter((event) => event.type === 'response.function_call_arguments.delta')
    expect(
      argumentDeltas
        .filter((event) => event.output_index === 0)
        .map((event) => event.delta)
        .join(''),
    ).toBe('{"city":"Paris","unit":"celsius"}')
    expect(seen.filter((event) => event.type === 'response.function_call_arguments.done').map((event) => event.arguments)).toEqual([
      '{"city":"Paris","unit":"celsius"}',
      '{"zone":"Europe/Paris"}',
    ])

    const final = await client().responses.stream(request).finalResponse()
    const plain = await client().responses.create(request)
    // The helper adds `parsed_arguments` to each call; the rest is what the plain response says.
    expect(final.output).toEqual(plain.output.map((item) => expect.objectContaining(item)))
    expect(plain.output.map((item) => item.type === 'function_call' && [item.name, item.arguments])).toEqual([
      ['get_weather', '{"city":"Paris","unit":"celsius"}'],
      ['get_time', '{"zone":"Europe/Paris"}'],
    ])
  })

  it('stops at max_output_tokens: status incomplete, the reason, the message item incomplete; streamed as response.incomplete', async () => {
    const request = { model: 'forty-tokens', input: 'Go on', max_output_tokens: 16 }
    const response = await client().responses.create(request)
    expect(response).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      max_output_tokens: 16,
      output: [expect.objectContaining({ type: 'message', status: 'incomplete' })],
      usage: expect.objectContaining({ output_tokens: 16 }),
    })
    expect(response.output_text.split(' ')).toHaveLength(16)

    const seen = await events({ ...request, stream: true })
    expect(seen.at(-1)).toMatchObject({ type: 'response.incomplete', response: { status: 'incomplete' } })
    expect(seen.filter((event) => event.type === 'response.output_text.delta')).toHaveLength(16)
    const final = await client().responses.stream(request).finalResponse()
    expect(final).toMatchObject({ status: 'incomplete', output_text: response.output_text })
  })

  it('refuses max_output_tokens below 16, as OpenAI does', async () => {
    const error = await rejection(client().responses.create({ ...hello, max_output_tokens: 3 }))
    expect(error).toBeInstanceOf(OpenAI.BadRequestError)
    expect(error).toMatchObject({ status: 400, param: 'max_output_tokens', code: 'integer_below_min_value' })
    expect((error as Error).message).toBe(
      "400 Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got 3 instead.",
    )
  })

  it('refuses a prompt over the context window, naming input', async () => {
    const error = await rejection(client().responses.create({ model: 'small-context-4k', input: 'word '.repeat(5_000) }))
    expect(error).toBeInstanceOf(OpenAI.BadRequestError)
    expect(error).toMatchObject({ status: 400, code: 'context_length_exceeded', param: 'input' })
  })

  it('accepts text.format json_schema and json_object and repeats them in the response', async () => {
    const format = {
      type: 'json_schema' as const,
      name: 'weather',
      strict: true,
      schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
    }
    const response = await client().responses.create({ ...hello, text: { format } })
    expect(response.status).toBe('completed')
    expect(response.text).toEqual({ format, verbosity: 'medium' })
    expect(typeof response.output_text).toBe('string')
    const jsonObject = await client().responses.create({ ...hello, input: 'Answer in JSON', text: { format: { type: 'json_object' } } })
    expect(jsonObject.text!.format).toEqual({ type: 'json_object' })
    const missingName = await rejection(client().responses.create({ ...hello, text: { format: { ...format, name: undefined } } } as never))
    expect(missingName).toMatchObject({ status: 400, param: 'text.format.name' })
  })

  it('retrieves a stored response as it was answered; not one created with store: false, nor an unknown id', async () => {
    const created = await client().responses.create({ ...hello, input: 'Keep this' })
    const retrieved = await client().responses.retrieve(created.id)
    expect(retrieved).toEqual(created)

    const streamed = await client()
      .responses.stream({ ...hello, input: 'Keep this stream' })
      .finalResponse()
    expect((await client().responses.retrieve(streamed.id)).output_text).toBe(streamed.output_text)

    const unstored = await client().responses.create({ ...hello, input: 'Forget this', store: false })
    // The API repeats `store`, though the SDK's Response type leaves it out.
    expect(unstored).toMatchObject({ store: false })
    const error = await rejection(client().responses.retrieve(unstored.id))
    expect(error).toBeInstanceOf(OpenAI.NotFoundError)
    expect(error).toMatchObject({ status: 404, code: 'response_not_found' })
    expect((error as Error).message).toContain(`Response with id '${unstored.id}' not found.`)

    // Another user's key (carol's) sees none of them.
    await expect(rejection(client('sk-broke-user').responses.retrieve(created.id))).resolves.toBeInstanceOf(OpenAI.NotFoundError)
  })

  it('continues a stored response with previous_response_id: its input and output come first', async () => {
    const first = await client().responses.create({ model: 'gpt-4o', input: 'Weather in Paris?', tools: [weatherTool] })
    const call = first.output[0] as OpenAI.Responses.ResponseFunctionToolCall
    const second = await client().responses.create({
      model: 'gpt-4o',
      tools: [weatherTool],
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: 'Sunny' }],
    })
    expect(second.previous_response_id).toBe(first.id)
    // The tool's name comes from the call in the previous response's output.
    expect(second.output_text).toBe('This is a mock reply from gpt-4o. The tool get_weather returned: Sunny')
    expect(second.usage!.input_tokens).toBeGreaterThan(first.usage!.input_tokens)

    const third = await client().responses.create({ model: 'gpt-4o', previous_response_id: second.id, input: 'Thanks!' })
    expect(third.output_text).toBe('This is a mock reply from gpt-4o. You said: "Thanks!"')
    const alone = await client().responses.create({ model: 'gpt-4o', input: 'Thanks!' })
    expect(third.usage!.input_tokens).toBeGreaterThan(alone.usage!.input_tokens + 30)

    const error = await rejection(client().responses.create({ ...hello, previous_response_id: 'resp_nothing' }))
    expect(error).toBeInstanceOf(OpenAI.BadRequestError)
    expect(error).toMatchObject({ status: 400, code: 'previous_response_not_found', param: 'previous_response_id' })
  })

  it('resolves an item_reference to a stored output item; an unknown one is 404', async () => {
    const first = await client().responses.create({ ...hello, input: 'Remember me' })
    const withReference = await client().responses.create({
      model: 'gpt-4o-mini',
      input: [
        { role: 'user', content: 'Remember me' },
        { type: 'item_reference', id: first.output[0]!.id! },
        { role: 'user', content: 'And?' },
      ],
    })
    const spelled = await client().responses.create({
      model: 'gpt-4o-mini',
      input: [
        { role: 'user', content: 'Remember me' },
        { role: 'assistant', content: first.output_text },
        { role: 'user', content: 'And?' },
      ],
    })
    expect(withReference.usage).toEqual(spelled.usage)
    expect(withReference.id).toBe(spelled.id)

    const error = await rejection(
      client().responses.create({ model: 'gpt-4o-mini', input: [{ type: 'item_reference', id: 'msg_nothing' }] }),
    )
    expect(error).toBeInstanceOf(OpenAI.NotFoundError)
    expect(error).toMatchObject({ status: 404, code: 'item_not_found', param: 'input' })
  })

  it('forgets stored responses on reset', async () => {
    const created = await client().responses.create({ ...hello, input: 'Before the reset' })
    await harness.gateway.reset()
    await expect(rejection(client().responses.retrieve(created.id))).resolves.toMatchObject({ status: 404 })
  })

  it('throws AuthenticationError for an unknown key', async () => {
    const error = await rejection(client('sk-nobody').responses.create(hello))
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError)
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key' })
    const retrieving = await rejection(client('sk-nobody').responses.retrieve('resp_x'))
    expect(retrieving).toBeInstanceOf(OpenAI.AuthenticationError)
  })

  it('throws NotFoundError for an unknown model, and BadRequestError naming a bad field', async () => {
    const unknown = await rejection(client().responses.create({ ...hello, model: 'gpt-9' }))
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError)
    expect(unknown).toMatchObject({ status: 404, code: 'model_not_found', param: 'model' })

    const badItem = await rejection(
      client().responses.create({ model: 'gpt-4o-mini', input: [{ type: 'function_call', name: 'f' }] } as never),
    )
    expect(badItem).toBeInstanceOf(OpenAI.BadRequestError)
    expect(badItem).toMatchObject({ status: 400, param: 'input[0].call_id' })
  })

  it('records each request in the journal: model, usage and quota of a generation', async () => {
    const response = await client().responses.create({ ...hello, input: 'Journal me' })
    await client().responses.retrieve(response.id)
    const [created, retrieved] = harness.gateway.journal.entries.slice(-2)
    expect(created).toMatchObject({
      method: 'POST',
      path: '/v1/responses',
      surface: 'openai',
      model: 'gpt-4o-mini',
      key: 'sk-u…cted',
      status: 200,
      usage: { promptTokens: response.usage!.input_tokens, completionTokens: response.usage!.output_tokens },
      quota: expect.any(Number),
    })
    expect(retrieved).toMatchObject({ method: 'GET', path: `/v1/responses/${response.id}`, model: 'gpt-4o-mini', status: 200 })
  })
})

describe.each(modes)('scenarios on the Responses API ($name)', (mode) => {
  const harness = useHarness(mode)
  const client = () => new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const hello = { model: 'gpt-4o-mini', input: 'Hello there' }

  afterEach(() => harness.gateway.reset())

  /** Reads a Responses stream to its end or its error. */
  async function read(body: OpenAI.Responses.ResponseCreateParamsStreaming) {
    const seen: ResponseStreamEvent[] = []
    const error = await rejection(
      (async () => {
        for await (const event of await client().responses.create(body)) seen.push(event)
      })(),
    ).catch(() => undefined)
    return { seen, error, text: seen.flatMap((event) => (event.type === 'response.output_text.delta' ? [event.delta] : [])).join('') }
  }

  it("a rule's fail answers the request with the scenario's error, and the journal says which rule decided", async () => {
    await harness.gateway.useScenario({
      name: 'busy',
      rules: [
        {
          name: 'no responses',
          when: { route: 'POST /v1/responses' },
          then: { fail: { code: 'rate_limit_exceeded', retryAfterMs: 2000 } },
        },
      ],
    })
    const error = await rejection(client().responses.create(hello))
    expect(error).toBeInstanceOf(OpenAI.RateLimitError)
    expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded' })
    expect(harness.gateway.journal.entries.at(-1)).toMatchObject({
      path: '/v1/responses',
      status: 429,
      decidedBy: 'scenario "busy" rule "no responses"',
    })
    // Chat is not the route the rule names.
    await expect(
      client().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
    ).resolves.toBeDefined()
  })

  it('a reply override reaches the response and its stream', async () => {
    await harness.gateway.useScenario({ name: 'fixed', rules: [{ then: { reply: { text: 'Fixed by the scenario.' } } }] })
    expect((await client().responses.create(hello)).output_text).toBe('Fixed by the scenario.')
    expect((await client().responses.stream(hello).finalResponse()).output_text).toBe('Fixed by the scenario.')
  })

  it('breakStream with an error: the first N deltas, an error event the SDK throws, then response.failed; stored as failed', async () => {
    await harness.gateway.useScenario({
      name: 'break',
      rules: [
        { when: { stream: true }, then: { breakStream: { afterChunks: 3, error: { code: 'internal_error', message: 'Broke mid-way.' } } } },
      ],
    })
    const full = (await client().responses.create(hello)).output_text
    const { seen, error, text } = await read({ ...hello, stream: true })
    expect(error).toBeInstanceOf(OpenAI.APIError)
    expect(error).toMatchObject({ message: 'Broke mid-way.', code: 'internal_error', type: 'server_error' })
    expect(seen.filter((event) => event.type === 'response.output_text.delta')).toHaveLength(3)
    expect(full.startsWith(text)).toBe(true)

    // On the wire: the error event, numbered on, then response.failed with the error and the output so far.
    const raw = await fetch(`${harness.baseUrl}/v1/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ ...hello, stream: true }),
    })
    const blocks = (await raw.text()).trim().split('\n\n')
    const [failedEvent, failedData] = blocks.at(-1)!.split('\n')
    const [errorEvent, errorData] = blocks.at(-2)!.split('\n')
    expect(errorEvent).toBe('event: error')
    expect(JSON.parse(errorData!.slice('data: '.length))).toEqual({
      type: 'error',
      sequence_number: blocks.length - 2,
      error: { type: 'server_error', code: 'internal_error', message: 'Broke mid-way.', param: null },
    })
    expect(failedEvent).toBe('event: response.failed')
    const failed = JSON.parse(failedData!.slice('data: '.length)) as { sequence_number: number; response: OpenAI.Responses.Response }
    expect(failed.sequence_number).toBe(blocks.length - 1)
    expect(failed.response).toMatchObject({
      status: 'failed',
      error: { code: 'internal_error', message: 'Broke mid-way.' },
      usage: null,
      output: [{ type: 'message', status: 'in_progress', content: [{ type: 'output_text', text }] }],
    })

    const stored = await client().responses.retrieve(failed.response.id)
    expect(stored).toMatchObject({ status: 'failed', error: { code: 'internal_error' } })
  })

  it('breakStream with an error before any text: the opening events, then the error', async () => {
    await harness.gateway.useScenario({
      name: 'early',
      rules: [{ then: { breakStream: { afterChunks: 0, error: { code: 'upstream_error', message: 'Broke at once.' } } } }],
    })
    const { seen, error } = await read({ ...hello, stream: true })
    expect(error).toMatchObject({ message: 'Broke at once.', code: 'upstream_error' })
    expect(seen.map((event) => event.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
    ])
  })

  it('breakStream with disconnect: the first N deltas, then a connection error; the next request is served', async () => {
    await harness.gateway.useScenario({
      name: 'cut',
      rules: [{ when: { stream: true }, then: { breakStream: { afterChunks: 4, disconnect: true } } }],
    })
    const { seen, error } = await read({ ...hello, stream: true })
    expect(error instanceof TypeError || error instanceof OpenAI.APIConnectionError).toBe(true)
    expect(
      seen
        .filter((event) => event.type === 'response.output_text.delta')
        .map((event) => event.delta)
        .join(''),
    ).toBe('This is a mock')
    await expect(client().responses.create(hello)).resolves.toMatchObject({ status: 'completed' })
  })
})

describe.each(modes)('the Responses API in the new-api profile ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })
  const post = (key: string, body: unknown) =>
    fetch(`${harness.baseUrl}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('answers a bad key with the middleware\'s 401 "Invalid token", as on chat', async () => {
    const response = await post('sk-nobody', { model: 'gpt-4o-mini', input: 'Hi' })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: { code: '', message: expect.stringMatching(/^Invalid token \(request id: \w+\)$/), type: 'new_api_error' },
    })
    const error = await rejection(
      new OpenAI({ apiKey: 'sk-nobody', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 }).responses.create({
        model: 'gpt-4o-mini',
        input: 'Hi',
      }),
    )
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError)
  })

  it("answers an unknown model with the distributor's 503, and serves a known one", async () => {
    const unknown = await post('sk-unrestricted', { model: 'gpt-9', input: 'Hi' })
    expect(unknown.status).toBe(503)
    expect(await unknown.json()).toMatchObject({ error: { code: 'model_not_found', type: 'new_api_error' } })
    const served = await post('sk-unrestricted', { model: 'gpt-4o-mini', input: 'Hi' })
    expect(await served.json()).toMatchObject({ object: 'response', status: 'completed' })
  })

  it('relays the upstream refusals (unknown previous_response_id, max_output_tokens under 16), and does not route GET /v1/responses/{id}', async () => {
    const refused = await post('sk-unrestricted', { model: 'gpt-4o-mini', input: 'Hi', previous_response_id: 'resp_nothing' })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({
      error: {
        message: "Previous response with id 'resp_nothing' not found.",
        type: 'invalid_request_error',
        param: 'previous_response_id',
        code: 'previous_response_not_found',
      },
    })
    const tooShort = await post('sk-unrestricted', { model: 'gpt-4o-mini', input: 'Hi', max_output_tokens: 3 })
    expect({ status: tooShort.status, body: await tooShort.json() }).toEqual({
      status: 400,
      body: {
        error: {
          message: "Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got 3 instead.",
          type: 'invalid_request_error',
          param: 'max_output_tokens',
          code: 'integer_below_min_value',
        },
      },
    })
    const retrieved = await fetch(`${harness.baseUrl}/v1/responses/resp_nothing`, { headers: { authorization: 'Bearer sk-unrestricted' } })
    expect(retrieved.status).toBe(404)
    expect(await retrieved.json()).toEqual({
      error: { message: 'Invalid URL (GET /v1/responses/resp_nothing)', type: 'invalid_request_error', param: '', code: '' },
    })
  })
})
