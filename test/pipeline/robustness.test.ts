import type { Agent } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway } from '../../src/index.ts'
import { startServer, type RunningServer } from '../../src/node/index.ts'
import { envelopeProblem, type SurfaceName } from '../support/error-envelopes.ts'
import { exchange, parseRawAnswer, rawExchange, sweepAgent, type Answer, type Exchange } from '../support/http-exchange.ts'
import { mapConcurrently } from '../support/map-concurrently.ts'
import { chatBody, multipartBody, surfaceOfTarget, sweptRoutes, tinyWav, type SweptRoute } from '../support/sweep-routes.ts'
import { deepVariants, wrongTypeVariants } from '../support/body-variants.ts'
import { routeFetch } from '../support/direct-fetch.ts'

// Bad input never crashes the server and never yields a 500; every rejection is in
// the envelope of the surface the path belongs to. Each sweep sends a family of malformed
// requests to every route and checks each answer, then that the server still serves.

interface SweepCase {
  label: string
  request: Exchange
  surface: SurfaceName
  /** Sent to the admin gateway, whose scenario, clock and journal the sweep may change. */
  admin?: boolean
}

const concurrency = 8

let server: RunningServer
let adminServer: RunningServer
let agent: Agent
/** The same two gateways' handlers, answering `fetch` with no server between (test/support/direct-fetch.ts). */
const direct = { origin: '', adminOrigin: '', unroute: [] as (() => void)[] }

beforeAll(async () => {
  const [gateway, adminGateway] = await Promise.all([createGateway(), createGateway()])
  server = await startServer(gateway, { port: 0 })
  adminServer = await startServer(adminGateway, { port: 0 })
  agent = sweepAgent(concurrency)
  for (const [key, routedGateway] of [
    ['origin', gateway],
    ['adminOrigin', adminGateway],
  ] as const) {
    const routed = routeFetch(routedGateway)
    direct[key] = routed.origin
    direct.unroute.push(routed.unroute)
  }
})

afterAll(async () => {
  agent.destroy()
  direct.unroute.forEach((unroute) => unroute())
  await Promise.all([server.close(), adminServer.close()])
})

const json = (body: unknown) => JSON.stringify(body)
const withType = (headers: Record<string, string>, type = 'application/json') => ({ ...headers, 'content-type': type })
const routeLabel = (route: SweptRoute) =>
  `${route.method} ${route.path}${route.surface === 'anthropic' && !route.body ? ' (anthropic)' : ''}`

function caseFor(route: SweptRoute, label: string, request: Partial<Exchange>): SweepCase {
  return {
    label: `${routeLabel(route)}: ${label}`,
    surface: route.surface,
    admin: route.admin,
    request: { method: route.method, path: route.path, headers: route.headers, ...request },
  }
}

/** The gateway's answer through its handlers alone, for a request any fetch can send. */
async function directExchange(origin: string, sent: Exchange): Promise<Answer> {
  const headers = Object.entries(sent.headers ?? {}).map(([name, value]) => [name, String(value)] as [string, string])
  const body = typeof sent.body === 'string' || sent.body === undefined ? sent.body : new Uint8Array(sent.body)
  const response = await fetch(`${origin}${sent.path}`, { method: sent.method, headers, body })
  return { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) }
}

/**
 * Sends every case and returns what was wrong with each answer that broke the contract. Over HTTP
 * by default; `direct` for a sweep of well-formed requests whose answers the pipeline decides
 * (wrong types in a valid JSON body), which the Node adapter passes on as they are: a third of the
 * CPU per case, for the sweep with the most cases.
 */
async function sweep(cases: readonly SweepCase[], via: 'http' | 'direct' = 'http'): Promise<string[]> {
  const problems = await mapConcurrently(cases, concurrency, async (sweepCase) => {
    let answer: Answer
    try {
      answer =
        via === 'http'
          ? await exchange(sweepCase.admin ? adminServer.url : server.url, agent, sweepCase.request)
          : await directExchange(sweepCase.admin ? direct.adminOrigin : direct.origin, sweepCase.request)
    } catch (error) {
      return `${sweepCase.label}: no answer (${error instanceof Error ? error.message : String(error)})`
    }
    const problem = answerProblem(sweepCase, answer)
    return problem && `${sweepCase.label}: ${answer.status} ${problem}`
  })
  return problems.filter((problem): problem is string => problem !== undefined)
}

function answerProblem({ request, surface }: SweepCase, answer: Answer): string | undefined {
  if (answer.status >= 500) return `is a server error: ${answer.body.toString('utf8').slice(0, 300)}`
  if (request.method === 'HEAD') return answer.body.length > 0 ? 'has a body on HEAD' : undefined
  if (answer.status < 400) return undefined
  return envelopeProblem(surface, answer.status, answer.headers['content-type'] as string | undefined, answer.body.toString('utf8'))
}

/** Both servers still answer a well-formed request. */
async function expectStillServing(): Promise<void> {
  const chat = await exchange(server.url, agent, {
    method: 'POST',
    path: '/v1/chat/completions',
    headers: withType({ authorization: 'Bearer sk-unrestricted' }),
    body: json({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Still there?' }] }),
  })
  expect(chat.status).toBe(200)
  expect((await exchange(adminServer.url, agent, { method: 'GET', path: '/__mock/clock' })).status).toBe(200)
}

const bodyRoutes = sweptRoutes.filter((route) => route.body !== undefined)

// Each sweep sends thousands of bounded requests: a few seconds on an idle machine, many times that
// on a loaded one, which is no failure of the gateway.
describe('robustness: malformed requests on every route', { timeout: 180_000 }, () => {
  it('answers every route normally when the request is well formed', async () => {
    const cases = sweptRoutes.map((route) =>
      caseFor(
        route,
        'valid',
        route.upload
          ? { headers: withType(route.headers, route.upload.contentType), body: route.upload.body }
          : route.body
            ? { headers: withType(route.headers), body: json(route.body) }
            : {},
      ),
    )
    const answers = await mapConcurrently(cases, concurrency, (c) => exchange(c.admin ? adminServer.url : server.url, agent, c.request))
    // The baseline: the sweeps below break requests that these show to be answered. The scenario
    // assertion is a 409 while the sweep's own scenario has a step left.
    const unexpected = answers.flatMap((answer, index) => {
      const { label, request } = cases[index]!
      const fine = answer.status === 200 || (request.path === '/__mock/scenario/assert' && answer.status === 409)
      return fine ? [] : [`${label}: ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`]
    })
    expect(unexpected).toEqual([])
  })

  it('refuses bodies that are not a usable JSON object, in the route envelope', async () => {
    const cases = bodyRoutes.flatMap((route) => {
      const valid = json(route.body)
      const headers = withType(route.headers)
      const deep = `{"deep":${'['.repeat(5000)}${']'.repeat(5000)},${valid.slice(1)}`
      const longString = json({ ...route.body, model: 'm'.repeat(200_000), name: 'n'.repeat(200_000) })
      const longKey = `{${json('k'.repeat(200_000))}:1,${valid.slice(1)}`
      const invalidUtf8 = Buffer.concat([
        Buffer.from('{"junk":"'),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
        Buffer.from(`",${valid.slice(1)}`),
      ])
      return [
        caseFor(route, 'invalid JSON', { headers, body: '{"model": gpt-4o-mini}' }),
        caseFor(route, 'truncated JSON', { headers, body: valid.slice(0, Math.floor(valid.length / 2)) }),
        caseFor(route, 'empty body', { headers, body: '' }),
        caseFor(route, 'whitespace body', { headers, body: ' \r\n\t ' }),
        caseFor(route, 'no body at all', { headers: route.headers }),
        caseFor(route, 'a byte-order mark before the JSON', { headers, body: `\uFEFF${valid}` }),
        caseFor(route, 'raw control characters in a string', { headers, body: `{"junk":"a\u0000b\u0001",${valid.slice(1)}` }),
        ...['[]', `[${valid}]`, '"text"', '42', '-0', '1e999', 'null', 'true', 'false'].map((body) =>
          caseFor(route, `top-level ${body.slice(0, 12)}`, { headers, body }),
        ),
        caseFor(route, '5000 levels deep', { headers, body: deep }),
        caseFor(route, '200 KB strings in fields that are not a prompt', { headers, body: longString }),
        caseFor(route, 'a 200 KB key', { headers, body: longKey }),
        caseFor(route, '__proto__ and constructor keys', {
          headers,
          body: `{"__proto__":{"polluted":1},"constructor":{"prototype":1},${valid.slice(1)}`,
        }),
        caseFor(route, 'invalid UTF-8 inside a string', { headers, body: invalidUtf8 }),
        caseFor(route, 'bytes that are not text at all', { headers, body: Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80, 0xc0]) }),
        caseFor(route, 'a UTF-16 body', {
          headers: withType(route.headers, 'application/json; charset=utf-16'),
          body: Buffer.from(valid, 'utf16le'),
        }),
        caseFor(route, 'content-type text/plain', { headers: withType(route.headers, 'text/plain'), body: valid }),
        caseFor(route, 'a form body', {
          headers: withType(route.headers, 'application/x-www-form-urlencoded'),
          body: 'model=gpt-4o-mini&messages=hi',
        }),
        caseFor(route, 'a multipart body', {
          headers: withType(route.headers, 'multipart/form-data; boundary=x'),
          body: '--x\r\nContent-Disposition: form-data; name="model"\r\n\r\ngpt-4o-mini\r\n--x--\r\n',
        }),
        caseFor(route, 'a chunked body', { headers: { ...headers, 'transfer-encoding': 'chunked' }, body: valid }),
      ]
    })
    expect(await sweep(cases)).toEqual([])
    await expectStillServing()
  })

  it('refuses a wrong type at every field of a valid body, in the route envelope', async () => {
    const cases = bodyRoutes.flatMap((route) =>
      wrongTypeVariants(route.body!).map(({ label, body }) =>
        caseFor(route, label, { headers: withType(route.headers), body: json(body) }),
      ),
    )
    expect(await sweep(cases, 'direct')).toEqual([])
    await expectStillServing()
  })

  it('refuses any object or array of a valid body nested 5000 levels deep, in the route envelope', async () => {
    const cases = bodyRoutes.flatMap((route) =>
      deepVariants(route.body!, 5000).map(({ label, text }) => caseFor(route, label, { headers: withType(route.headers), body: text })),
    )
    expect(await sweep(cases)).toEqual([])
    await expectStillServing()
  })

  it('answers other methods on every route in the path envelope', async () => {
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND']
    const cases = sweptRoutes.flatMap((route) =>
      methods
        .filter((method) => method !== route.method)
        .map((method) => ({
          ...caseFor(route, `as ${method}`, {
            method,
            headers: withType(route.headers),
            body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
          }),
          surface: surfaceOfTarget(route.path, method, route.headers),
        })),
    )
    expect(await sweep(cases)).toEqual([])
    await expectStillServing()
  })

  it('answers odd paths in the envelope of the surface they belong to', async () => {
    const targets = [
      '/',
      '/favicon.ico',
      '/v1',
      '/v1/',
      '/v1beta',
      '/api',
      '/dashboard',
      '/__mock',
      '//v1/models',
      '//127.0.0.1/v1/models',
      '/v1//models',
      '/v1/models//',
      '///',
      '/v1/./models',
      '/v1/../v1/models',
      '/v1/models/..',
      '/v1/models/../../api/status',
      '/v1/%2e%2e/v1/models',
      '/v1/models/%2F',
      '/v1/models/%2e%2e%2f%2e%2e%2fapi%2fstatus',
      '/v1/models/%ff',
      '/v1/models/%',
      '/v1/models/%zz',
      '/v1/models/%00',
      '/v1/models/%c3%28',
      '/v1/models/\u00e9\u00ff',
      '/v1/models\u00ff',
      '/v1/messages/\u00ff',
      '/v1beta/models/\u00ff',
      '/api/user/\u00ff',
      '/__mock/\u00ff',
      '/v1/models?%ff=%ff&key=%ff',
      '/v1beta/models?pageSize=-1&pageToken=%ff',
      '/v1beta/models?pageSize=abc',
      '/v1beta/models?pageSize=99999999999999999999',
      '/v1beta/models?pageToken=' + 'p'.repeat(4000),
      '/v1/models?limit=-5&after_id=%00',
      '/__mock/journal?limit=-1',
      '/__mock/journal?limit=1e400',
      '/__mock/journal?limit=%ff',
      '/v1/chat/completions/extra',
      '/v1/messages/batches',
      '/V1/MODELS',
      '/v1/models/' + 'a'.repeat(8000),
      '/v1/' + 'x/'.repeat(3000),
      '/v1/chat/completions?' + 'a=b&'.repeat(1000),
    ]
    const getCases = targets.map((path): SweepCase => ({
      label: `GET ${path.slice(0, 60)}`,
      surface: surfaceOfTarget(path),
      request: { method: 'GET', path, headers: { authorization: 'Bearer sk-unrestricted' } },
    }))
    const postTargets = [
      '/v1beta/models/%ff:generateContent',
      '/v1beta/models/:generateContent',
      '/v1beta/models/gemini-2.5-flash:',
      '/v1beta/models/gemini-2.5-flash:%ff',
      '/v1beta/models/a:b:countTokens',
      '/v1beta/models/models%2Fgemini-2.5-flash:countTokens',
      '/v1beta/models/gemini-2.5-flash:generateContent?alt=%ff&key=%ff',
      '/v1/models/\u00ff:streamGenerateContent',
      '/v1/models/' + 'g'.repeat(8000) + ':generateContent',
      '/v1/chat/completions?stream=%ff',
      '//v1/chat/completions',
      '/v1/messages/count_tokens/',
      '/v1/messages?beta=%ff',
    ]
    const postCases = postTargets.map((path): SweepCase => ({
      label: `POST ${path.slice(0, 60)}`,
      surface: surfaceOfTarget(path, 'POST'),
      request: {
        method: 'POST',
        path,
        headers: withType({ authorization: 'Bearer sk-unrestricted', 'x-goog-api-key': 'sk-unrestricted' }),
        body: json({ contents: [{ parts: [{ text: 'hi' }] }], ...chatBody }),
      },
    }))
    expect(await sweep([...getCases, ...postCases])).toEqual([])
    await expectStillServing()
  })

  it('answers odd and conflicting headers in the route envelope', async () => {
    const chat = sweptRoutes.find((route) => route.path === '/v1/chat/completions')!
    const messages = sweptRoutes.find((route) => route.path === '/v1/messages')!
    const generate = sweptRoutes.find((route) => route.path === '/v1beta/models/gemini-2.5-flash:generateContent')!
    const send = (route: SweptRoute, label: string, headers: Record<string, string | string[]>) =>
      caseFor(route, label, { headers: { 'content-type': 'application/json', ...headers }, body: json(route.body) })
    const cases = [
      send(chat, 'two Authorization headers', { authorization: ['Bearer sk-unrestricted', 'Bearer sk-limited'] }),
      send(chat, 'two Authorization headers, one unknown', { authorization: ['Bearer sk-unrestricted', 'Bearer sk-nobody'] }),
      send(chat, 'Authorization and x-api-key with different keys', { authorization: 'Bearer sk-unrestricted', 'x-api-key': 'sk-limited' }),
      send(messages, 'x-api-key and Authorization with different keys', {
        'anthropic-version': '2023-06-01',
        'x-api-key': 'sk-unrestricted',
        authorization: 'Bearer sk-nobody',
      }),
      send(messages, 'two x-api-key headers', { 'anthropic-version': '2023-06-01', 'x-api-key': ['sk-unrestricted', 'sk-limited'] }),
      send(messages, 'two anthropic-version headers', {
        'anthropic-version': ['2023-06-01', '2026-10-21'],
        'x-api-key': 'sk-unrestricted',
      }),
      send(generate, 'x-goog-api-key, ?key= and Bearer all different', {
        'x-goog-api-key': 'sk-limited',
        authorization: 'Bearer sk-nobody',
      }),
      send(generate, 'two x-goog-api-key headers', { 'x-goog-api-key': ['sk-unrestricted', 'sk-limited'] }),
      ...[
        '',
        'Bearer',
        'Bearer ',
        'Bearer  sk-unrestricted ',
        'bearer\tsk-unrestricted',
        'Basic dXNlcjpwYXNz',
        'Bearer sk-unrestricté\u00ff',
        'Bearer ' + 'k'.repeat(8000),
      ].map((value) => send(chat, `Authorization ${JSON.stringify(value.slice(0, 30))}`, { authorization: value })),
      send(messages, 'anthropic-version with bytes beyond ASCII', { 'anthropic-version': '\u00ff\u00fe', 'x-api-key': 'sk-unrestricted' }),
      send(chat, 'a 15 KB header', { authorization: 'Bearer sk-unrestricted', 'x-padding': 'p'.repeat(15_000) }),
      send(chat, '1000 small headers', {
        authorization: 'Bearer sk-unrestricted',
        ...Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`x-h${i}`, '1'])),
      }),
      send(chat, 'content-length of a declared 0 with a body', { authorization: 'Bearer sk-unrestricted', 'content-length': '0' }),
      send(chat, 'accept: text/event-stream and gzip', {
        authorization: 'Bearer sk-unrestricted',
        accept: 'text/event-stream',
        'accept-encoding': 'gzip, br',
      }),
      send(chat, 'expect: 100-continue', { authorization: 'Bearer sk-unrestricted', expect: '100-continue' }),
    ]
    expect(await sweep(cases)).toEqual([])
    await expectStillServing()
  })
})

describe('robustness: broken uploads on the audio routes', () => {
  it('refuses every broken multipart body in the route envelope, and keeps serving', async () => {
    const uploads = sweptRoutes.filter((route) => route.upload !== undefined)
    const cases = uploads.flatMap((route) => {
      const { contentType, body } = route.upload!
      const typed = (type: string) => withType(route.headers, type)
      return [
        caseFor(route, 'no file part', {
          headers: typed(contentType),
          body: multipartBody({ model: 'whisper-1' }, Buffer.alloc(0)).body.subarray(0, 90),
        }),
        caseFor(route, 'a file that is not audio', {
          headers: typed(contentType),
          body: multipartBody({ model: 'whisper-1' }, Buffer.from('{"not":"audio"}')).body,
        }),
        caseFor(route, 'a WAV header that lies about its size', {
          headers: typed(contentType),
          body: multipartBody({ model: 'whisper-1' }, Buffer.concat([tinyWav().subarray(0, 40), Buffer.from([0xff, 0xff, 0xff, 0x7f])]))
            .body,
        }),
        caseFor(route, 'bytes that only start like an MP3', {
          headers: typed(contentType),
          body: multipartBody({ model: 'whisper-1' }, Buffer.from([0xff, 0xfb, 0x90, 0x00, 1, 2, 3])).body,
        }),
        caseFor(route, 'the body cut in half', { headers: typed(contentType), body: body.subarray(0, Math.floor(body.length / 2)) }),
        caseFor(route, 'another boundary than the header names', { headers: typed('multipart/form-data; boundary=other'), body }),
        caseFor(route, 'multipart without a boundary', { headers: typed('multipart/form-data'), body }),
        caseFor(route, 'a bad response_format', {
          headers: typed(contentType),
          body: multipartBody({ model: 'whisper-1', response_format: 'xml' }, tinyWav()).body,
        }),
        caseFor(route, 'a model of another kind', { headers: typed(contentType), body: multipartBody({ model: 'tts-1' }, tinyWav()).body }),
      ]
    })
    expect(await sweep(cases)).toEqual([])
    await expectStillServing()
  })
})

describe("robustness: requests Node's HTTP parser refuses", () => {
  it('refuses an absolute-form target that is not a URL as a bad request, with a request id', async () => {
    const answer = parseRawAnswer(
      await rawExchange(server.url, 'GET http://[bad/v1/models HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    )
    expect(answer.status).toBe(400)
    expect(answer.headers['x-request-id']).toMatch(/\S/)
    expect(JSON.parse(answer.body)).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_request_error' } })
  })

  it('serves a request without a Host header like any other', async () => {
    const answer = parseRawAnswer(
      await rawExchange(server.url, 'GET /v1/models HTTP/1.1\r\nAuthorization: Bearer sk-unrestricted\r\nConnection: close\r\n\r\n'),
    )
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ object: 'list' })
  })

  const head = (target: string, extra = '') => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}`

  it.each([
    ['a request line that is not HTTP', 'GARBAGE\r\n\r\n', 400, 'openai'],
    ['a space inside the path', 'GET /v1/mo dels HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'openai'],
    ['an unknown HTTP version', 'GET /v1/models HTTP/9.9\r\nHost: x\r\n\r\n', 400, 'openai'],
    ['an HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 400, 'openai'],
    ['a header name with a space', head('/v1/models', 'Bad Header: x\r\n\r\n'), 400, 'openai'],
    ['a content-length that is not a number', head('/v1/messages', 'Content-Length: abc\r\n\r\n'), 400, 'anthropic'],
    [
      'content-length and chunked together',
      head('/v1beta/models', 'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n'),
      400,
      'gemini',
    ],
    ['headers over 16 KB', head('/v1/chat/completions', `X-Padding: ${'p'.repeat(20_000)}\r\n\r\n`), 431, 'openai'],
    ['headers over 16 KB on a messages path', head('/v1/messages', `X-Padding: ${'p'.repeat(20_000)}\r\n\r\n`), 431, 'anthropic'],
    ['a request-target over 16 KB', head(`/api/${'a'.repeat(20_000)}`, '\r\n'), 431, 'dashboard'],
    ['bare LF line endings', 'GET /api/status HTTP/1.1\nHost: x\n\n', 400, 'dashboard'],
    ['CONNECT, as to a proxy', 'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n', 404, 'openai'],
    [
      'a broken chunk size mid-body',
      'POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer sk-unrestricted\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
      400,
      'openai',
    ],
  ] as const)('%s: a JSON error in the envelope of the path, then the connection closes', async (_label, bytes, status, surface) => {
    const answer = parseRawAnswer(await rawExchange(server.url, bytes))
    expect(answer.status).toBe(status)
    expect(answer.headers.connection).toBe('close')
    expect(envelopeProblem(surface, answer.status, answer.headers['content-type'], answer.body)).toBeUndefined()
    await expectStillServing()
  })
})
