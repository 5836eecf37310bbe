import { readdirSync, readFileSync } from 'node:fs'
import OpenAI, { toFile } from 'openai'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createGateway,
  scenarioSchema,
  type Gateway,
  type JournalEntry,
  type ReplayReport,
  type RequestLogEntry,
} from '../../../../src/index.ts'
import { startServer, type RunningServer } from '../../../../src/node/index.ts'
import { pageFiles } from '../../../../src/surfaces/admin/inspector/page-files.ts'
import { eitherMode, overHttp, useHarness } from '../../../support/modes.ts'
import { chatExchange, recording } from '../../../support/recordings.ts'
import { inRepo } from '../../../support/paths.ts'

// The inspector's admin routes over HTTP and in-process, without a browser: a request in detail
// (bodies, stream frames with times, as a scenario step), the state panel's data, the live feed.
// test/surfaces/admin/inspector/browser.test.ts drives the page itself.

const world = {
  extends: 'default' as const,
  tokens: [{ key: 'sk-paced', name: 'paced', userId: 1, unlimitedQuota: true, rateLimit: { requests: 2, windowMs: 60_000 } }],
  // A stream with a pause before its first token, so its frames' times are not all the same.
  models: [{ id: 'gpt-4o', streaming: { firstTokenMs: 40, tokensPerSecond: null } }],
}

interface DetailView {
  entry: JournalEntry
  query: [string, string][]
  request: { body: string | null | { omittedChars: number }; headers: [string, string][] }
  conversation: {
    message: string
    system: string
    toolResults: { callId?: string; name?: string; text: string }[]
    tools: string[]
    turn: number
  } | null
  reply: { body?: string | { omittedChars: number }; frames?: { text: string; atMs: number | null; disconnect?: true }[] }
  step: { when: Record<string, unknown>; then: Record<string, unknown> } | null
}

const hello = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'Hello' }] }

// Over HTTP: it shows a WebSocket handshake, which needs a server to connect to.
describe.each(overHttp)('the inspector routes ($name)', (mode) => {
  const harness = useHarness(mode, { world })
  beforeEach(() => harness.gateway.reset())

  const openai = (apiKey = 'sk-unrestricted') => new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const admin = async <T>(path: string) => {
    const response = await fetch(`${harness.baseUrl}/__mock${path}`)
    return { status: response.status, body: (await response.json()) as T }
  }
  const detailOf = async (requestId: string) => (await admin<DetailView>(`/journal/${requestId}`)).body
  const last = () => harness.gateway.journal.entries.at(-1)!
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${harness.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json', ...headers },
      body,
    })

  it('shows a request in detail: the body as sent, the reply as received, no unmasked key, and the step that answers the same', async () => {
    const body = JSON.stringify({ ...hello, messages: [{ role: 'user', content: 'Hello <b>there</b>' }] })
    const response = await post('/v1/chat/completions', body)
    const received = await response.text()
    const { requestId } = last()

    const view = await detailOf(requestId)
    expect(view.entry).toMatchObject({ requestId, route: 'openai.chat_completions', status: 200, stream: false, key: 'sk-u…cted' })
    expect(view.request.body).toBe(body)
    expect(view.reply.body).toBe(received)
    expect(view.query).toEqual([])
    // Request headers are shown masked: the key appears only as the world's key in the step.
    expect(JSON.stringify({ ...view, step: undefined })).not.toContain('sk-unrestricted')
    const reply = (JSON.parse(received) as OpenAI.ChatCompletion).choices[0]!.message.content
    expect(view.step).toEqual({
      when: { route: 'POST /v1/chat/completions', model: 'gpt-4o-mini', key: 'sk-unrestricted', stream: false },
      then: { reply: { text: reply } },
    })
    // What the page copies is a valid step: a scenario with it answers the next request the same.
    expect(scenarioSchema.safeParse({ name: 'copied', steps: [view.step] }).success).toBe(true)
    await harness.gateway.useScenario({ name: 'copied', strict: true, steps: [view.step!] })
    const again = await openai().chat.completions.create({ ...hello, messages: [{ role: 'user', content: 'Something else' }] })
    expect(again.choices[0]!.message.content).toBe(reply)
    expect(() => harness.gateway.scenario.assertDone()).not.toThrow()
  })

  it('shows the headers, credentials masked, and the conversation as scenario matchers read it', async () => {
    const body = {
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'call_9', content: 'Sunny' },
      ],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }],
    }
    await post('/v1/chat/completions', JSON.stringify(body), {
      'x-api-key': 'sk-other-secret-key',
      cookie: 'session=abcdefghijklmnop',
      'x-test-id': 'a',
    })
    const view = await detailOf(last().requestId)
    const headers = Object.fromEntries(view.request.headers)
    expect(headers).toMatchObject({ authorization: 'Bearer sk-u…cted', 'x-api-key': 'sk-o…-key', cookie: 'sess…mnop', 'x-test-id': 'a' })
    expect(JSON.stringify({ ...view, step: undefined })).not.toMatch(/sk-unrestricted|secret|abcdefgh/)
    expect(view.conversation).toEqual({
      message: 'Weather in Paris?',
      system: 'Be brief.',
      toolResults: [{ callId: 'call_9', name: 'get_weather', text: 'Sunny' }],
      tools: ['get_weather'],
      turn: 1,
    })
    // A route that carries no conversation shows none.
    await post('/v1/embeddings', JSON.stringify({ model: 'text-embedding-3-small', input: 'hi' }))
    expect((await detailOf(last().requestId)).conversation).toBeNull()
  })

  it('shows a stream frame by frame, with the time after arrival each was written', async () => {
    const response = await post('/v1/chat/completions', JSON.stringify({ ...hello, model: 'gpt-4o', stream: true }))
    const received = await response.text()
    const view = await detailOf(last().requestId)
    expect(view.entry).toMatchObject({ stream: true, status: 200 })
    expect(view.reply.body).toBeUndefined()
    const frames = view.reply.frames!
    expect(frames.map((frame) => frame.text).join('')).toBe(received)
    const times = frames.map((frame) => frame.atMs)
    expect(times.every((at) => typeof at === 'number' && at >= 0)).toBe(true)
    expect(times).toEqual([...(times as number[])].sort((a, b) => a - b))
    // The first frame (the role) goes out at once; the first content frame waits for the first token.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(35)
  })

  it('shows a broken stream: the frames sent, then where the connection dropped', async () => {
    await harness.gateway.useScenario({ name: 'cut', rules: [{ then: { breakStream: { afterChunks: 2, disconnect: true } } }] })
    const stream = await openai().chat.completions.create({ ...hello, stream: true })
    await expect(
      (async () => {
        for await (const _ of stream);
      })(),
    ).rejects.toThrow()
    const frames = (await detailOf(last().requestId)).reply.frames!
    expect(frames.at(-1)).toEqual({ text: '', disconnect: true, atMs: null })
    expect(frames.slice(0, -1).every((frame) => frame.atMs !== null)).toBe(true)
  })

  it.each([
    ['an unknown key', 'authenticate', () => post('/v1/chat/completions', JSON.stringify(hello), { authorization: 'Bearer sk-nobody' })],
    ['a body that is not JSON', 'read-body', () => post('/v1/chat/completions', '{"model": gpt}')],
    ['a model the key may not use', 'admit', () => post('/v1/chat/completions', JSON.stringify({ ...hello, model: 'no-such-model' }))],
    [
      'a prompt too long for the model',
      'handle',
      () => post('/v1/chat/completions', JSON.stringify({ ...hello, model: 'small-context-4k', max_tokens: 5000 })),
    ],
  ])('names the stage that refused %s, and copies the failure as a step', async (_, stage, send) => {
    const response = await send()
    const { code } = ((await response.json()) as { error: { code: string } }).error
    const view = await detailOf(last().requestId)
    expect(view.entry).toMatchObject({ status: response.status, code, stage })
    // A key the world does not know gets no step (a step names a key of the world): the detail says why.
    if (stage === 'authenticate') expect(view.step).toBeNull()
    else expect(view.step?.then).toMatchObject({ fail: { code } })
  })

  it('masks a key sent in the query, and keeps a huge body as its length only', async () => {
    const generate = await fetch(`${harness.baseUrl}/v1beta/models/gemini-2.5-flash:generateContent?key=sk-unrestricted&alt=json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ parts: [{ text: 'Hi' }] }] }),
    })
    expect(generate.status).toBe(200)
    const view = await detailOf(last().requestId)
    expect(view.query).toEqual([
      ['key', 'sk-u…cted'],
      ['alt', 'json'],
    ])
    expect(view.step?.when).toMatchObject({ key: 'sk-unrestricted', model: 'gemini-2.5-flash' })

    const huge = JSON.stringify({ ...hello, messages: [{ role: 'user', content: 'word '.repeat(300_000) }] })
    await post('/v1/chat/completions', huge)
    expect((await detailOf(last().requestId)).request.body).toEqual({ omittedChars: huge.length })
  })

  it('copies a moderation, a rerank, a transcription and a speech as steps that answer the next request the same', async () => {
    const client = openai()
    const rerank = (query: string) =>
      post(
        '/v1/rerank',
        JSON.stringify({ model: 'jina-reranker-v2-base-multilingual', query, documents: ['red apples', 'blue sky', 'green apples'] }),
      )
    const speech = async (input: string) =>
      Buffer.from(await (await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input, response_format: 'wav' })).arrayBuffer())
    const transcribe = async (audio: Buffer) =>
      (await client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(audio, 'a.wav') })).text
    const cases: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        'moderation',
        () => client.moderations.create({ input: 'I will attack you' }),
        () => client.moderations.create({ input: 'What a lovely day' }),
      ],
      ['rerank', async () => (await rerank('apples')).json(), async () => (await rerank('weather')).json()],
      ['transcription', async () => transcribe(await speech('one two three')), async () => transcribe(await speech('four five six'))],
      ['speech', async () => transcribe(await speech('seven eight nine')), async () => transcribe(await speech('ten eleven twelve'))],
    ]
    for (const [name, first, next] of cases) {
      await harness.gateway.useScenario()
      const answer = await first()
      // The request that made the answer: for a transcription or a speech, the one before the last.
      const step = (await detailOf(harness.gateway.journal.entries.at(name === 'speech' ? -2 : -1)!.requestId)).step!
      expect(step.then, name).not.toEqual({})
      expect(scenarioSchema.safeParse({ name: 'copied', steps: [step] }).success, name).toBe(true)
      await harness.gateway.useScenario({ name: 'copied', steps: [step] })
      const again = await next()
      if (name === 'moderation') expect((again as OpenAI.ModerationCreateResponse).results[0]!.categories.violence).toBe(true)
      else if (name === 'rerank') expect((again as { results: unknown }).results).toEqual((answer as { results: unknown }).results)
      else expect(again, name).toBe(answer)
    }
    await harness.gateway.useScenario()
  })

  it('shows a WebSocket handshake and each response on it: the client event as the body, the events sent with their times', async () => {
    const socket = new WebSocket(`${harness.baseUrl.replace(/^http/, 'ws')}/v1/realtime?model=gpt-realtime`, [
      'openai-insecure-api-key.sk-unrestricted',
    ])
    const seen: any[] = []
    const done = new Promise((resolve) =>
      socket.addEventListener('message', (event) => {
        const parsed = JSON.parse(String(event.data))
        seen.push(parsed)
        if (parsed.type === 'response.done') resolve(parsed)
      }),
    )
    await new Promise((resolve) => socket.addEventListener('open', resolve))
    socket.send(JSON.stringify({ type: 'session.update', session: { type: 'realtime', output_modalities: ['text'] } }))
    socket.send(
      JSON.stringify({
        type: 'conversation.item.create',
        item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
      }),
    )
    const create = JSON.stringify({ type: 'response.create' })
    socket.send(create)
    const ended = (await done) as { response: { output: { content: { text: string }[] }[] } }
    socket.close()
    const [handshake, response] = harness.gateway.journal.entries.slice(-2)
    expect(handshake).toMatchObject({ method: 'GET', path: '/v1/realtime', status: 101 })
    const opened = await detailOf(handshake!.requestId)
    expect(opened.request.body).toBeNull()
    expect(opened.reply.body).toBe('')
    expect(opened.query).toEqual([['model', 'gpt-realtime']])
    expect(opened.step).toEqual({
      when: { route: 'GET /v1/realtime', model: 'gpt-realtime', key: 'sk-unrestricted', stream: false, upgrade: true },
      then: {},
    })

    expect(response).toMatchObject({ method: 'WS', path: '/v1/realtime', status: 200 })
    const answered = await detailOf(response!.requestId)
    expect(answered.request.body).toBe(create)
    // The conversation the response answered: the session's items, as the content fields read them.
    expect(answered.conversation).toMatchObject({ message: 'Hi', toolResults: [], turn: 1 })
    const frames = answered.reply.frames!
    expect(frames.map((frame) => JSON.parse(frame.text).type)).toEqual(
      seen.slice(seen.findIndex((event) => event.type === 'response.created')).map((event) => event.type),
    )
    expect(frames.every((frame) => typeof frame.atMs === 'number')).toBe(true)
    const text = ended.response.output[0]!.content[0]!.text
    expect(answered.step).toEqual({
      when: { route: 'WS /v1/realtime', model: 'gpt-realtime', key: 'sk-unrestricted', stream: true },
      then: { reply: { text } },
    })
  })

  it('offers no step for a request that no step can meet', async () => {
    await fetch(`${harness.baseUrl}/v1/models`, { headers: { authorization: 'Bearer sk-unrestricted' } })
    expect((await detailOf(last().requestId)).step).toBeNull()
  })

  it('gives the state panel: keys masked with quota and rate windows, users, the clock, scenarios and the built-ins', async () => {
    const paced = openai('sk-paced')
    await paced.chat.completions.create(hello)
    await paced.chat.completions.create(hello)
    const { status, body } = await admin<{
      clock: { now: number; iso: string }
      keys: { key: string; name: string; quota: unknown; rateLimit?: { used: number; requests: number; resetMs?: number } }[]
      users: { username: string; quota: number }[]
      scenarios: { names: string[]; builtIn: { name: string; description: string }[] }
      replay: unknown
    }>('/state')
    expect(status).toBe(200)
    expect(JSON.stringify(body)).not.toContain('sk-unrestricted')
    expect(body.keys.find((key) => key.name === 'paced')).toMatchObject({
      key: 'sk-p…',
      quota: 'unlimited',
      rateLimit: { used: 2, requests: 2, windowMs: 60_000, resetMs: expect.any(Number) },
    })
    expect(body.users.map((user) => user.username)).toEqual(['alice', 'carol', 'root'])
    expect(body.scenarios.builtIn.map((scenario) => scenario.name)).toContain('quota-exhausted')
    expect(body.replay).toBeNull()

    harness.gateway.clock.advance(60_000)
    const later = (await admin<typeof body>('/state')).body
    expect(later.keys.find((key) => key.name === 'paced')!.rateLimit).toEqual({ used: 0, requests: 2, windowMs: 60_000 })
    expect(later.clock.now - body.clock.now).toBeGreaterThanOrEqual(60_000)
  })

  it('shows what a strict script expected of a request that matched no step', async () => {
    await harness.gateway.useScenario({
      name: 'strict',
      strict: true,
      steps: [{ name: 'streamed mini', when: { model: 'gpt-4o-mini', stream: true } }, { when: { surface: 'anthropic' } }],
    })
    await post('/v1/chat/completions', JSON.stringify({ ...hello, model: 'gpt-4o' }))
    const state = (await admin<{ scenarios: { report: { unmatched: unknown[]; pendingSteps: { described: string }[] } } }>('/state')).body
    expect(state.scenarios.report.pendingSteps.map((step) => step.described)).toEqual([
      'model "gpt-4o-mini", stream true',
      'surface "anthropic"',
    ])
    expect(state.scenarios.report.unmatched).toEqual([
      expect.objectContaining({
        model: 'gpt-4o',
        nearest: [
          {
            step: 1,
            name: 'streamed mini',
            differs: [
              { field: 'model', expected: 'gpt-4o-mini', got: 'gpt-4o' },
              { field: 'stream', expected: true, got: false },
            ],
          },
          { step: 2, differs: [{ field: 'surface', expected: 'anthropic', got: 'openai' }] },
        ],
      }),
    ])
    expect(last()).toMatchObject({ status: 400, code: 'scenario_mismatch', decidedBy: 'strict scenario', stage: 'admit' })
  })

  it('sends each request and each change of state on the event stream as it happens', async () => {
    const abort = new AbortController()
    const response = await fetch(`${harness.baseUrl}/__mock/events`, { signal: abort.signal })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    const events = eventReader(response)
    try {
      await events.next((event) => event.comment === 'live')
      await openai().chat.completions.create(hello)
      const request = await events.next((event) => event.event === 'request')
      expect(JSON.parse(request.data) as RequestLogEntry).toEqual(last())

      const json = { 'content-type': 'application/json' }
      await fetch(`${harness.baseUrl}/__mock/clock`, { method: 'POST', headers: json, body: JSON.stringify({ advanceMs: 1000 }) })
      expect(JSON.parse((await events.next((event) => event.event === 'state')).data)).toEqual({ change: 'clock' })
      await harness.gateway.useScenario('rate-limited')
      expect(JSON.parse((await events.next((event) => event.event === 'state')).data)).toEqual({ change: 'scenario' })
      await fetch(`${harness.baseUrl}/__mock/journal`, { method: 'DELETE' })
      expect(JSON.parse((await events.next((event) => event.event === 'state')).data)).toEqual({ change: 'journal' })
      await fetch(`${harness.baseUrl}/__mock/reset`, { method: 'POST', headers: json })
      const changes: string[] = []
      while (changes.at(-1) !== 'reset')
        changes.push((JSON.parse((await events.next((event) => event.event === 'state')).data) as { change: string }).change)
      expect(changes).toEqual(['clock', 'scenario', 'reset'])
    } finally {
      abort.abort()
    }
  })
})

describe('the inspector page over HTTP', () => {
  let gateway: Gateway
  let server: RunningServer
  beforeEach(async () => {
    gateway = await createGateway()
    server = await startServer(gateway, { port: 0 })
  })
  afterEach(() => server.close())

  it('serves the page at /__mock/ with a policy that runs only its own scripts, and its files', async () => {
    const moved = await fetch(`${server.url}/__mock`, { redirect: 'manual' })
    expect(moved.status).toBe(308)
    expect(moved.headers.get('location')).toBe('/__mock/')

    const page = await fetch(`${server.url}/__mock/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'; script-src 'self'")
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await page.text()).toContain('<script type="module" src="inspector/inspector.js"></script>')

    for (const [name, type] of Object.entries(pageFiles)) {
      const file = await fetch(`${server.url}/__mock/inspector/${name}`)
      expect([name, file.status, file.headers.get('content-type')]).toEqual([name, 200, type])
      expect(await file.text()).toBe(readFileSync(inRepo(`src/surfaces/admin/inspector/page/${name}`), 'utf8'))
    }
    for (const name of ['nothing.js', '..%2Fpage-files.ts', 'toString', '__proto__']) {
      expect((await fetch(`${server.url}/__mock/inspector/${name}`)).status).toBe(404)
    }
  })

  it('lists every file of the page folder, and only those', () => {
    const folder = inRepo('src/surfaces/admin/inspector/page/')
    expect(readdirSync(folder).sort()).toEqual(Object.keys(pageFiles).sort())
  })

  it('closes with an inspector still watching', async () => {
    const response = await fetch(`${server.url}/__mock/events`)
    const reader = response.body!.getReader()
    await reader.read()
    await server.close()
    await expect(reader.read()).rejects.toThrow()
    server = await startServer(gateway, { port: 0 })
  })
})

describe('the inspector with an admin token', () => {
  let server: RunningServer
  const token = 'inspector-secret'
  beforeEach(async () => {
    server = await startServer(await createGateway(), { port: 0, adminToken: token })
  })
  afterEach(() => server.close())

  it('takes the token once as ?token=, keeps it in a cookie, and refuses changes that carry only the cookie', async () => {
    expect((await fetch(`${server.url}/__mock/`)).status).toBe(404)
    expect((await fetch(`${server.url}/__mock/?token=wrong`, { redirect: 'manual' })).status).toBe(404)
    // Only the page's own address takes the token in its query.
    expect((await fetch(`${server.url}/__mock/state?token=${token}`)).status).toBe(404)

    const first = await fetch(`${server.url}/__mock/?token=${token}`, { redirect: 'manual' })
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toBe('/__mock/')
    const cookie = first.headers.get('set-cookie')!
    expect(cookie).toMatch(/^llm-gateway-mock-admin-\d+=inspector-secret; Path=\/__mock; HttpOnly; SameSite=Strict$/)
    const jar = { cookie: cookie.split(';')[0]! }

    expect((await fetch(`${server.url}/__mock/`, { headers: jar })).status).toBe(200)
    expect((await fetch(`${server.url}/__mock/state`, { headers: jar })).status).toBe(200)
    // Another site's form could send the cookie with a POST; it cannot send this header.
    expect((await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: jar })).status).toBe(404)
    expect((await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: { ...jar, 'x-mock-inspector': '1' } })).status).toBe(200)
    // The cookie names this server's port: another server's cookie is not this one's token.
    const elsewhere = { cookie: jar.cookie.replace(/admin-\d+=/, 'admin-1=') }
    expect((await fetch(`${server.url}/__mock/state`, { headers: elsewhere })).status).toBe(404)
  })
})

it('keeps the inspector’s own reads out of the request log', async () => {
  const logged: string[] = []
  const gateway = await createGateway({ onRequest: (entry) => logged.push(entry.path) })
  for (const path of ['/__mock/state', '/__mock/journal/none', '/__mock/clock']) await fetchThrough(gateway, path)
  expect(logged).toEqual(['/__mock/clock'])
})

describe('details kept', () => {
  it.each(eitherMode)('keeps the last detailLimit requests in detail ($name)', async (mode) => {
    const harness = await mode.start({ detailLimit: 2 })
    try {
      for (let i = 0; i < 3; i++) await fetch(`${harness.baseUrl}/v1/models`, { headers: { authorization: 'Bearer sk-unrestricted' } })
      const [oldest, ...kept] = harness.gateway.journal.entries
      const status = async (entry: JournalEntry) => (await fetch(`${harness.baseUrl}/__mock/journal/${entry.requestId}`)).status
      expect(await Promise.all(kept.map(status))).toEqual([200, 200])
      const refused = await fetch(`${harness.baseUrl}/__mock/journal/${oldest!.requestId}`)
      expect(refused.status).toBe(404)
      expect(await refused.json()).toEqual({
        error: {
          code: 'invalid_request_error',
          message: `No request ${oldest!.requestId} in detail: the gateway keeps the last 2 requests in detail (createGateway({ detailLimit }), --journal-details).`,
        },
      })
    } finally {
      await harness.close()
    }
  })

  it('refuses a detail limit that is not a non-negative integer', async () => {
    await expect(createGateway({ detailLimit: -1 })).rejects.toThrow('detailLimit: must be a non-negative integer, got -1')
    const none = await createGateway({ detailLimit: 0 })
    await fetchThrough(none, '/v1/models', { authorization: 'Bearer sk-unrestricted' })
    expect((await fetchThrough(none, `/__mock/journal/${none.journal.entries[0]!.requestId}`)).status).toBe(404)
  })
})

/** A request answered by a gateway's handlers in-process, without msw's interception. */
async function fetchThrough(gateway: Gateway, path: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`http://gateway.test${path}`, { headers })
  for (const handler of gateway.handlers) {
    if (handler.kind !== 'request') continue
    const result = await handler.run({ request: request.clone(), requestId: 'test' })
    if (result?.response) return result.response
  }
  throw new Error(`no handler answered ${path}`)
}

/** Reads server-sent events from a response as they come, each with its `event`, `data` and comment lines. */
function eventReader(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  const parsed: { event?: string; data: string; comment?: string }[] = []
  const parse = (block: string) => {
    const event: { event?: string; data: string; comment?: string } = { data: '' }
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) event.comment = line.slice(1).trim()
      else if (line.startsWith('event: ')) event.event = line.slice(7)
      else if (line.startsWith('data: ')) event.data += line.slice(6)
    }
    return event
  }
  return {
    /** The next event that `wanted` accepts, skipping the others; bounded by the test's timeout. */
    async next(wanted: (event: { event?: string; data: string; comment?: string }) => boolean) {
      for (;;) {
        const index = parsed.findIndex(wanted)
        if (index !== -1) return parsed.splice(0, index + 1).at(-1)!
        parsed.length = 0
        const { done, value } = await reader.read()
        if (done) throw new Error('the event stream ended')
        buffer += value
        let end: number
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          parsed.push(parse(buffer.slice(0, end)))
          buffer = buffer.slice(end + 2)
        }
      }
    },
  }
}

describe('the replay in the state panel', () => {
  const stateOf = async (harness: { baseUrl: string }) =>
    ((await (await fetch(`${harness.baseUrl}/__mock/state`)).json()) as { replay: ReplayReport | null }).replay

  it.each(eitherMode)('shows no replay when nothing is replayed ($name)', async (mode) => {
    const harness = await mode.start({})
    try {
      expect(await stateOf(harness)).toBeNull()
    } finally {
      await harness.close()
    }
  })

  it.each(eitherMode)(
    'shows the recordings never used and the requests none matched, with the nearest and what differs ($name)',
    async (mode) => {
      const harness = await mode.start({
        replay: recording(
          [chatExchange(1, 'Hello', { text: 'Recorded hello.' }), chatExchange(2, 'Bye', { text: 'Recorded bye.' })],
          'team',
        ),
      })
      try {
        const chat = (said: string) =>
          fetch(`${harness.baseUrl}/v1/chat/completions`, {
            method: 'POST',
            headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
            body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: said }] }),
          })
        expect((await chat('Hello')).status).toBe(200)
        expect((await chat('Good night')).status).toBe(200)
        const replay = await stateOf(harness)
        expect(replay?.unused).toEqual([expect.objectContaining({ recording: 'team', id: 2, asked: 'last user turn "Bye"' })])
        expect(replay?.unmatched).toEqual([
          expect.objectContaining({
            model: 'gpt-4o-mini',
            nearest: expect.arrayContaining([
              expect.objectContaining({ recording: 'team', id: 2, differences: ['last user turn: recorded "Bye", got "Good night"'] }),
            ]),
          }),
        ])
      } finally {
        await harness.close()
      }
    },
  )
})
