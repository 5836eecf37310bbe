import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { messages, startSocketGateway, type SocketHarness } from '../../support/sockets.ts'

const codexHeaders = { authorization: 'Bearer sk-unrestricted', 'OpenAI-Beta': 'responses_websockets=2026-02-06' }
const isEnd = (event: { type: string }) => ['response.completed', 'response.failed', 'error'].includes(event.type)
const create = (body: object) => JSON.stringify({ type: 'response.create', stream: true, store: false, ...body })

describe('/v1/responses over a WebSocket, as Codex CLI opens it (the ws package, against the server)', () => {
  let harness: SocketHarness
  let url: string
  beforeAll(async () => {
    harness = await startSocketGateway('HTTP server')
    url = `${harness.baseURL.replace(/^http/, 'ws')}/responses`
  })
  afterAll(() => harness.close())

  const open = async (headers: Record<string, string> = codexHeaders) => {
    const socket = new WebSocket(url, { headers })
    const events = messages((handler) => socket.on('message', (data) => handler(JSON.parse(String(data)))))
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    return { socket, events }
  }

  it("sends each response.create the events the SSE stream sends, and continues the socket's own store: false responses", async () => {
    const { socket, events } = await open()
    socket.send(
      create({
        model: 'gpt-4o-mini',
        instructions: 'Be brief.',
        input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hello' }] }],
      }),
    )
    const first = await events.until(isEnd)
    expect(first.map((event) => event.type).slice(0, 4)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
    ])
    expect(first.map((event) => event.sequence_number)).toEqual(first.map((_, index) => index))
    const completed = first.at(-1)
    expect(completed).toMatchObject({ type: 'response.completed', response: { status: 'completed', store: false } })
    socket.send(
      create({
        model: 'gpt-4o-mini',
        previous_response_id: completed.response.id,
        input: [{ type: 'message', role: 'user', content: 'And again' }],
      }),
    )
    const second = await events.until(isEnd)
    expect(second.at(-1)).toMatchObject({ type: 'response.completed', response: { previous_response_id: completed.response.id } })
    expect(second.at(-1).response.usage.input_tokens).toBeGreaterThan(completed.response.usage.input_tokens)
    expect(harness.gateway.journal.entries.slice(-3).map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
      'GET /v1/responses 101',
      'WS /v1/responses 200',
      'WS /v1/responses 200',
    ])
    socket.close()
  })

  it('plays a content-matched script: the message, the tools of an additional_tools item, the tool result, the handshake headers', async () => {
    await harness.gateway.useScenario({
      name: 'codex loop',
      strict: true,
      steps: [
        {
          when: { message: '/list the files/i', tool: 'exec', header: { originator: 'codex_exec' } },
          then: { reply: { toolCalls: [{ name: 'exec', arguments: { cmd: 'ls' } }] } },
        },
        { when: { toolResult: '/README/', toolCallId: '/.+/' }, then: { reply: { text: 'There is a README.' } } },
      ],
    })
    const { socket, events } = await open({ ...codexHeaders, originator: 'codex_exec' })
    const additional = { type: 'additional_tools', tools: [{ type: 'custom', name: 'exec', description: 'Runs a command' }] }
    const ask = { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'List the files here' }] }
    socket.send(create({ model: 'gpt-4o-mini', input: [additional, ask] }))
    const call = (await events.until(isEnd)).at(-1).response.output.find((item: { type: string }) => item.type === 'function_call')
    expect(call).toMatchObject({ name: 'exec', arguments: '{"cmd":"ls"}' })
    socket.send(
      create({
        model: 'gpt-4o-mini',
        input: [additional, ask, call, { type: 'function_call_output', call_id: call.call_id, output: 'README.md' }],
      }),
    )
    expect((await events.until(isEnd)).at(-1).response.output[0].content[0].text).toBe('There is a README.')
    expect(() => harness.gateway.scenario.assertDone()).not.toThrow()
    socket.close()
    await harness.gateway.useScenario()
  })

  it('answers a failing response with an error event carrying the HTTP status, and stays open', async () => {
    const { socket, events } = await open()
    socket.send(create({ model: 'no-such-model', input: 'Hi' }))
    const [error] = await events.until(isEnd)
    expect(error).toMatchObject({ type: 'error', status: 404, error: { code: 'model_not_found', param: 'model' } })
    socket.send(create({ model: 'gpt-4o-mini', input: 'Hi' }))
    expect((await events.until(isEnd)).at(-1).type).toBe('response.completed')
    socket.close()
  })

  it('answers a binary message with an error event carrying status 400, and stays open', async () => {
    const { socket, events } = await open()
    socket.send(Buffer.from(create({ model: 'gpt-4o-mini', input: 'Hi' })), { binary: true })
    const [error] = await events.until(isEnd)
    expect(error).toMatchObject({ type: 'error', status: 400, error: { type: 'invalid_request_error' } })
    expect(error.error.message).toBe('The event is a binary message: send each event as a JSON object in a text message.')
    socket.send(create({ model: 'gpt-4o-mini', input: 'Hi' }))
    expect((await events.until(isEnd)).at(-1).type).toBe('response.completed')
    socket.close()
  })

  it('refuses a bad key with a 401 answer to the handshake; a scenario can refuse it, fail a response or break the socket', async () => {
    const refused = await new Promise<number>((resolve) =>
      new WebSocket(url, { headers: { ...codexHeaders, authorization: 'Bearer sk-nope' } }).on(
        'unexpected-response',
        (_request, response) => resolve(response.statusCode!),
      ),
    )
    expect(refused).toBe(401)
    await harness.gateway.useScenario({
      name: 'codex',
      rules: [{ when: { route: 'GET /v1/responses', upgrade: true, times: 1 }, then: { fail: { code: 'upstream_error', status: 503 } } }],
      steps: [
        { then: { fail: { code: 'rate_limit_exceeded', retryAfterMs: 1000 } } },
        { then: { breakStream: { afterChunks: 2, disconnect: true } } },
      ],
    })
    const unavailable = await new Promise<number>((resolve) =>
      new WebSocket(url, { headers: codexHeaders }).on('unexpected-response', (_request, response) => resolve(response.statusCode!)),
    )
    expect(unavailable).toBe(503)
    const { socket, events } = await open()
    socket.send(create({ model: 'gpt-4o-mini', input: 'Hi' }))
    const [limited] = await events.until(isEnd)
    expect(limited).toMatchObject({ type: 'error', status: 429, error: { code: 'rate_limit_exceeded' }, headers: { 'retry-after': '1' } })
    const closed = new Promise<number>((resolve) => socket.once('close', resolve))
    socket.send(create({ model: 'gpt-4o-mini', input: 'Hi' }))
    expect(await closed).toBe(1006)
    expect(events.seen.filter((event) => event.type === 'response.output_text.delta')).toHaveLength(2)
    harness.gateway.scenario.assertDone()
    await harness.gateway.useScenario()
  })

  it('breaks a response mid-stream with an error event carrying the HTTP status, as docs/routes.md says, then response.failed', async () => {
    await harness.gateway.useScenario('mid-stream-error')
    try {
      const { socket, events } = await open()
      socket.send(create({ model: 'gpt-4o-mini', input: 'Tell me a long story about the sea' }))
      const played = await events.until((event) => event.type === 'response.failed')
      const [error, failed] = played.slice(-2)
      expect(error).toEqual({
        type: 'error',
        sequence_number: played.length - 2,
        status: 529,
        error: { type: 'upstream_error', code: 'upstream_error', message: 'Overloaded: the upstream dropped the stream.', param: null },
      })
      expect(failed).toMatchObject({ type: 'response.failed', sequence_number: played.length - 1, response: { status: 'failed' } })
      socket.close()
    } finally {
      await harness.gateway.useScenario()
    }
  })

  it('stops with sockets open: close() ends them', async () => {
    const other = await startSocketGateway('HTTP server')
    const socket = new WebSocket(`${other.baseURL.replace(/^http/, 'ws')}/responses`, { headers: codexHeaders })
    await new Promise((resolve) => socket.once('open', resolve))
    const closed = new Promise<number>((resolve) => socket.once('close', resolve))
    await other.close()
    expect(await closed).toBe(1006)
  })
})

describe('/v1/responses over a WebSocket that closes with responses still queued', () => {
  let harness: SocketHarness
  beforeAll(async () => {
    // Slow enough that the first response is still playing when the client leaves.
    const world = { extends: 'default' as const, models: [{ id: 'gpt-4o-mini', streaming: { firstTokenMs: 300, tokensPerSecond: 10 } }] }
    harness = await startSocketGateway('HTTP server', { world })
  })
  afterAll(() => harness.close())

  it('neither admits, charges nor journals the responses whose turn came after the client left', async () => {
    const alice = () => harness.gateway.world.users.findFirst((q) => q.where({ username: 'alice' }))!.quota
    const before = alice()
    const socket = new WebSocket(`${harness.baseURL.replace(/^http/, 'ws')}/responses`, { headers: codexHeaders })
    const events = messages((handler) => socket.on('message', (data) => handler(JSON.parse(String(data)))))
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    for (let i = 0; i < 5; i++) socket.send(create({ model: 'gpt-4o-mini', input: `Question ${i}` }))
    await events.until((event) => event.type === 'response.created')
    socket.terminate()
    const answered = () => harness.gateway.journal.entries.filter((entry) => entry.method === 'WS')
    // The first response, cut short, is journaled when its playback stops.
    await vi.waitFor(() => expect(answered()).toHaveLength(1))
    // Time for the four queued ones to have run, had they run.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(answered()).toHaveLength(1)
    expect(before - alice()).toBe(answered()[0]!.quota)
  })
})

describe('/v1/responses over the global WebSocket, in-process (setupServer)', () => {
  let harness: SocketHarness
  beforeAll(async () => {
    harness = await startSocketGateway('setupServer')
  })
  afterAll(() => harness.close())

  it('takes the key as a subprotocol and answers response.create; a bad key gets an error event and close 4401', async () => {
    const socket = new globalThis.WebSocket('wss://gateway.test/v1/responses', ['openai-insecure-api-key.sk-unrestricted'])
    const events = messages((handler) => socket.addEventListener('message', (event) => handler(JSON.parse(String(event.data)))))
    await new Promise((resolve) => socket.addEventListener('open', resolve))
    socket.send(create({ model: 'gpt-4o-mini', input: 'Hello' }))
    expect((await events.until(isEnd)).at(-1)).toMatchObject({ type: 'response.completed', response: { model: 'gpt-4o-mini' } })
    socket.close()

    const refused = new globalThis.WebSocket('wss://gateway.test/v1/responses', ['openai-insecure-api-key.sk-nope'])
    const seen = messages((handler) => refused.addEventListener('message', (event) => handler(JSON.parse(String(event.data)))))
    const code = await new Promise<number>((resolve) => refused.addEventListener('close', (event) => resolve(event.code)))
    expect(code).toBe(4401)
    expect(seen.seen).toEqual([{ type: 'error', status: 401, error: expect.objectContaining({ code: 'invalid_api_key' }) }])
  })

  it('answers a binary message with an error event carrying status 400, and stays open', async () => {
    const socket = new globalThis.WebSocket('wss://gateway.test/v1/responses', ['openai-insecure-api-key.sk-unrestricted'])
    const events = messages((handler) => socket.addEventListener('message', (event) => handler(JSON.parse(String(event.data)))))
    // Sent before the handshake is admitted, then after: both answered, in order.
    socket.addEventListener('open', () => socket.send(new Uint8Array([1, 2, 3])))
    await new Promise((resolve) => socket.addEventListener('open', resolve))
    const [early] = await events.until(isEnd)
    expect(early).toMatchObject({ type: 'error', status: 400, error: { type: 'invalid_request_error' } })
    expect(early.error.message).toBe('The event is a binary message: send each event as a JSON object in a text message.')
    socket.send(new Blob(['{}']))
    expect((await events.until(isEnd))[0]).toMatchObject({ type: 'error', status: 400, error: { message: early.error.message } })
    socket.send(create({ model: 'gpt-4o-mini', input: 'Hello' }))
    expect((await events.until(isEnd)).at(-1)).toMatchObject({ type: 'response.completed' })
    socket.close()
  })

  it('tells a ws-package client, which msw cannot serve, that it needs the server', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve) =>
      new WebSocket('ws://gateway.test/v1/responses', { headers: codexHeaders }).on('unexpected-response', (_request, response) => {
        let body = ''
        response.on('data', (chunk) => (body += chunk)).on('end', () => resolve({ status: response.statusCode!, body }))
      }),
    )
    expect(status).toBe(400)
    expect(JSON.parse(body).error.message).toContain("needs the gateway's server")
  })
})
