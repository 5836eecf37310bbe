import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordingSchema } from '../../src/index.ts'
import { startRecorder, type RecorderExchange } from '../../src/node/index.ts'
import { eventually } from '../support/process-tree.ts'

// A session of the management API through the recorder: it keeps the calls like any other, and
// never a credential: no Cookie or Set-Cookie, no password of a request body, no access token or
// whole key of an answer. The upstream is a stand-in that answers as new-api's controllers do,
// with distinctive credentials to look for in every file written.

const password = 'Pw-distinctive-4471'
const newPassword = 'Pw-new-distinctive-8812'
const sessionCookie = 'session-cookie-DISTINCT-93d1'
const accessToken = 'at-minted-DISTINCT-55e0c1'
const fullKey = 'sk-fullkey-DISTINCT-0f9e8d7c'
const batchKey = 'sk-batchkey-DISTINCT-1a2b3c4d'

/** new-api's answers, by method and path; a request body is echoed back where a careless upstream might. */
function answer(method: string, path: string, body: string): { status: number; headers?: Record<string, string>; json: unknown } {
  const ok = (data?: unknown) => ({ status: 200, json: { success: true, message: '', ...(data !== undefined && { data }) } })
  switch (`${method} ${path.split('?')[0]}`) {
    case 'POST /api/user/login':
      return {
        ...ok({ id: 1, username: 'alice', display_name: 'alice', role: 1, status: 1, group: 'default', access_token: accessToken }),
        headers: { 'set-cookie': `session=${sessionCookie}; Path=/; HttpOnly` },
      }
    case 'GET /api/user/token':
      return ok(accessToken)
    case 'POST /api/token/1/key':
      return ok({ key: fullKey })
    case 'POST /api/token/batch/keys':
      return ok({ keys: { 1: fullKey, 2: batchKey } })
    case 'GET /api/token/search':
      return ok([{ id: 1, name: 'ci', key: 'sk-ful**7c7c' }])
    case 'PUT /api/user/self':
      // An upstream that says too much: the body it was sent, in its message.
      return { status: 200, json: { success: false, message: `could not change ${body}` } }
    default:
      return ok()
  }
}

describe('record, a management session', () => {
  let upstream: Server
  let upstreamUrl = ''
  let out = ''
  const seen: RecorderExchange[] = []

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        const { status, headers, json } = answer(request.method!, request.url!, body)
        response.writeHead(status, { 'content-type': 'application/json', 'x-new-api-version': 'v1.0.0-rc.30', ...headers })
        response.end(JSON.stringify(json))
      })
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
    out = join(mkdtempSync(join(tmpdir(), 'llm-gateway-mock-record-management-')), 'recordings')
  })
  afterAll(async () => {
    await new Promise((resolve) => upstream.close(resolve))
    rmSync(out, { recursive: true, force: true })
  })

  it('records each call, and writes no cookie, password, access token or key', async () => {
    const recorder = await startRecorder({ upstream: upstreamUrl, out, port: 0, onExchange: (exchange) => seen.push(exchange) })
    try {
      const call = (method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) =>
        fetch(`${recorder.url}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...init.headers },
          ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
        })
      const login = await call('POST', '/api/user/login', { body: { username: 'alice', password } })
      // The client gets the cookie: only the recording goes without it.
      expect(login.headers.get('set-cookie')).toContain(sessionCookie)
      const cookie = { cookie: `session=${sessionCookie}` }
      expect(await (await call('GET', '/api/user/token', { headers: cookie })).json()).toMatchObject({ data: accessToken })
      const bearer = { authorization: `Bearer ${accessToken}` }
      await call('POST', '/api/token/1/key', { headers: bearer })
      await call('POST', '/api/token/batch/keys', { headers: bearer, body: { ids: [1, 2] } })
      await call('GET', `/api/token/search?keyword=ci&token=${fullKey}`, { headers: bearer })
      await call('PUT', '/api/user/self', { headers: cookie, body: { password: newPassword, original_password: password } })
      await call('POST', '/api/user/register', { body: { username: 'dave', password: newPassword, password2: newPassword } })
      await call('POST', '/api/user/', { headers: bearer, body: { username: 'erin', password: newPassword } })
      expect(await eventually(() => seen.filter((exchange) => exchange.recorded !== undefined).length >= 8, 15_000)).toBe(true)
    } finally {
      await recorder.close()
    }

    const recording = recordingSchema.parse(JSON.parse(readFileSync(recorder.file, 'utf8')))
    expect(recording.exchanges.map((exchange) => `${exchange.method} ${exchange.path}`)).toEqual([
      'POST /api/user/login',
      'GET /api/user/token',
      'POST /api/token/1/key',
      'POST /api/token/batch/keys',
      'GET /api/token/search?keyword=ci&token=%5Bredacted%5D',
      'PUT /api/user/self',
      'POST /api/user/register',
      'POST /api/user/',
    ])
    const bodies = recording.exchanges.map((exchange) => exchange.response.body)
    expect(bodies[0]).toMatchObject({ success: true, data: { username: 'alice', access_token: '[redacted]' } })
    expect(bodies[1]).toEqual({ success: true, message: '', data: '[redacted]' })
    expect(bodies[2]).toEqual({ success: true, message: '', data: { key: '[redacted]' } })
    expect(bodies[3]).toEqual({ success: true, message: '', data: { keys: { 1: '[redacted]', 2: '[redacted]' } } })
    expect(bodies[5]).toEqual({ success: false, message: expect.stringContaining('[redacted]') })

    const written = readdirSync(out)
      .map((name) => readFileSync(join(out, name), 'utf8'))
      .join('\n')
    const told = JSON.stringify(seen)
    for (const secret of [password, newPassword, sessionCookie, accessToken, fullKey, batchKey]) {
      expect(written, secret).not.toContain(secret)
      expect(told, secret).not.toContain(secret)
    }
    expect(written.toLowerCase()).not.toContain('cookie')
  })
})
