import Anthropic from '@anthropic-ai/sdk'
import { GoogleGenAI } from '@google/genai'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import OpenAI from 'openai'
import { OpenAIRealtimeWebSocket } from 'openai/realtime/websocket'
import { OpenAIRealtimeWS } from 'openai/realtime/ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createGateway } from '../../../src/index.ts'
import { startServer, type RunningServer } from '../../../src/node/index.ts'
import { useGateway } from '../../../src/test-runners/vitest.ts'
import { messages } from '../../support/sockets.ts'

// The local CA goes into a folder of this file's, not the user's cache.
const tlsDirectory = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-tls-server-'))
process.env.LLM_GATEWAY_MOCK_TLS_DIR = tlsDirectory
// The fixture leaves a NODE_EXTRA_CA_CERTS already set alone (a machine's own CAs); this file starts without one.
const extraCaCerts = process.env.NODE_EXTRA_CA_CERTS
delete process.env.NODE_EXTRA_CA_CERTS
afterAll(() => {
  if (extraCaCerts !== undefined) process.env.NODE_EXTRA_CA_CERTS = extraCaCerts
  delete process.env.LLM_GATEWAY_MOCK_TLS_DIR
  rmSync(tlsDirectory, { recursive: true, force: true })
})

const userText = (text: string) => ({ type: 'message' as const, role: 'user' as const, content: [{ type: 'input_text' as const, text }] })

describe('useGateway({ server: { tls: true }, env: true }): the SDKs over https and wss, given nothing but the environment', () => {
  const fixture = useGateway({ server: { tls: true }, env: true })

  it('serves https, names the CA, and points the SDKs at it', () => {
    const { url, ca, caFile } = fixture()
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    expect(ca).toContain('-----BEGIN CERTIFICATE-----')
    expect(caFile).toBe(join(tlsDirectory, 'ca.pem'))
    expect(process.env.OPENAI_BASE_URL).toBe(`${url}/v1`)
    expect(process.env.NODE_EXTRA_CA_CERTS).toBe(caFile)
  })

  it('openai: chat completions', async () => {
    const chat = await new OpenAI().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hello over TLS' }],
    })
    expect(chat.choices[0]!.message.content).toEqual(expect.any(String))
    expect(fixture().gateway.journal.entries.at(-1)).toMatchObject({ path: '/v1/chat/completions', status: 200 })
  })

  it('openai: a chat completion stream', async () => {
    const stream = await new OpenAI().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Stream over TLS' }],
      stream: true,
    })
    let text = ''
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? ''
    expect(text.length).toBeGreaterThan(0)
  })

  it('@anthropic-ai/sdk: messages', async () => {
    const message = await new Anthropic().messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Hello over TLS' }],
    })
    expect(message.content[0]).toMatchObject({ type: 'text', text: expect.any(String) })
  })

  it('@google/genai: generateContent', async () => {
    const answer = await new GoogleGenAI({}).models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hello over TLS' })
    expect(answer.text).toEqual(expect.any(String))
  })

  it('OpenAIRealtimeWS (the ws package) dials wss:// and gets a session and a text response', async () => {
    const rt = new OpenAIRealtimeWS({ model: 'gpt-realtime' }, new OpenAI())
    const events = messages((handler) => rt.on('event', handler))
    await events.until((event) => event.type === 'session.created')
    rt.send({ type: 'session.update', session: { type: 'realtime', output_modalities: ['text'] } })
    rt.send({ type: 'conversation.item.create', item: userText('Hello over wss') })
    rt.send({ type: 'response.create' })
    const response = await events.until((event) => event.type === 'response.done')
    expect(response.at(-1).response.status).toBe('completed')
    const closed = new Promise((resolve) => rt.socket.once('close', resolve))
    rt.close()
    await closed
    expect(fixture().gateway.journal.entries.at(-1)).toMatchObject({ method: 'WS', path: '/v1/realtime', status: 200 })
  })

  it('OpenAIRealtimeWebSocket (the global WebSocket) dials wss:// and gets a session and a text response', async () => {
    const rt = new OpenAIRealtimeWebSocket({ model: 'gpt-realtime' }, new OpenAI())
    const events = messages((handler) => rt.on('event', handler))
    await events.until((event) => event.type === 'session.created')
    rt.send({ type: 'session.update', session: { type: 'realtime', output_modalities: ['text'] } })
    rt.send({ type: 'conversation.item.create', item: userText('Hello over wss') })
    rt.send({ type: 'response.create' })
    const response = await events.until((event) => event.type === 'response.done')
    expect(response.at(-1).response.output[0].content[0].text).toContain('Hello over wss')
    const closed = new Promise((resolve) => rt.socket.addEventListener('close', resolve))
    rt.close()
    await closed
  })

  it('OpenAIRealtimeWS with a bad key gets its 401 handshake refusal over wss', async () => {
    const rt = new OpenAIRealtimeWS({ model: 'gpt-realtime' }, new OpenAI({ apiKey: 'sk-nope' }))
    const error = await new Promise<Error>((resolve) => rt.on('error', resolve))
    expect(error.message).toContain('401')
  })
})

describe('startServer({ tls: true }): a plain-HTTP client of the TLS port', () => {
  let server: RunningServer
  let plain = ''
  beforeAll(async () => {
    server = await startServer(await createGateway(), { port: 0, tls: true })
    plain = server.url.replace(/^https:/, 'http:')
  })
  afterAll(() => server.close())

  it('gets 400 in the OpenAI envelope naming the https:// URL to use, not a hang', async () => {
    const response = await fetch(`${plain}/v1/chat/completions?x=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({
      error: {
        message: `Client sent an HTTP request to an HTTPS server: this port speaks HTTPS (TLS), use ${server.url}/v1/chat/completions?x=1`,
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_request_error',
      },
    })
  })

  it("gets it in the route's own envelope: Anthropic's, Gemini's", async () => {
    const anthropic = await fetch(`${plain}/v1/messages`, { method: 'POST', body: '{}' })
    expect(anthropic.status).toBe(400)
    expect(await anthropic.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringContaining(`use ${server.url}/v1/messages`) },
    })
    const gemini = await fetch(`${plain}/v1beta/models/gemini-2.5-flash:generateContent`, { method: 'POST', body: '{}' })
    expect(gemini.status).toBe(400)
    expect(await gemini.json()).toMatchObject({
      error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('this port speaks HTTPS') },
    })
  })

  it('a ws:// handshake gets the 400, naming the wss:// URL', async () => {
    const socket = new WebSocket(`${plain.replace(/^http:/, 'ws:')}/v1/realtime?model=gpt-realtime`)
    const refused = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      socket.on('unexpected-response', (_, res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode, body }))
      })
      socket.on('open', () => reject(new Error('opened')))
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toContain(`use ${server.url.replace(/^https:/, 'wss:')}/v1/realtime?model=gpt-realtime`)
  })

  it('bytes that are no HTTP get the 400 too, and the connection closes', async () => {
    const socket = connect(server.port, '127.0.0.1')
    socket.end('hello\r\n\r\n')
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk))
    await new Promise((resolve) => socket.once('close', resolve))
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(answer).toContain(`use ${server.url}/`)
  })

  it("is not trusted by this process's clients once the fixture above is done (its afterAll took the CA back)", async () => {
    const failure = await fetch(`${server.url}/v1/models`).catch((error: Error) => error)
    expect(failure).toBeInstanceOf(TypeError)
    expect(String((failure as TypeError).cause)).toMatch(/certificate/)
  })

  it('a TLS client that trusts the CA it names is served', async () => {
    const socket = new WebSocket(`${server.url.replace(/^https:/, 'wss:')}/v1/realtime?model=gpt-realtime`, {
      ca: server.ca,
      headers: { authorization: 'Bearer sk-unrestricted' },
    })
    const first = await new Promise<any>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))))
    expect(first.type).toBe('session.created')
    socket.close()
  })
})
