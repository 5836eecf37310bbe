import Anthropic from '@anthropic-ai/sdk'
import { GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createGateway,
  GatewayOptionsError,
  RecordingError,
  ReplayAssertionError,
  type GatewayOptions,
  type RecordingInput,
} from '../../src/index.ts'
import { recordedPace, recordedTiming } from '../../src/recording/with-replay.ts'
import { frameDelays, instant } from '../../src/streaming/stream-plan.ts'
import { drivenTime, settle } from '../support/driven-time.ts'
import { eitherMode, type Harness, type Mode } from '../support/modes.ts'
import { chatErrorExchange, chatExchange, recording } from '../support/recordings.ts'
import { rejection } from '../support/rejection.ts'

const ask = (content: string, more: Record<string, unknown> = {}) => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user' as const, content }],
  ...more,
})

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'The weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
  },
}

// A session as `record` would write it, and as a person edits it: the texts are the edit.
const session: RecordingInput = recording(
  [
    chatExchange(1, 'Hello', { text: 'Edited by hand: hello back.', usage: { promptTokens: 9, completionTokens: 4 } }),
    chatExchange(2, 'Again', { text: 'First answer to again.' }),
    chatExchange(3, 'Again', { text: 'Second answer to again.' }),
    chatErrorExchange(
      4,
      'Too fast',
      429,
      {
        error: {
          message: 'Rate limit reached for gpt-4o-mini (upstream words).',
          type: 'requests',
          param: null,
          code: 'rate_limit_exceeded',
        },
      },
      { 'retry-after': '7', 'x-ratelimit-remaining-requests': '0', 'x-request-id': 'upstream-id', 'content-type': 'application/json' },
    ),
    chatExchange(
      5,
      'Weather in Paris?',
      { toolCalls: [{ id: 'call_rec5', name: 'get_weather', arguments: { city: 'Paris' } }] },
      { request: { tools: ['get_weather'], toolsHash: undefined } },
    ),
    chatExchange(
      6,
      'Weather in Paris?',
      { text: 'It is sunny in Paris, says the tool.' },
      { request: { tools: ['get_weather'], toolsHash: undefined, turns: 3, toolResults: ['{"sky":"sunny"}'] } },
    ),
    chatExchange(7, 'My card is [redacted], charge it', { text: 'Charged.' }),
    chatExchange(8, 'Any system prompt', { text: 'Whatever the system said.' }, { request: { systemHash: undefined } }),
  ],
  'session.json',
)

describe.each(eitherMode)('replaying a recording ($name)', (mode: Mode) => {
  let harness: Harness | undefined
  const start = async (options: GatewayOptions = {}) => {
    await harness?.close()
    harness = await mode.start({ replay: session, ...options })
    return harness
  }
  afterEach(async () => {
    await harness?.close()
    harness = undefined
  })
  const openai = (h: Harness, apiKey = 'sk-unrestricted') => new OpenAI({ apiKey, baseURL: `${h.baseUrl}/v1`, maxRetries: 0 })

  it('answers with the recorded reply, hand edits included, its id and its usage, streamed or not', async () => {
    const h = await start()
    const client = openai(h)
    const reply = await client.chat.completions.create(ask('Hello'))
    expect(reply).toMatchObject({
      id: 'chatcmpl-rec1',
      choices: [{ message: { content: 'Edited by hand: hello back.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 9, completion_tokens: 4 },
    })
    expect(h.gateway.journal.entries.map((entry) => entry.decidedBy)).toEqual(['recording "session.json" #1'])
    await h.gateway.reset()
    let streamed = ''
    for await (const chunk of await client.chat.completions.create({ ...ask('Hello'), stream: true }))
      streamed += chunk.choices[0]?.delta.content ?? ''
    expect(streamed).toBe('Edited by hand: hello back.')
  })

  it('charges the quota by the recorded usage', async () => {
    const h = await start()
    const user = () => h.gateway.world.users.findFirst((q) => q.where({ username: 'alice' }))!
    const before = user().usedQuota
    await openai(h).chat.completions.create(ask('Hello'))
    const entry = h.gateway.journal.entries.at(-1)!
    expect(entry).toMatchObject({ usage: { promptTokens: 9, completionTokens: 4 } })
    expect(user().usedQuota - before).toBe(entry.quota)
    expect(entry.quota).toBeGreaterThan(0)
  })

  it('replays identical requests recorded several times in the order they were recorded, then says they are used up', async () => {
    const h = await start({ replayStrict: true })
    const client = openai(h)
    const texts = []
    for (let i = 0; i < 2; i++) texts.push((await client.chat.completions.create(ask('Again'))).choices[0]!.message.content)
    expect(texts).toEqual(['First answer to again.', 'Second answer to again.'])
    const third = await rejection(client.chat.completions.create(ask('Again')))
    expect(third).toMatchObject({ status: 400, code: 'replay_mismatch' })
    expect((third as Error).message).toContain('the 2 recordings of it were used already')
    await h.gateway.reset()
    expect((await client.chat.completions.create(ask('Again'))).choices[0]!.message.content).toBe('First answer to again.')
  })

  it('replays a recorded error as it came: status, body, and its rate-limit and retry headers', async () => {
    const h = await start()
    const error = await rejection(openai(h).chat.completions.create(ask('Too fast')))
    expect(error).toBeInstanceOf(OpenAI.RateLimitError)
    const limited = error as InstanceType<typeof OpenAI.RateLimitError>
    expect({ status: limited.status, code: limited.code, message: limited.message }).toEqual({
      status: 429,
      code: 'rate_limit_exceeded',
      message: '429 Rate limit reached for gpt-4o-mini (upstream words).',
    })
    expect(limited.headers?.get('retry-after')).toBe('7')
    expect(limited.headers?.get('x-ratelimit-remaining-requests')).toBe('0')
    // The replaying gateway's own request id, not the recorded server's.
    expect(limited.headers?.get('x-request-id')).not.toBe('upstream-id')
  })

  it('tells the steps of a tool loop apart by the tool results since the last user turn', async () => {
    const h = await start({ replayStrict: true })
    const client = openai(h)
    const first = await client.chat.completions.create({ ...ask('Weather in Paris?'), tools: [weatherTool] })
    const call = first.choices[0]!.message.tool_calls![0]!
    expect(call).toMatchObject({ id: 'call_rec5', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } })
    const second = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      tools: [weatherTool],
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: call.id, content: '{"sky":"sunny"}' },
      ],
    })
    expect(second.choices[0]!.message.content).toBe('It is sunny in Paris, says the tool.')
  })

  it('lets [redacted] in recorded text stand for any text, and a field left out match anything', async () => {
    const h = await start({ replayStrict: true })
    const client = openai(h)
    expect((await client.chat.completions.create(ask('My card is 4242 4242 4242 4242, charge it'))).choices[0]!.message.content).toBe(
      'Charged.',
    )
    const withSystem = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: `Today is ${new Date().toDateString()}.` },
        { role: 'user', content: 'Any system prompt' },
      ],
    })
    expect(withSystem.choices[0]!.message.content).toBe('Whatever the system said.')
  })

  it('lets the world decide first: keys, visibility, quota, context windows and scenarios come before any recording', async () => {
    const h = await start({ replayStrict: true })
    expect(await rejection(openai(h, 'sk-no-such-key').chat.completions.create(ask('Hello')))).toMatchObject({ status: 401 })
    expect(await rejection(openai(h, 'sk-broke-user').chat.completions.create(ask('Hello')))).toMatchObject({ status: 403 })
    expect(await rejection(openai(h, 'sk-limited').chat.completions.create({ ...ask('Hello'), model: 'gpt-4o' }))).toMatchObject({
      status: 404,
      code: 'model_not_found',
    })
    await h.gateway.useScenario({
      name: 'override',
      rules: [{ when: { model: 'gpt-4o-mini' }, then: { reply: { text: 'The scenario says.' } } }],
    })
    expect((await openai(h).chat.completions.create(ask('Hello'))).choices[0]!.message.content).toBe('The scenario says.')
    await h.gateway.useScenario({ name: 'fail', rules: [{ then: { fail: { code: 'upstream_error' } } }] })
    expect(await rejection(openai(h).chat.completions.create(ask('Hello')))).toMatchObject({ status: 503 })
    await h.gateway.useScenario()
    // None of those used the recording of "Hello".
    expect(h.gateway.replay.unused().map((unused) => unused.id)).toContain(1)
  })

  it('keeps a recording that the context window refused for the next request', async () => {
    const long = 'word '.repeat(5000)
    const h = await start({
      replay: recording([chatExchange(1, long, { text: 'Fits now.' }, { model: 'small-context-4k' })], 'long.json'),
      replayStrict: true,
    })
    const refused = await rejection(openai(h).chat.completions.create({ ...ask(long), model: 'small-context-4k' }))
    expect(refused).toMatchObject({ status: 400, code: 'context_length_exceeded' })
    expect(h.gateway.replay.unused().map((unused) => unused.id)).toEqual([1])
    // Nor does the journal name the recording for the world's answer.
    expect(h.gateway.journal.entries.map((entry) => [entry.status, entry.decidedBy])).toEqual([[400, undefined]])
    await h.gateway.useScenario('context-overflow')
    expect(await rejection(openai(h).chat.completions.create(ask('Hello')))).toMatchObject({ status: 400 })
    expect(h.gateway.journal.entries.at(-1)!.decidedBy).not.toMatch(/recording/)
  })

  it('gives a request no recording matches the generated reply, and reports it with the nearest recordings and what differs', async () => {
    const h = await start()
    const reply = await openai(h).chat.completions.create(ask('Helo'))
    expect(reply.choices[0]!.message.content).toBe('This is a mock reply from gpt-4o-mini. You said: "Helo"')
    const [miss] = h.gateway.replay.unmatched()
    expect(miss).toMatchObject({ method: 'POST', path: '/v1/chat/completions', model: 'gpt-4o-mini', reason: 'no recording matches it' })
    expect(miss!.nearest[0]).toEqual({ recording: 'session.json', id: 1, differences: ['last user turn: recorded "Hello", got "Helo"'] })
    expect(() => h.gateway.replay.assertDone()).toThrow(ReplayAssertionError)
  })

  it('answers a miss with 400 replay_mismatch under replayStrict, naming the nearest recording and what differs', async () => {
    const h = await start({ replayStrict: true })
    const client = openai(h)
    const model = await rejection(client.chat.completions.create({ ...ask('Hello'), model: 'gpt-4o' }))
    expect(model).toBeInstanceOf(OpenAI.BadRequestError)
    expect((model as Error).message).toBe(
      '400 Strict replay: POST /v1/chat/completions (model gpt-4o, last user turn "Hello"): no recording matches it. Nearest: ' +
        '"session.json" #1 (model: recorded "gpt-4o-mini", got "gpt-4o"), ' +
        '"session.json" #2 (model: recorded "gpt-4o-mini", got "gpt-4o"; last user turn: recorded "Again", got "Hello"), ' +
        '"session.json" #3 (model: recorded "gpt-4o-mini", got "gpt-4o"; last user turn: recorded "Again", got "Hello").',
    )
    const tools = await rejection(client.chat.completions.create({ ...ask('Hello'), tools: [weatherTool] }))
    expect((tools as Error).message).toContain('"session.json" #1 (tools: recorded [], got ["get_weather"])')
    const turns = await rejection(
      client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [
          { role: 'user', content: 'Earlier' },
          { role: 'assistant', content: 'Sure.' },
          { role: 'user', content: 'Hello' },
        ],
      }),
    )
    expect((turns as Error).message).toContain('"session.json" #1 (turns: recorded 1, got 3)')
    expect(h.gateway.journal.entries.map((entry) => [entry.status, entry.code, entry.decidedBy])).toEqual([
      [400, 'replay_mismatch', 'strict replay'],
      [400, 'replay_mismatch', 'strict replay'],
      [400, 'replay_mismatch', 'strict replay'],
    ])
  })

  it('reports the recordings never used, in process and at GET /__mock/replay, and reset() starts the ledger again', async () => {
    const h = await start()
    await openai(h).chat.completions.create(ask('Hello'))
    const unused = h.gateway.replay.unused()
    expect(unused.map((entry) => entry.id)).toEqual([2, 3, 4, 5, 6, 7, 8])
    expect(unused[0]).toEqual({
      recording: 'session.json',
      id: 2,
      route: 'openai.chat_completions',
      model: 'gpt-4o-mini',
      asked: 'last user turn "Again"',
    })
    const over = await (await fetch(`${h.baseUrl}/__mock/replay`)).json()
    expect(over).toEqual(h.gateway.replay.pending())
    const asserted = await fetch(`${h.baseUrl}/__mock/replay/assert`, { method: 'POST' })
    expect(asserted.status).toBe(409)
    expect(await asserted.json()).toMatchObject({
      done: false,
      error: { code: 'replay_mismatch', message: expect.stringContaining('"session.json" #2') },
    })
    expect(() => h.gateway.replay.assertDone()).toThrow(
      /"session\.json" #2 \(openai\.chat_completions, model gpt-4o-mini, last user turn "Again"\) was never used/,
    )
    await h.gateway.reset()
    expect(h.gateway.replay.unused()).toHaveLength(8)
    expect(h.gateway.replay.unmatched()).toEqual([])
  })
})

describe('recordings of the other surfaces', () => {
  const base = { method: 'POST', stream: false, request: { lastUserTurn: 'Hi', turns: 1 } }
  const other: RecordingInput = recording([
    {
      ...base,
      id: 1,
      surface: 'anthropic',
      route: 'anthropic.messages',
      path: '/v1/messages',
      model: 'claude-sonnet-4-6',
      response: {
        status: 200,
        reply: {
          id: 'msg_rec1',
          text: 'Recorded Claude.',
          toolCalls: [{ id: 'toolu_rec1', name: 'lookup', arguments: { q: 'x' } }],
          finishReason: 'tool_calls',
          usage: { promptTokens: 3, completionTokens: 5 },
        },
      },
    },
    {
      ...base,
      id: 2,
      surface: 'gemini',
      route: 'gemini.stream_generate_content',
      path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      model: 'gemini-2.5-flash',
      stream: true,
      response: { status: 200, reply: { text: 'Recorded Gemini.', usage: { promptTokens: 2, completionTokens: 3 } } },
    },
    {
      ...base,
      id: 3,
      surface: 'openai',
      route: 'openai.responses',
      path: '/v1/responses',
      model: 'gpt-4o-mini',
      response: { status: 200, reply: { id: 'resp_rec3', text: 'Recorded response.' } },
    },
    {
      ...base,
      id: 4,
      surface: 'openai',
      route: 'openai.embeddings',
      path: '/v1/embeddings',
      model: 'text-embedding-3-small',
      request: { inputs: ['Hi'] },
      response: { status: 200, embeddings: { vectors: [[0.5, -0.25, 0.125]], promptTokens: 1 } },
    },
  ])

  it.each(eitherMode)('renders each in its own surface, streamed or not ($name)', async (mode) => {
    const h = await mode.start({ replay: other, replayStrict: true })
    try {
      const anthropic = new Anthropic({ apiKey: 'sk-unrestricted', baseURL: h.baseUrl, maxRetries: 0 })
      const message = await anthropic.messages
        .stream({ model: 'claude-sonnet-4-6', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] })
        .finalMessage()
      expect(message).toMatchObject({
        id: 'msg_rec1',
        content: [
          { type: 'text', text: 'Recorded Claude.' },
          { type: 'tool_use', id: 'toolu_rec1', name: 'lookup', input: { q: 'x' } },
        ],
        stop_reason: 'tool_use',
        usage: { input_tokens: 3, output_tokens: 5 },
      })
      // A recording of a stream answers the same request unstreamed: generateContent and its stream are one family.
      const genai = new GoogleGenAI({ apiKey: 'sk-unrestricted', httpOptions: { baseUrl: h.baseUrl, apiVersion: 'v1beta' } })
      const gemini = await genai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hi' })
      expect([gemini.text, gemini.usageMetadata?.candidatesTokenCount]).toEqual(['Recorded Gemini.', 3])
      const openai = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${h.baseUrl}/v1`, maxRetries: 0 })
      const response = await openai.responses.create({ model: 'gpt-4o-mini', input: 'Hi' })
      expect([response.id, response.output_text]).toEqual(['resp_rec3', 'Recorded response.'])
      const embedding = await openai.embeddings.create({ model: 'text-embedding-3-small', input: 'Hi' })
      expect([embedding.data[0]!.embedding, embedding.usage.prompt_tokens]).toEqual([[0.5, -0.25, 0.125], 1])
      h.gateway.replay.assertDone()
    } finally {
      await h.close()
    }
  })
})

describe('hand-written tool calls without a finishReason', () => {
  const calls = (id: number, surface: 'openai' | 'anthropic') => ({
    id,
    surface,
    route: surface === 'openai' ? 'openai.chat_completions' : 'anthropic.messages',
    method: 'POST',
    path: surface === 'openai' ? '/v1/chat/completions' : '/v1/messages',
    model: surface === 'openai' ? 'gpt-4o-mini' : 'claude-sonnet-4-6',
    request: { lastUserTurn: 'Weather?' },
    response: { status: 200, reply: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] } },
  })

  it.each(eitherMode)('end as tool calls in each surface ($name)', async (mode) => {
    const h = await mode.start({ replay: recording([calls(1, 'openai'), calls(2, 'anthropic')] as RecordingInput['exchanges']) })
    try {
      const chat = await new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${h.baseUrl}/v1`, maxRetries: 0 }).chat.completions.create({
        ...ask('Weather?'),
        tools: [weatherTool],
      })
      expect(chat.choices[0]!.finish_reason).toBe('tool_calls')
      const message = await new Anthropic({ apiKey: 'sk-unrestricted', baseURL: h.baseUrl, maxRetries: 0 }).messages.create({
        model: 'claude-sonnet-4-6',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Weather?' }],
      })
      expect(message.stop_reason).toBe('tool_use')
      expect(message.content).toMatchObject([{ type: 'tool_use', name: 'get_weather', input: { city: 'Oslo' } }])
    } finally {
      await h.close()
    }
  })
})

describe('recordings that could never replay', () => {
  const exchange = (id: number, more: Record<string, unknown>) => ({
    id,
    surface: 'openai',
    route: 'openai.chat_completions',
    method: 'POST',
    path: '/v1/chat/completions',
    model: 'gpt-4o-mini',
    request: { lastUserTurn: `turn ${id}` },
    response: { status: 200, reply: { text: 'x' } },
    ...more,
  })

  it('are refused at load, each at its path: a reply without its request, a mistyped route, the wrong kind of request', async () => {
    const bad = {
      version: 1,
      name: 'never.json',
      exchanges: [
        exchange(1, { request: undefined }),
        exchange(2, { route: 'openai.chat_completion' }),
        exchange(3, {
          route: 'openai.embeddings',
          path: '/v1/embeddings',
          model: 'text-embedding-3-small',
          request: { lastUserTurn: 'wrong kind' },
          response: { status: 200, embeddings: { vectors: [[1, 2, 3]] } },
        }),
        exchange(4, { route: 'openai.list_models', request: undefined }),
      ],
    }
    const error = await rejection(createGateway({ replay: bad as RecordingInput }))
    expect(error).toBeInstanceOf(RecordingError)
    expect((error as Error).message.split('\n')).toEqual([
      'Invalid recording never.json:',
      '  - exchanges[0].request: required: what identifies the request this answer replays for, a generation request ({"lastUserTurn": …}); without it the exchange would never replay',
      expect.stringMatching(
        /^ {2}- exchanges\[1\]\.route: "openai\.chat_completion" is not one of .*Did you mean "openai\.chat_completions"\?$/,
      ),
      '  - exchanges[2].request: openai.embeddings is keyed by an embedding request ({"inputs": [...]})',
      '  - exchanges[3].response.reply: openai.list_models does not replay: a reply replays on a generation route (openai.chat_completions, anthropic.messages, …); keep the answer under body to read it',
    ])
  })

  it('with a mistyped route name the nearest route id, and list the route ids once however many exchanges are wrong', async () => {
    const bad = {
      version: 1,
      name: 'typos.json',
      exchanges: [
        exchange(1, { route: 'openai.chat_completion' }),
        exchange(2, { route: 'openai.chat_completion' }),
        exchange(3, { route: 'chat' }),
        exchange(4, { route: 'chat' }),
      ],
    }
    const error = await rejection(createGateway({ replay: bad as RecordingInput }))
    expect(error).toBeInstanceOf(RecordingError)
    const lines = (error as Error).message.split('\n')
    expect(lines.slice(0, 3)).toEqual([
      'Invalid recording typos.json:',
      ...[0, 1].map((index) =>
        expect.stringMatching(
          new RegExp(
            `^ {2}- exchanges\\[${index}\\]\\.route: "openai\\.chat_completion" is not one of the \\d+ values allowed here\\. Did you mean "openai\\.chat_completions"\\?$`,
          ),
        ),
      ),
    ])
    expect(lines[3]).toMatch(
      /^ {2}- exchanges\[2\]\.route: "chat" is not one of "openai\.list_models", .*"openai\.chat_completions", .*"unknown"\.$/,
    )
    expect(lines.slice(4)).toEqual(['  - exchanges[3].route: "chat" is not one of the values listed at exchanges[2].route.'])
  })

  it('kept for reading are reported at load, and named when a request of their route and model finds no recording', async () => {
    const readOnly = recording(
      [
        exchange(1, { request: undefined, response: { status: 200, body: { note: 'an answer this gateway does not give' } } }),
        exchange(2, {}),
      ] as RecordingInput['exchanges'],
      'read-only.json',
    )
    const gateway = await createGateway({ replay: readOnly, replayStrict: true, baseUrl: 'http://read-only.test' })
    expect(gateway.replay.pending().neverReplayed).toEqual([
      {
        recording: 'read-only.json',
        id: 1,
        route: 'openai.chat_completions',
        model: 'gpt-4o-mini',
        why: 'its answer is kept for reading (body), not replayed',
      },
    ])
    const { setupServer } = await import('msw/node')
    const server = setupServer(...gateway.handlers)
    server.listen()
    try {
      const miss = await rejection(
        new OpenAI({ apiKey: 'sk-unrestricted', baseURL: 'http://read-only.test/v1', maxRetries: 0 }).chat.completions.create(
          ask('turn 9'),
        ),
      )
      expect((miss as Error).message).toMatch(
        /Of this route and model but never replayed: "read-only\.json" #1 \(its answer is kept for reading \(body\), not replayed\)\.$/,
      )
    } finally {
      server.close()
    }
  })
})

describe('recordings given to createGateway', () => {
  it('are checked against the format, each problem at its path', async () => {
    const bad = { version: 1, name: 'bad.json', exchanges: [{ ...chatExchange(1, 'Hi', { text: 'x' }), response: { status: 200 } }] }
    const error = await rejection(createGateway({ replay: bad as RecordingInput }))
    expect(error).toBeInstanceOf(RecordingError)
    expect((error as Error).message).toBe(
      'Invalid recording bad.json:\n  - exchanges[0].response: give exactly one of reply, embeddings, error, body or binary (got none)',
    )
  })

  it('as a path need Node: the runtime-neutral entry says so', async () => {
    const error = await rejection(createGateway({ replay: './recordings' }))
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).message).toMatch(/^createGateway: replay is a path \("\.\/recordings"\), which only Node can read/)
    const listed = await rejection(createGateway({ replay: [recording([]), './more'] }))
    expect((listed as Error).message).toMatch(/^createGateway: replay\[1\] is a path \("\.\/more"\)/)
  })

  it('refuse a replaySpeed below 0', async () => {
    expect(await rejection(createGateway({ replaySpeed: -1 }))).toBeInstanceOf(GatewayOptionsError)
  })
})

describe('the recorded pace of a stream', () => {
  // A role frame at once, the first words three seconds later (the model thought), then quick words.
  const chunk = (delta: object) => `data: ${JSON.stringify({ choices: [{ index: 0, delta }] })}`
  const thoughtFirst = [
    { atMs: 10, data: chunk({ role: 'assistant', content: '' }) },
    { atMs: 3000, data: chunk({ content: 'Hello' }) },
    ...[1, 2, 3, 4, 5].map((n) => ({ atMs: 3000 + 20 * n, data: chunk({ content: ` w${n}` }) })),
    { atMs: 3120, data: 'data: [DONE]' },
  ]

  it('is read from the frames against the content they carried, scaled by the replay speed, and dropped at speed 0', () => {
    const pace = recordedPace(thoughtFirst, [0, 5, 8, 11, 14, 17, 20, 20])!
    expect(pace).toEqual({
      firstFrameMs: 10,
      firstContentMs: 3000,
      content: [
        { reached: 0.25, atMs: 3000 },
        { reached: 0.4, atMs: 3020 },
        { reached: 0.55, atMs: 3040 },
        { reached: 0.7, atMs: 3060 },
        { reached: 0.85, atMs: 3080 },
        { reached: 1, atMs: 3100 },
      ],
      lastFrameMs: 3120,
    })
    expect(recordedTiming(pace, 2).recorded).toMatchObject({ firstFrameMs: 5, firstContentMs: 1500, lastFrameMs: 1560 })
    expect(recordedTiming(pace, 0)).toEqual(instant)
    expect(recordedTiming(undefined, 1)).toEqual(instant)
    // Frames no reader can count each carry an equal share of the content.
    expect(
      recordedPace(
        [
          { atMs: 0, data: 'data: a' },
          { atMs: 600, data: 'data: b' },
        ],
        undefined,
      )!.content,
    ).toEqual([
      { reached: 0.5, atMs: 0 },
      { reached: 1, atMs: 600 },
    ])
  })

  it('keeps the wait to the first content, and plays the rest where the recording reached that far, whatever the frame count', () => {
    const pace = recordedPace(thoughtFirst, [0, 5, 8, 11, 14, 17, 20, 20])!
    const frame = (tokens: number) => ({ text: 'x', tokens })
    // A role frame, ten content frames of one token, a finish frame and [DONE]: twelve frames for the recorded eight.
    const played = [frame(0), ...Array.from({ length: 10 }, () => frame(1)), frame(0), frame(0)]
    const delays = frameDelays({ frames: played, timing: { ...instant, recorded: pace } })
    const times = delays.map((_, index) => delays.slice(0, index + 1).reduce((sum, delay) => sum + delay, 0))
    expect(times[0]).toBe(10)
    expect(times[1]).toBe(3000)
    expect(times.slice(2, 11)).toEqual([3000, 3020, 3020, 3040, 3060, 3060, 3080, 3100, 3100])
    expect(times.slice(11)).toEqual([3120, 3120])
  })

  it.each(eitherMode)(
    'plays a replayed stream at that pace, its first words after the recorded time to first token ($name)',
    async (mode) => {
      const late = thoughtFirst.map((frame) => ({ ...frame, atMs: frame.atMs / 5 }))
      const slow = recording([
        chatExchange(1, 'Slowly', { text: 'Hello there, world, in more words than were recorded.' }, { stream: true, frames: late }),
      ])
      // The gateway's waits are held until the test moves its clock (test/support/driven-time.ts), 10 ms at a time.
      const time = drivenTime()
      const h = await mode.start({ replay: slow, time })
      try {
        const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${h.baseUrl}/v1`, maxRetries: 0 })
        const start = time.now()
        let text = ''
        let firstWords: number | undefined
        let done = false
        const reading = (async () => {
          for await (const chunk of await client.chat.completions.create({ ...ask('Slowly'), stream: true })) {
            const content = chunk.choices[0]?.delta.content ?? ''
            if (content !== '' && firstWords === undefined) firstWords = time.now() - start
            text += content
          }
        })().finally(() => (done = true))
        for (let step = 0; step < 1_000 && !done; step++) {
          await settle()
          if (time.pending() > 0) time.advance(10)
        }
        await reading
        expect(text).toBe('Hello there, world, in more words than were recorded.')
        // The recording's first content came at 600 ms: no word before the clock got there.
        expect(firstWords).toBeGreaterThanOrEqual(600)
      } finally {
        await h.close()
      }
    },
  )
})

describe('a recording given as data that nests too deep', () => {
  it('is refused with a RecordingError naming where, not a stack overflow; one at the limit loads', async () => {
    const nestedRecording = (levels: number): RecordingInput => {
      let nested: unknown = 'end'
      for (let level = 0; level < levels; level++) nested = [nested]
      const exchange = { id: 1, surface: 'openai', route: 'openai.list_models', method: 'GET', path: '/v1/models' } as const
      return { version: 1, exchanges: [{ ...exchange, response: { status: 200, body: nested as never } }] }
    }
    const error = await rejection(createGateway({ replay: nestedRecording(5000) }))
    expect(error).toBeInstanceOf(RecordingError)
    expect((error as Error).message).toMatch(
      /^Invalid recording replay:\n {2}- exchanges\[0\]\.response\.body\[0\]\[0\]\[0\]\[0\]…\[0\]\[0\]\[0\]\[0\]: nests deeper than 1004 levels/,
    )
    const gateway = await createGateway({ replay: nestedRecording(1000) })
    expect(gateway.replay.unused()).toEqual([])
  })
})
