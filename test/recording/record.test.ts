import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createGzip, constants as zlibConstants } from 'node:zlib'
import Anthropic from '@anthropic-ai/sdk'
import { GoogleGenAI } from '@google/genai'
import OpenAI, { toFile } from 'openai'
import WebSocket from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, recordingSchema, type Gateway, type Recording, type RecordedExchange } from '../../src/index.ts'
import { startRecorder, startServer, type RecorderExchange, type RunningRecorder, type RunningServer } from '../../src/node/index.ts'
import { installSchema } from '../support/installed-schema.ts'
import { eventually } from '../support/process-tree.ts'
import { inRepo } from '../support/paths.ts'
import { rejection } from '../support/rejection.ts'

// The recorder in process, in front of a gateway of our own on a real port: what it forwards,
// what it relays and when, and what it writes (and never writes).

const upstreamKey = 'sk-upstream-7f3a9c-DISTINCTIVE'
const world = {
  extends: 'default' as const,
  models: [
    // Pauses half a second between its tokens: a model that thinks between frames.
    { id: 'pausing', reply: { type: 'text' as const, text: 'Slow thought' }, streaming: { firstTokenMs: 0, tokensPerSecond: 2 } },
    // Forty tokens at eighty a second: a stream a client can leave in the middle of.
    { id: 'lorem-slow', reply: { type: 'lorem' as const, tokens: 40 }, streaming: { firstTokenMs: 0, tokensPerSecond: 80 } },
  ],
  groups: [{ name: 'default', models: { add: ['pausing', 'lorem-slow'] } }],
  tokens: [{ key: upstreamKey, name: 'upstream', userId: 1, unlimitedQuota: true }],
}

describe('record', () => {
  let upstreamGateway: Gateway
  let upstream: RunningServer
  let recorder: RunningRecorder | undefined
  let out = ''
  let seen: RecorderExchange[] = []

  beforeAll(async () => {
    upstreamGateway = await createGateway({ world })
    upstream = await startServer(upstreamGateway, { port: 0 })
  })
  afterAll(() => upstream.close())
  afterEach(async () => {
    await recorder?.close()
    recorder = undefined
    rmSync(out, { recursive: true, force: true })
    await upstreamGateway.reset()
  })

  const record = async (options: { upstreamKey?: string; redact?: RegExp[]; upstream?: string } = {}) => {
    out = join(mkdtempSync(join(tmpdir(), 'llm-gateway-mock-record-')), 'recordings')
    seen = []
    recorder = await startRecorder({ upstream: upstream.url, out, port: 0, onExchange: (exchange) => seen.push(exchange), ...options })
    return recorder
  }
  /** Waits (bounded) until the recorder has told of `count` exchanges. */
  const told = async (count: number) => {
    expect(await eventually(() => seen.length >= count, 15_000)).toBe(true)
    return seen
  }
  const file = (): Recording => recordingSchema.parse(JSON.parse(readFileSync(recorder!.file, 'utf8')))
  const exchanges = (): RecordedExchange[] => file().exchanges
  /** Every file the recorder wrote, whole. */
  const written = () =>
    readdirSync(out)
      .map((name) => readFileSync(join(out, name), 'utf8'))
      .join('\n')
  const openai = (r: RunningRecorder, apiKey = 'sk-unrestricted') => new OpenAI({ apiKey, baseURL: `${r.url}/v1`, maxRetries: 0 })

  it('forwards credentials as the client sent them, in each surface', async () => {
    const r = await record()
    await openai(r, 'sk-vip').chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] })
    await new Anthropic({ apiKey: 'sk-auto', baseURL: r.url, maxRetries: 0 }).messages.create({
      model: 'claude-opus-4-1',
      max_tokens: 50,
      messages: [{ role: 'user', content: 'Hi' }],
    })
    await new GoogleGenAI({ apiKey: 'sk-limited', httpOptions: { baseUrl: r.url, apiVersion: 'v1beta' } }).models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'Hi',
    })
    await fetch(`${r.url}/v1beta/models?key=sk-unrestricted`)
    await told(4)
    expect(upstreamGateway.journal.entries.map((entry) => entry.key)).toEqual(['sk-v…', 'sk-a…', 'sk-l…', 'sk-u…cted'])
    const recorded = exchanges()
    expect(recorded.map((exchange) => [exchange.route, exchange.path])).toEqual([
      ['openai.chat_completions', '/v1/chat/completions'],
      ['anthropic.messages', '/v1/messages'],
      ['gemini.generate_content', '/v1beta/models/gemini-2.5-flash:generateContent'],
      ['gemini.list_models', '/v1beta/models'],
    ])
    for (const key of ['sk-vip', 'sk-auto', 'sk-limited', 'sk-unrestricted']) expect(written()).not.toContain(key)
  })

  it('replaces them with the upstream key where the client put them, which lands in no file and no line it reports', async () => {
    const r = await record({ upstreamKey })
    await openai(r, 'sk-local-1').chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] })
    await new Anthropic({ apiKey: 'sk-local-2', baseURL: r.url, maxRetries: 0 }).messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 50,
      messages: [{ role: 'user', content: 'Hi' }],
    })
    await fetch(`${r.url}/v1beta/models/gemini-2.5-flash:generateContent?key=sk-local-3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ parts: [{ text: `My key is ${upstreamKey}, do not tell` }] }] }),
    })
    // A dashboard route takes the user's access token, which goes as sent.
    expect((await fetch(`${r.url}/api/user/self`, { headers: { authorization: 'Bearer at-alice' } })).status).toBe(200)
    await told(4)
    expect(upstreamGateway.journal.entries.map((entry) => entry.key)).toEqual(['sk-u…TIVE', 'sk-u…TIVE', 'sk-u…TIVE', undefined])
    const recorded = exchanges()
    expect(recorded[2]!.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent')
    expect(recorded[2]!.request).toMatchObject({ lastUserTurn: 'My key is [redacted], do not tell' })
    const everything = `${written()}\n${JSON.stringify(seen)}`
    for (const secret of [upstreamKey, 'sk-local-1', 'sk-local-2', 'sk-local-3', 'at-alice']) expect(everything).not.toContain(secret)
  })

  it('writes owner-only files, in a directory made owner-only, each a whole recording after every exchange', async () => {
    const r = await record()
    await openai(r).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'One' }] })
    await told(1)
    expect(exchanges().map((exchange) => exchange.id)).toEqual([1])
    await openai(r).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Two' }] })
    await told(2)
    expect(exchanges().map((exchange) => exchange.id)).toEqual([1, 2])
    expect(readdirSync(out)).toEqual([r.file.split('/').at(-1)])
    expect(statSync(out).mode & 0o777).toBe(0o700)
    expect(statSync(r.file).mode & 0o777).toBe(0o600)
  })

  it('keeps no request header, and only the allowed response headers', async () => {
    const r = await record()
    await upstreamGateway.useScenario({
      name: 'limited',
      rules: [{ when: { model: 'gpt-4o-mini' }, then: { fail: { code: 'rate_limit_exceeded', retryAfterMs: 3000 } } }],
    })
    const error = await rejection(
      new OpenAI({
        apiKey: 'sk-unrestricted',
        baseURL: `${r.url}/v1`,
        maxRetries: 0,
        defaultHeaders: { 'x-trace-token': 'trace-a1b2c3d4e5', cookie: 'session=s3cr3t-cookie' },
      }).chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Too fast' }],
      }),
    )
    expect(error).toMatchObject({ status: 429 })
    await told(1)
    const [limited] = exchanges()
    expect(limited!.response).toMatchObject({
      status: 429,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'retry-after': '3',
        'retry-after-ms': '3000',
        'x-request-id': expect.any(String),
      },
      error: {
        error: { code: 'rate_limit_exceeded', type: 'requests', message: 'Rate limit reached for requests. Please try again later.' },
      },
    })
    expect(
      Object.keys(limited!.response.headers).every((name) =>
        /^(content-type|retry-after(-ms)?|x-should-retry|x-request-id|request-id|x-oneapi-request-id|x-ratelimit-.*)$/.test(name),
      ),
    ).toBe(true)
    expect(written()).not.toMatch(/trace-a1b2c3d4e5|s3cr3t-cookie|user-agent|x-stainless/i)
  })

  it('replaces what --redact patterns match in request and reply content', async () => {
    const r = await record({ redact: [/\b\d{4}(?: \d{4}){3}\b/, /alice@example\.test/] })
    await openai(r).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Card 4242 4242 4242 4242 for alice@example.test' }],
    })
    await told(1)
    const [exchange] = exchanges()
    expect(exchange!.request).toMatchObject({ lastUserTurn: 'Card [redacted] for [redacted]' })
    expect(exchange!.response.reply!.text).toBe('This is a mock reply from gpt-4o-mini. You said: "Card [redacted] for [redacted]"')
    // The card's groups, not any 4242: the upstream's random port may hold one (127.0.0.1:42427).
    expect(written()).not.toMatch(/4242 4242|alice@example/)
  })

  it('relays a stream as it arrives, and records a pause between frames with its timing', async () => {
    const r = await record()
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'pausing', stream: true, messages: [{ role: 'user', content: 'Think' }] }),
    })
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    while (!text.includes('"content":"Slow"')) text += (await reader.read()).value ?? ''
    // The first token is in the client's hands while the upstream is still thinking: nothing is recorded yet.
    expect(seen).toEqual([])
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value
    expect(text).toContain('data: [DONE]')
    await told(1)
    const [exchange] = exchanges()
    expect(exchange!.response.reply!.text).toBe('Slow thought')
    // The line tells when the request came, as the recording does, not when the answer ended.
    expect(seen[0]!.time).toBe(exchange!.time)
    const times = exchange!.response.frames!.map((frame) => frame.atMs)
    const gaps = times.slice(1).map((at, i) => at - times[i]!)
    expect(Math.max(...gaps)).toBeGreaterThanOrEqual(400)
  })

  describe('in front of an upstream that ends its answer a moment after its last event', () => {
    // As a real gateway may: `data: [DONE]`, then the chunked body's end 300 ms later. A client
    // that closes on [DONE] (the OpenAI Python SDK) or on the finish chunk leaves before the end.
    let lingering: Server
    let lingeringUrl = ''
    beforeAll(async () => {
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-linger', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
      lingering = createHttpServer((_, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        res.write(
          chunk({ role: 'assistant', content: '' }) +
            chunk({ content: 'Lingering ' }) +
            chunk({ content: 'answer.' }) +
            chunk({}, 'stop') +
            'data: [DONE]\n\n',
        )
        setTimeout(() => res.end(), 300)
      })
      await new Promise<void>((resolve) => lingering.listen(0, '127.0.0.1', resolve))
      lingeringUrl = `http://127.0.0.1:${(lingering.address() as AddressInfo).port}`
    })
    afterAll(() => new Promise((resolve) => lingering.close(resolve)))

    it('records the stream when the client closes right after [DONE]', async () => {
      const r = await record({ upstream: lingeringUrl })
      const aborter = new AbortController()
      const response = await fetch(`${r.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Quick' }] }),
        signal: aborter.signal,
      })
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
      let text = ''
      while (!text.includes('[DONE]')) text += (await reader.read()).value ?? ''
      aborter.abort()
      await told(1)
      expect(seen[0]).toMatchObject({ recorded: 1 })
      // It had the whole stream: its leaving is no news.
      expect(seen[0]!.note).toBeUndefined()
      expect(exchanges()[0]!.response.reply!.text).toBe('Lingering answer.')
    })

    it('records the stream when the OpenAI SDK breaks out of its loop on the finish chunk', async () => {
      const r = await record({ upstream: lingeringUrl })
      const stream = await openai(r).chat.completions.create({
        model: 'gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: 'Quick' }],
      })
      for await (const chunk of stream) if (chunk.choices[0]?.finish_reason) break
      await told(1)
      expect(exchanges()[0]!.response).toMatchObject({ reply: { text: 'Lingering answer.', finishReason: 'stop' } })
      expect(exchanges()[0]!.response.frames!.at(-1)!.data).toBe('data: [DONE]')
    })
  })

  it('keeps reading the upstream when the client leaves mid-stream, records all it said, and says the client left', async () => {
    const r = await record()
    const aborter = new AbortController()
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'lorem-slow', stream: true, messages: [{ role: 'user', content: 'Go on' }] }),
      signal: aborter.signal,
    })
    const reader = response.body!.getReader()
    await reader.read()
    aborter.abort()
    await told(1)
    const whole = await fetch(`${upstream.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'lorem-slow', messages: [{ role: 'user', content: 'Go on' }] }),
    }).then((answer) => answer.json() as Promise<{ choices: { message: { content: string } }[] }>)
    expect(exchanges()[0]!.response.reply!.text).toBe(whole.choices[0]!.message.content)
    expect(exchanges()[0]!.response.frames!.length).toBeGreaterThan(40)
    expect(seen[0]).toMatchObject({
      recorded: 1,
      note: 'the client left before the end of the stream; recorded whole as the upstream sent it',
    })
  })

  it('leaves out a stream the upstream cut, or ended with an error event, and says why', async () => {
    const r = await record()
    await upstreamGateway.useScenario({
      name: 'broken',
      rules: [
        { when: { model: 'gpt-4o-mini' }, then: { breakStream: { afterChunks: 2, disconnect: true } } },
        { when: { model: 'gpt-4o' }, then: { breakStream: { afterChunks: 2, error: { code: 'upstream_error' } } } },
      ],
    })
    const client = openai(r)
    await rejection(
      (async () => {
        for await (const _ of await client.chat.completions.create({
          model: 'gpt-4o-mini',
          stream: true,
          messages: [{ role: 'user', content: 'x' }],
        }));
      })(),
    )
    await rejection(
      (async () => {
        for await (const _ of await client.chat.completions.create({
          model: 'gpt-4o',
          stream: true,
          messages: [{ role: 'user', content: 'x' }],
        }));
      })(),
    )
    await told(2)
    expect(seen.map((exchange) => [exchange.model, exchange.note])).toEqual([
      ['gpt-4o-mini', 'not recorded: the upstream cut the stream short'],
      ['gpt-4o', expect.stringMatching(/^not recorded: the stream ended with an error event \(.+\)$/)],
    ])
    expect(r.recorded).toBe(0)
  })

  it('keeps model lists and dashboard answers for reading, which the replay does not count as unused', async () => {
    const r = await record()
    await openai(r).models.list()
    await fetch(`${r.url}/api/user/self`, { headers: { authorization: 'Bearer at-alice' } })
    await told(2)
    const [models, self] = exchanges()
    expect(models).toMatchObject({ route: 'openai.list_models', response: { status: 200, body: { object: 'list' } } })
    expect(models!.request).toBeUndefined()
    expect(self).toMatchObject({ route: 'dashboard.user_self', surface: 'dashboard', response: { body: { success: true } } })
    const replaying = await createGateway({ replay: file() })
    expect(replaying.replay.unused()).toEqual([])
  })

  it("forwards the upstream mock's own admin routes but records none of them, and records an unknown path as its surface", async () => {
    const r = await record()
    expect((await fetch(`${r.url}/__mock/journal`)).status).toBe(200)
    expect((await fetch(`${r.url}/v1beta/tunedModels?key=sk-unrestricted`)).status).toBe(404)
    await told(2)
    expect(seen[0]).toMatchObject({ path: '/__mock/journal', note: "not recorded: the upstream mock's own admin route" })
    expect(exchanges()).toMatchObject([{ route: 'unknown', path: '/v1beta/tunedModels', surface: 'gemini' }])
  })

  it('answers 502 upstream_error when the upstream does not answer, and records nothing', async () => {
    const closed = await startServer(await createGateway(), { port: 0 })
    await closed.close()
    const r = await record({ upstream: closed.url })
    const error = await rejection(
      openai(r).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Anyone?' }] }),
    )
    expect(error).toMatchObject({ status: 502, code: 'upstream_error' })
    expect((error as Error).message).toMatch(
      /^502 The upstream http:\/\/127\.0\.0\.1:\d+ did not answer: ECONNREFUSED\. Nothing was recorded\.$/,
    )
    await told(1)
    expect(seen[0]!.note).toBe('not recorded: the upstream did not answer (ECONNREFUSED)')
    expect(r.recorded).toBe(0)
  })

  it('refuses an upstream URL with credentials in it', async () => {
    await expect(startRecorder({ upstream: 'http://user:pass@127.0.0.1:1', port: 0 })).rejects.toThrow(/must not carry credentials/)
    await expect(startRecorder({ upstream: 'http://127.0.0.1:1/?key=x', port: 0 })).rejects.toThrow(/must not have a query/)
  })
  it('redacts the credentials and --redact matches in the response headers it keeps', async () => {
    const echoing = createHttpServer((req, res) => {
      req.resume()
      req.on('end', () => {
        res.writeHead(429, {
          'content-type': 'application/json',
          'x-request-id': `req-for-${(req.headers.authorization ?? '').slice(7)}`,
          'retry-after': 'cus_SECRET42',
        })
        res.end(JSON.stringify({ error: { message: 'limited', type: 'rate_limit' } }))
      })
    })
    await new Promise<void>((done) => echoing.listen(0, '127.0.0.1', done))
    try {
      const r = await record({ upstream: `http://127.0.0.1:${(echoing.address() as AddressInfo).port}`, redact: [/cus_[A-Za-z0-9]+/] })
      await rejection(
        openai(r, 'sk-echoed-client-key').chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
      )
      await told(1)
      expect(exchanges()[0]!.response.headers).toMatchObject({ 'x-request-id': 'req-for-[redacted]', 'retry-after': '[redacted]' })
      expect(written()).not.toMatch(/sk-echoed-client-key|cus_SECRET42/)
    } finally {
      await new Promise((done) => echoing.close(done))
    }
  })

  it('sends the upstream key to the dashboard routes that take an API key, and access tokens as sent', async () => {
    const r = await record({ upstreamKey })
    const usage = await fetch(`${r.url}/api/usage/token`, { headers: { authorization: 'Bearer sk-local-usage' } })
    expect(((await usage.json()) as { data: { name: string } }).data.name).toBe('upstream')
    expect((await fetch(`${r.url}/api/user/self`, { headers: { authorization: 'Bearer at-alice' } })).status).toBe(200)
    await told(2)
    expect(upstreamGateway.journal.entries.map((entry) => [entry.path, entry.key])).toEqual([
      ['/api/usage/token', 'sk-u…TIVE'],
      ['/api/user/self', undefined],
    ])
    // No route of this mock serves new-api's log of a key's requests; an upstream that has it gets the upstream key there too.
    const heard: (string | undefined)[] = []
    const logging = createHttpServer((req, res) => {
      heard.push(req.headers.authorization)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":[]}')
    })
    await new Promise<void>((done) => logging.listen(0, '127.0.0.1', done))
    try {
      const other = await startRecorder({
        upstream: `http://127.0.0.1:${(logging.address() as AddressInfo).port}`,
        out,
        port: 0,
        upstreamKey,
      })
      await fetch(`${other.url}/api/log/token`, { headers: { authorization: 'Bearer sk-local-log' } })
      await fetch(`${other.url}/api/user/models`, { headers: { authorization: 'Bearer at-alice' } })
      await other.close()
    } finally {
      await new Promise((done) => logging.close(done))
    }
    expect(heard).toEqual([`Bearer ${upstreamKey}`, 'Bearer at-alice'])
    expect(`${written()}\n${JSON.stringify(seen)}`).not.toMatch(/sk-local-usage|sk-local-log|at-alice|DISTINCTIVE/)
  })

  it('records an audio answer as its bytes, their size and hash, and names the model on every line', async () => {
    const r = await record()
    const speech = await openai(r).audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Recorded speech.' })
    const bytes = Buffer.from(await speech.arrayBuffer())
    await told(1)
    const [exchange] = exchanges()
    expect(exchange!.model).toBe('tts-1')
    expect(seen[0]).toMatchObject({ model: 'tts-1', recorded: 1 })
    expect(exchange!.response.binary).toEqual({
      contentType: 'audio/mpeg',
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      base64: bytes.toString('base64'),
    })
    expect(exchange!.response.body).toBeUndefined()
    // An upload is read as the route reads it, for its model.
    await openai(r).audio.transcriptions.create({ model: 'whisper-1', file: await toFile(bytes, 'speech.mp3') })
    await told(2)
    expect(seen[1]).toMatchObject({ model: 'whisper-1', recorded: 2 })
    expect(exchanges()[1]!.model).toBe('whisper-1')
  })

  it('claims its file at start, so two recorders in one directory each keep their own session', async () => {
    out = join(mkdtempSync(join(tmpdir(), 'llm-gateway-mock-record-')), 'recordings')
    const recorders = [
      await startRecorder({ upstream: upstream.url, out, port: 0 }),
      await startRecorder({ upstream: upstream.url, out, port: 0 }),
    ]
    try {
      expect(recorders[0]!.file).not.toBe(recorders[1]!.file)
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          openai(recorders[i % 2]!).chat.completions.create({
            model: 'gpt-4o-mini',
            messages: [{ role: 'user', content: `${'AB'[i % 2]}${i}` }],
          }),
        ),
      )
    } finally {
      await Promise.all(recorders.map((each) => each.close()))
    }
    const turns = recorders.map((each) =>
      recordingSchema
        .parse(JSON.parse(readFileSync(each.file, 'utf8')))
        .exchanges.map((exchange) => (exchange.request as { lastUserTurn: string }).lastUserTurn)
        .sort(),
    )
    expect(turns).toEqual([
      ['A0', 'A2', 'A4', 'A6', 'A8'],
      ['B1', 'B3', 'B5', 'B7', 'B9'],
    ])
    expect(recorders.map((each) => each.recorded)).toEqual([5, 5])
    expect(readdirSync(out).sort()).toEqual(recorders.map((each) => each.file.split('/').at(-1)).sort())
  })

  it('says at start when its directory cannot be made, and reports a write that fails later, trying again with the next', async () => {
    const base = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-record-'))
    writeFileSync(join(base, 'a-file'), '')
    await expect(startRecorder({ upstream: upstream.url, out: join(base, 'a-file', 'recordings'), port: 0 })).rejects.toThrow(
      /^cannot write recordings into .*a-file\/recordings: ENOTDIR/,
    )
    const r = await record()
    rmSync(out, { recursive: true, force: true })
    await openai(r).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Lost?' }] })
    await told(1)
    expect(seen[0]!.recorded).toBeUndefined()
    expect(seen[0]!.note).toMatch(/^not written yet: cannot write .* \(ENOENT: .*\); the next write tries again$/)
    expect(r.recorded).toBe(0)
    mkdirSync(out)
    await openai(r).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Found.' }] })
    await told(2)
    expect(seen[1]).toMatchObject({ recorded: 2 })
    expect(exchanges().map((exchange) => exchange.id)).toEqual([1, 2])
    expect(r.recorded).toBe(2)
    rmSync(out, { recursive: true, force: true })
    await openai(r).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Lost again.' }] })
    await told(3)
    await expect(r.close()).rejects.toThrow(/ENOENT/)
    recorder = undefined
  })

  it('points $schema at the schema the project installed, relative to the recording, and else at its own', async () => {
    const project = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-project-'))
    const installed = installSchema(project, 'recording.schema.json')
    for (const [directory, expected] of [
      [join(project, 'recordings'), '../node_modules/llm-gateway-mock/schemas/recording.schema.json'],
      [join(project, 'test', 'recordings'), '../../node_modules/llm-gateway-mock/schemas/recording.schema.json'],
    ] as const) {
      const r = await startRecorder({ upstream: upstream.url, out: directory, port: 0 })
      await openai(r).models.list()
      await r.close()
      const schema = (JSON.parse(readFileSync(r.file, 'utf8')) as { $schema: string }).$schema
      expect(schema).toBe(expected)
      expect(resolve(directory, schema)).toBe(installed)
    }
    const r = await record()
    await openai(r).models.list()
    await told(1)
    expect(resolve(out, file().$schema!)).toBe(inRepo('schemas/recording.schema.json').pathname)
    expect(existsSync(resolve(out, file().$schema!))).toBe(true)
    rmSync(project, { recursive: true, force: true })
  })

  it('refuses an upstream URL that ends in /v1, naming the base URL to give', async () => {
    await expect(startRecorder({ upstream: 'https://gw.example.test/proxy/v1/', port: 0 })).rejects.toThrow(
      "the upstream must be the gateway's base URL without /v1 (clients' paths start with it already, so every path would be /v1/v1/…): give https://gw.example.test/proxy",
    )
  })
  it('records the errors the upstream gives itself, which a replay with the same world counts as used when it gives them too', async () => {
    const r = await record()
    const session = async (client: (key?: string) => OpenAI) => [
      await rejection(client().chat.completions.create({ model: 'no-such-model', messages: [{ role: 'user', content: 'Anyone?' }] })),
      await rejection(
        client('sk-not-a-key-4711').chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Me?' }] }),
      ),
      await client().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] }),
    ]
    const upstreamAnswers = await session((key) => openai(r, key))
    expect(upstreamAnswers.slice(0, 2)).toMatchObject([{ status: 404 }, { status: 401 }])
    await told(3)
    expect(exchanges().map((exchange) => [exchange.response.status, exchange.request !== undefined])).toEqual([
      [404, true],
      [401, true],
      [200, true],
    ])
    const replaying = await createGateway({ world, replay: file(), replayStrict: true, baseUrl: 'http://replay.test' })
    const { setupServer } = await import('msw/node')
    const server = setupServer(...replaying.handlers)
    server.listen()
    try {
      const replayed = await session(
        (key = 'sk-unrestricted') => new OpenAI({ apiKey: key, baseURL: 'http://replay.test/v1', maxRetries: 0 }),
      )
      expect(replayed.slice(0, 2)).toMatchObject([{ status: 404 }, { status: 401 }])
      expect(() => replaying.replay.assertDone()).not.toThrow()
      expect(replaying.journal.entries.map((entry) => entry.decidedBy)).toEqual([
        expect.stringMatching(/^recording ".*" #1: the gateway gave its error itself$/),
        expect.stringMatching(/^recording ".*" #2: the gateway gave its error itself$/),
        expect.stringMatching(/^recording ".*" #3$/),
      ])
    } finally {
      server.close()
    }
  })

  it('reads a request no gateway would take for its depth as refused, kept as its body and not replayed', async () => {
    const r = await record()
    let parameters: Record<string, unknown> = {}
    for (let level = 0; level < 1_100; level++) parameters = { properties: parameters }
    const answer = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Deep' }],
        tools: [{ type: 'function', function: { name: 'deep', parameters } }],
      }),
    })
    expect(answer.status).toBe(400)
    const [told1] = await told(1)
    expect(told1!.note).toMatch(
      /^kept as its body, not replayed: this gateway refuses the request \(The request body nests too deeply at .+: the gateway accepts at most 1000 levels of nested objects and arrays\.\)$/,
    )
    expect(exchanges()[0]!.response).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringMatching(/^The request body nests too deeply/) } },
    })
    expect(exchanges()[0]!.response.error).toBeUndefined()
  })

  describe('in front of an upstream that compresses, and sends arguments that are no object', () => {
    let odd: Server
    let oddUrl = ''
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-odd', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
    const completion = (message: object, finish: string) =>
      JSON.stringify({
        id: 'chatcmpl-odd',
        object: 'chat.completion',
        created: 1,
        model: 'gpt-4o-mini',
        choices: [{ index: 0, message, finish_reason: finish }],
        usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
      })
    beforeAll(async () => {
      odd = createHttpServer((req, res) => {
        let text = ''
        req.on('data', (piece: Buffer) => (text += piece.toString()))
        req.on('end', () => {
          const said = (JSON.parse(text) as { messages: { content: string }[] }).messages.at(-1)!.content
          if (said === 'gzip stream') {
            // Compressed though asked for identity, flushed an event at a time.
            res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' })
            const gzip = createGzip({ flush: zlibConstants.Z_SYNC_FLUSH })
            gzip.pipe(res)
            const pieces = [
              chunk({ role: 'assistant', content: '' }),
              chunk({ content: 'Squeezed ' }),
              chunk({ content: 'stream.' }),
              chunk({}, 'stop') + 'data: [DONE]\n\n',
            ]
            const next = () => {
              const piece = pieces.shift()
              if (piece === undefined) return gzip.end()
              gzip.write(piece)
              setTimeout(next, 20)
            }
            next()
            return
          }
          const calls = [
            { id: 'call_list', type: 'function', function: { name: 'pick', arguments: '[1,2]' } },
            { id: 'call_cut', type: 'function', function: { name: 'pick', arguments: '{"city":"Par' } },
          ]
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(completion({ role: 'assistant', content: null, tool_calls: calls }, 'tool_calls'))
        })
      })
      await new Promise<void>((done) => odd.listen(0, '127.0.0.1', done))
      oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`
    })
    afterAll(() => new Promise((done) => odd.close(done)))

    it('reads a gzip-compressed stream into its events and its reply', async () => {
      const r = await record({ upstream: oddUrl })
      let text = ''
      for await (const part of await openai(r).chat.completions.create({
        model: 'gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: 'gzip stream' }],
      }))
        text += part.choices[0]?.delta.content ?? ''
      expect(text).toBe('Squeezed stream.')
      await told(1)
      const [exchange] = exchanges()
      expect(exchange!.response.reply).toMatchObject({ text: 'Squeezed stream.', finishReason: 'stop' })
      expect(exchange!.response.frames!.map((frame) => frame.data)).toEqual([
        chunk({ role: 'assistant', content: '' }).trim(),
        chunk({ content: 'Squeezed ' }).trim(),
        chunk({ content: 'stream.' }).trim(),
        chunk({}, 'stop').trim(),
        'data: [DONE]',
      ])
    })

    it('keeps tool-call arguments that are no JSON object as the text they were, and replays them so', async () => {
      const r = await record({ upstream: oddUrl })
      await openai(r).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'odd arguments' }] })
      await told(1)
      const recorded = file()
      expect(recorded.exchanges[0]!.response.reply!.toolCalls).toEqual([
        { id: 'call_list', name: 'pick', argumentsText: '[1,2]' },
        { id: 'call_cut', name: 'pick', argumentsText: '{"city":"Par' },
      ])
      const replaying = await createGateway({ replay: recorded, baseUrl: 'http://replay.test' })
      const { setupServer } = await import('msw/node')
      const server = setupServer(...replaying.handlers)
      server.listen()
      try {
        const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: 'http://replay.test/v1', maxRetries: 0 })
        const replayed = await client.chat.completions.create({
          model: 'gpt-4o-mini',
          messages: [{ role: 'user', content: 'odd arguments' }],
        })
        expect(
          replayed.choices[0]!.message.tool_calls!.map((call) => (call as { function: { arguments: string } }).function.arguments),
        ).toEqual(['[1,2]', '{"city":"Par'])
      } finally {
        server.close()
      }
    })
  })
  it('relays WebSocket handshakes and messages to the upstream, with its key in the header or the subprotocol, unrecorded', async () => {
    const r = await record({ upstreamKey })
    const wsUrl = r.url.replace(/^http/, 'ws')
    const responses = new WebSocket(`${wsUrl}/v1/responses`, {
      headers: { authorization: 'Bearer sk-local-socket', 'OpenAI-Beta': 'responses_websockets=2026-02-06' },
    })
    const events: { type: string }[] = []
    const completed = new Promise<void>((done) =>
      responses.on('message', (data) => {
        events.push(JSON.parse(String(data)) as { type: string })
        if (events.at(-1)!.type === 'response.completed') done()
      }),
    )
    await new Promise((done, fail) => responses.once('open', done).once('error', fail))
    responses.send(JSON.stringify({ type: 'response.create', model: 'gpt-4o-mini', input: 'Through the tunnel', store: false }))
    await completed
    responses.close()
    const realtime = new WebSocket(`${wsUrl}/v1/realtime?model=gpt-realtime`, ['realtime', 'openai-insecure-api-key.sk-local-protocol'])
    const first = await new Promise<{ type: string }>((done, fail) => {
      realtime.once('message', (data) => done(JSON.parse(String(data)) as { type: string }))
      realtime.once('error', fail)
    })
    expect(first.type).toBe('session.created')
    realtime.close()
    await told(2)
    expect(seen.map((line) => [line.path, line.status, line.note])).toEqual([
      ['/v1/responses', 101, 'relayed, not recorded: a WebSocket'],
      ['/v1/realtime?model=gpt-realtime', 101, 'relayed, not recorded: a WebSocket'],
    ])
    const handshakes = upstreamGateway.journal.entries.filter((entry) => entry.method === 'GET')
    expect(handshakes.map((entry) => [entry.path, entry.status, entry.key])).toEqual([
      ['/v1/responses', 101, 'sk-u…TIVE'],
      ['/v1/realtime', 101, 'sk-u…TIVE'],
    ])
    await r.close()
    recorder = undefined
    expect(existsSync(r.file)).toBe(false)
    expect(JSON.stringify(seen)).not.toMatch(/sk-local|DISTINCTIVE/)
  })

  it("answers a WebSocket handshake the upstream refuses with the upstream's answer", async () => {
    const r = await record()
    const status = await new Promise<number>((done) =>
      new WebSocket(`${r.url.replace(/^http/, 'ws')}/v1/responses`, { headers: { authorization: 'Bearer sk-wrong-key-123' } }).on(
        'unexpected-response',
        (_request, response) => done(response.statusCode!),
      ),
    )
    expect(status).toBe(401)
    await told(1)
    expect(seen[0]).toMatchObject({
      path: '/v1/responses',
      status: 401,
      note: 'relayed, not recorded: the upstream refused the WebSocket handshake',
    })
  })
})
