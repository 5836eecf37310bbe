import { describe, expect, it } from 'vitest'
import {
  accessTokenOf,
  cookieValues,
  credentialSources,
  describeSources,
  hasApiKeyHeader,
  hasAuthorization,
  hasBearer,
  hasGatewayHeader,
  hasGeminiKey,
  presentedAdminToken,
  presentedKeys,
  readCredential,
  readSource,
  sessionIdOf,
  type CredentialSource,
} from '../../src/http/request-credentials.ts'
import { offerProtocols } from '../../src/http/websocket-protocols.ts'

const base = 'http://127.0.0.1:4010'
const request = (path: string, headers: Record<string, string> = {}, method = 'GET') => new Request(`${base}${path}`, { headers, method })

describe('request credentials: where an API key arrives', () => {
  it.each<[CredentialSource, Request, string]>([
    ['bearer', request('/v1/models', { authorization: 'Bearer sk-a' }), 'Bearer sk-a'],
    ['x-api-key', request('/v1/messages', { 'x-api-key': 'sk-b' }), 'sk-b'],
    ['goog-api-key', request('/v1beta/models', { 'x-goog-api-key': 'sk-c' }), 'sk-c'],
    ['key-query', request('/v1beta/models?alt=sse&key=sk-d'), 'sk-d'],
    ['websocket-protocol', request('/v1/realtime', { 'sec-websocket-protocol': 'realtime, openai-insecure-api-key.sk-e' }), 'sk-e'],
  ])('reads %s', (source, presented, value) => {
    expect(readSource(presented, source)).toBe(value)
    for (const other of credentialSources) if (other !== source) expect(readSource(presented, other)).toBeNull()
  })

  it('reads the subprotocol an in-process handshake attached, where a browser request drops Sec-* headers', () => {
    const handshake = request('/v1/realtime')
    offerProtocols(handshake, ['realtime', 'openai-insecure-api-key.sk-attached'])
    expect(readCredential(handshake, ['websocket-protocol'])).toEqual({ source: 'websocket-protocol', value: 'sk-attached' })
  })

  it('takes the first non-empty source in the order given, trimmed', () => {
    const both = request('/v1beta/models?key=sk-query', { 'x-goog-api-key': '  sk-header ', authorization: 'Bearer sk-bearer' })
    expect(readCredential(both, ['goog-api-key', 'key-query', 'bearer'])).toEqual({ source: 'goog-api-key', value: 'sk-header' })
    expect(readCredential(both, ['key-query', 'goog-api-key'])).toEqual({ source: 'key-query', value: 'sk-query' })
    expect(readCredential(both, ['bearer', 'key-query'])).toEqual({ source: 'bearer', value: 'Bearer sk-bearer' })
  })

  it('skips an empty or blank source and reads the next; none at all is undefined', () => {
    const blank = request('/v1beta/models?key=', { 'x-goog-api-key': '   ', 'x-api-key': 'sk-late' })
    expect(readCredential(blank, ['goog-api-key', 'key-query', 'x-api-key'])).toEqual({ source: 'x-api-key', value: 'sk-late' })
    expect(readCredential(blank, ['goog-api-key', 'key-query'])).toBeUndefined()
    expect(readCredential(request('/v1/models'), credentialSources)).toBeUndefined()
    expect(readCredential(request('/v1/models', { authorization: 'sk-x' }), [])).toBeUndefined()
  })

  it('does not take a subprotocol that only starts like the key one, or an empty list', () => {
    expect(readSource(request('/v1/realtime', { 'sec-websocket-protocol': 'openai-insecure-api-key' }), 'websocket-protocol')).toBeNull()
    expect(readSource(request('/v1/realtime', { 'sec-websocket-protocol': ' , ,' }), 'websocket-protocol')).toBeNull()
  })

  it('names the sources a refusal lists', () => {
    expect(describeSources(['bearer'])).toBe('an `Authorization: Bearer <key>` header')
    expect(describeSources(['x-api-key', 'bearer'])).toBe('an `x-api-key` header or an `Authorization: Bearer <key>` header')
    expect(describeSources(['goog-api-key', 'key-query', 'x-api-key'])).toBe(
      'an `x-goog-api-key` header, a `?key=` query parameter or an `x-api-key` header',
    )
    expect(describeSources([])).toBe('')
  })

  it('gives every key a request carries, the Authorization one without its scheme', () => {
    const all = request('/v1beta/models?key=sk-q', { authorization: 'Bearer sk-a', 'x-api-key': ' sk-b ', 'x-goog-api-key': 'sk-c' })
    expect(Object.fromEntries(presentedKeys(all))).toEqual({
      'key-query': 'sk-q',
      bearer: 'sk-a',
      'x-api-key': 'sk-b',
      'goog-api-key': 'sk-c',
      'websocket-protocol': undefined,
    })
    expect(presentedKeys(request('/v1/models', { authorization: 'sk-bare' })).get('bearer')).toBe('sk-bare')
    expect(presentedKeys(request('/v1/models', { authorization: 'Token  sk-other' })).get('bearer')).toBe('sk-other')
  })
})

describe('request credentials: which client a request looks like', () => {
  it('knows a Bearer header by its scheme, in any case, and nothing else', () => {
    expect(hasBearer(request('/', { authorization: 'Bearer sk-a' }))).toBe(true)
    expect(hasBearer(request('/', { authorization: 'bEaReR sk-a' }))).toBe(true)
    expect(hasBearer(request('/', { authorization: 'sk-a' }))).toBe(false)
    expect(hasBearer(request('/', { authorization: 'Bearersk-a' }))).toBe(false)
    expect(hasBearer(request('/', { authorization: 'Basic dXNlcjpwYXNz' }))).toBe(false)
    expect(hasBearer(request('/'))).toBe(false)
  })

  it('knows a Gemini key by its header or its query parameter, even an empty one', () => {
    expect(hasGeminiKey(request('/', { 'x-goog-api-key': 'sk-c' }))).toBe(true)
    expect(hasGeminiKey(request('/?key=sk-d'))).toBe(true)
    expect(hasGeminiKey(request('/?key='))).toBe(true)
    expect(hasGeminiKey(request('/?keys=sk-d'))).toBe(false)
    expect(hasGeminiKey(request('/', { 'x-api-key': 'sk-b' }))).toBe(false)
  })

  it('knows whether x-api-key and Authorization are there at all', () => {
    expect(hasApiKeyHeader(request('/', { 'x-api-key': '' }))).toBe(true)
    expect(hasApiKeyHeader(request('/', { authorization: 'Bearer sk-a' }))).toBe(false)
    expect(hasAuthorization(request('/', { authorization: 'anything' }))).toBe(true)
    expect(hasAuthorization(request('/', { 'x-api-key': 'sk-b' }))).toBe(false)
  })
})

describe('request credentials: the dashboard access token and session', () => {
  it.each([
    ['Bearer tok-1', 'tok-1'],
    ['bearer tok-1', 'tok-1'],
    ['tok-1', 'tok-1'],
    ['Bearer    tok-1  ', 'tok-1'],
    // new-api strips exactly `Bearer ` and `bearer `: another spelling stays part of the token, and fails to match.
    ['BEARER tok-1', 'BEARER tok-1'],
  ])('reads the access token from Authorization: %j', (header, token) => {
    expect(accessTokenOf(new Headers({ authorization: header }))).toBe(token)
  })

  it('has no access token without Authorization or with a blank one', () => {
    expect(accessTokenOf(new Headers())).toBeUndefined()
    expect(accessTokenOf(new Headers({ authorization: '   ' }))).toBeUndefined()
  })

  it('finds the session cookie among others', () => {
    expect(sessionIdOf(new Headers({ cookie: 'theme=dark; session=abc123; lang=en' }))).toBe('abc123')
    expect(sessionIdOf(new Headers({ cookie: ' session = abc=def ' }))).toBe('abc=def')
    expect(sessionIdOf(new Headers({ cookie: 'sessionid=abc; my-session=def' }))).toBeUndefined()
    expect(sessionIdOf(new Headers({ cookie: 'session=' }))).toBeUndefined()
    expect(sessionIdOf(new Headers({ cookie: 'garbage;;=;' }))).toBeUndefined()
    expect(sessionIdOf(new Headers())).toBeUndefined()
  })

  it('lists every cookie value, for the recorder to keep out of what it writes', () => {
    expect(cookieValues(new Headers({ cookie: 'session=abc; llm-gateway-mock-admin-4010=tok%20en' }))).toEqual(['abc', 'tok%20en'])
    expect(cookieValues(new Headers())).toEqual([])
  })
})

describe('request credentials: the admin token', () => {
  const cookie = 'llm-gateway-mock-admin-4010'

  it('reads x-mock-admin-token on any path, before Authorization', () => {
    expect(presentedAdminToken(new Headers({ 'x-mock-admin-token': ' s3cret ' }), '/v1/models')).toBe('s3cret')
    expect(presentedAdminToken(new Headers({ 'x-mock-admin-token': 'a', authorization: 'Bearer b' }), '/__mock/journal')).toBe('a')
  })

  it('reads Authorization: Bearer on /__mock paths only, and no other scheme', () => {
    expect(presentedAdminToken(new Headers({ authorization: 'bearer s3cret' }), '/__mock')).toBe('s3cret')
    expect(presentedAdminToken(new Headers({ authorization: 'Bearer s3cret' }), '/v1/models')).toBeUndefined()
    expect(presentedAdminToken(new Headers({ authorization: 'Bearer s3cret' }), '/v1/__mockery')).toBeUndefined()
    expect(presentedAdminToken(new Headers({ authorization: 'Basic s3cret' }), '/__mock/journal')).toBeUndefined()
    expect(presentedAdminToken(new Headers({ authorization: 'Bearer' }), '/__mock/journal')).toBeUndefined()
  })

  it('reads ?token= on a GET of the inspector page only', () => {
    const page = (path: string, method = 'GET') => ({ url: `${base}${path}`, method })
    expect(presentedAdminToken(new Headers(), '/__mock', page('/__mock?token=s3cret'))).toBe('s3cret')
    expect(presentedAdminToken(new Headers(), '/__mock/', page('/__mock/?token=s3cret'))).toBe('s3cret')
    expect(presentedAdminToken(new Headers(), '/__mock/journal', page('/__mock/journal?token=s3cret'))).toBeUndefined()
    expect(presentedAdminToken(new Headers(), '/__mock', page('/__mock?token=s3cret', 'POST'))).toBeUndefined()
    expect(presentedAdminToken(new Headers(), '/__mock', undefined)).toBeUndefined()
  })

  it("reads the inspector's cookie for this port: on a read, and on a write only with x-mock-inspector", () => {
    const browser = (method: string) => ({ url: `${base}/__mock/reset`, method })
    const withCookie = (extra: Record<string, string> = {}) => new Headers({ cookie: `other=1; ${cookie}=s3%20cret`, ...extra })
    expect(presentedAdminToken(withCookie(), '/__mock/reset', browser('GET'))).toBe('s3 cret')
    expect(presentedAdminToken(withCookie(), '/__mock/reset', browser('HEAD'))).toBe('s3 cret')
    expect(presentedAdminToken(withCookie(), '/__mock/reset', browser('POST'))).toBeUndefined()
    expect(presentedAdminToken(withCookie({ 'x-mock-inspector': '1' }), '/__mock/reset', browser('POST'))).toBe('s3 cret')
    expect(presentedAdminToken(withCookie(), '/__mock/reset')).toBeUndefined()
    const otherPort = { url: 'http://127.0.0.1:4011/__mock/reset', method: 'GET' }
    expect(presentedAdminToken(withCookie(), '/__mock/reset', otherPort)).toBeUndefined()
  })

  it('takes a cookie that does not decode as no token', () => {
    const headers = new Headers({ cookie: `${cookie}=%E0%A4%A` })
    expect(presentedAdminToken(headers, '/__mock/journal', { url: `${base}/__mock/journal`, method: 'GET' })).toBeUndefined()
  })

  it("knows the headers only the gateway's own clients send", () => {
    expect(hasGatewayHeader(new Headers({ 'x-mock-inspector': '1' }))).toBe(true)
    expect(hasGatewayHeader(new Headers({ 'x-mock-admin-token': 't' }))).toBe(true)
    expect(hasGatewayHeader(new Headers({ authorization: 'Bearer t' }))).toBe(true)
    expect(hasGatewayHeader(new Headers({ 'content-type': 'text/plain', cookie: `${cookie}=t` }))).toBe(false)
  })
})
