import { adminCookieName } from './admin-cookie.ts'
import { searchParamOf } from './path-matcher.ts'
import { protocolApiKey } from './websocket-protocols.ts'

/**
 * Where a request carries its credentials, and how each is read: the one place that knows the
 * header, query parameter and cookie names of API keys, dashboard access tokens and sessions, and
 * the mock's admin token. Who may do what with them is decided elsewhere (src/auth,
 * src/node/server/admin-access.ts); this only reads what was presented.
 */
export const credentialHeaders = {
  /** `Bearer <key>` for OpenAI's clients; a dashboard access token with or without `Bearer `. */
  authorization: 'authorization',
  /** Anthropic's clients' API key. */
  apiKey: 'x-api-key',
  /** Gemini's clients' API key. */
  googApiKey: 'x-goog-api-key',
  /** The mock's admin token, on any path. */
  adminToken: 'x-mock-admin-token',
  /** Sent by the inspector's page on its own calls: another site's form cannot send it. */
  inspector: 'x-mock-inspector',
  cookie: 'cookie',
} as const

/** Gemini's clients' API key in the query (`?key=`). */
export const keyQueryParameter = 'key'
/** The admin token on the inspector page's own address (`/__mock?token=`), which a user opens. */
export const adminTokenQueryParameter = 'token'
/** The cookie `POST /api/user/login` sets, as new-api's session store names it. */
export const sessionCookie = 'session'

/** Where a request may carry its API key: a profile lists, per route group, the sources it honours, first wins. */
export type CredentialSource = 'goog-api-key' | 'key-query' | 'x-api-key' | 'bearer' | 'websocket-protocol'

export interface PresentedCredential {
  source: CredentialSource
  value: string
}

const describe: Record<CredentialSource, string> = {
  'key-query': 'a `?key=` query parameter',
  bearer: 'an `Authorization: Bearer <key>` header',
  'x-api-key': 'an `x-api-key` header',
  'goog-api-key': 'an `x-goog-api-key` header',
  'websocket-protocol': 'an `openai-insecure-api-key.<key>` WebSocket subprotocol',
}

/** Every place a client can put an API key (the recorder keeps each out of what it records). */
export const credentialSources = Object.keys(describe) as readonly CredentialSource[]

export function describeSources(sources: readonly CredentialSource[]): string {
  const names = sources.map((source) => describe[source])
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '')
}

/** The first non-empty credential among `sources`, in their order of precedence. */
export function readCredential(request: Request, sources: readonly CredentialSource[]): PresentedCredential | undefined {
  for (const source of sources) {
    const value = readSource(request, source)?.trim()
    if (value) return { source, value }
  }
  return undefined
}

/** The credential at one place in a request, as sent (`bearer`: the whole `Authorization` value); null when there is none. */
export function readSource(request: Request, source: CredentialSource): string | null {
  switch (source) {
    case 'goog-api-key':
      return request.headers.get(credentialHeaders.googApiKey)
    case 'key-query':
      return searchParamOf(request.url, keyQueryParameter)
    case 'x-api-key':
      return request.headers.get(credentialHeaders.apiKey)
    case 'bearer':
      return request.headers.get(credentialHeaders.authorization)
    case 'websocket-protocol':
      return protocolApiKey(request)
  }
}

/**
 * Each API key a request carries, wherever it is, as the key itself: `bearer` without its scheme
 * (`Bearer <key>`, or a bare key as some clients send it); undefined where there is none.
 */
export function presentedKeys(request: Request): ReadonlyMap<CredentialSource, string | undefined> {
  return new Map(
    credentialSources.map((source) => {
      const value = readSource(request, source)?.trim()
      return [source, source === 'bearer' ? value?.replace(/^\S+\s+/, '') : value] as const
    }),
  )
}

/** Whether the request carries `Authorization: Bearer …`, as OpenAI's clients send their key. */
export function hasBearer(request: Request): boolean {
  return /^bearer\s/i.test(request.headers.get(credentialHeaders.authorization) ?? '')
}

/** Whether the request carries a Gemini-style key (`?key=` or `x-goog-api-key`), even an empty one. */
export function hasGeminiKey(request: Request): boolean {
  return request.headers.has(credentialHeaders.googApiKey) || searchParamOf(request.url, keyQueryParameter) !== null
}

/** Whether the request carries an `x-api-key` header, as Anthropic's clients send their key. */
export function hasApiKeyHeader(request: Request): boolean {
  return request.headers.has(credentialHeaders.apiKey)
}

/** Whether the request carries an `Authorization` header, whatever it holds. */
export function hasAuthorization(request: Request): boolean {
  return request.headers.has(credentialHeaders.authorization)
}

/**
 * A dashboard access token: the `Authorization` value, less a leading `Bearer ` or `bearer `
 * (exactly those spellings, as new-api strips them); undefined when there is none.
 */
export function accessTokenOf(headers: Headers): string | undefined {
  const header = headers.get(credentialHeaders.authorization)?.trim()
  return header?.replace(/^[Bb]earer\s+/, '').trim() || undefined
}

/** The session id in the request's `Cookie` header, if it carries the gateway's session cookie. */
export function sessionIdOf(headers: Headers): string | undefined {
  return cookieOf(headers, sessionCookie) || undefined
}

/**
 * The admin token a request presents: `x-mock-admin-token`, or on `/__mock` paths
 * `Authorization: Bearer` (elsewhere that header carries the API key). Given the `browser`
 * request's URL and method, also what the inspector's page sends, which cannot set headers on its
 * loads and its event stream: `?token=` on the page's own address (the one a user opens), or the
 * cookie the page then sets (src/http/admin-cookie.ts). The cookie counts for a request that
 * changes something only with the `x-mock-inspector` header the page's own calls send: another
 * site's form cannot send it, and its scripts cannot without the server's leave, which it never gives.
 */
export function presentedAdminToken(headers: Headers, pathname: string, browser?: BrowserRequest): string | undefined {
  const header = headers.get(credentialHeaders.adminToken)
  if (header !== null) return header.trim()
  if (!/\/__mock(\/|$)/.test(pathname)) return undefined
  const match = /^Bearer\s+(.+)$/i.exec(headers.get(credentialHeaders.authorization) ?? '')
  if (match) return match[1]?.trim()
  if (browser === undefined) return undefined
  const { url, method } = browser
  if (method === 'GET' && /\/__mock\/?$/.test(pathname)) {
    const token = searchParamOf(url, adminTokenQueryParameter)
    if (token !== null) return token
  }
  if (method !== 'GET' && method !== 'HEAD' && !headers.has(credentialHeaders.inspector)) return undefined
  const cookie = cookieOf(headers, adminCookieName(url))
  if (cookie === undefined) return undefined
  try {
    return decodeURIComponent(cookie)
  } catch {
    return undefined
  }
}

/** What a browser on the inspector's page presents instead of a header: read from the request's URL and method. */
export interface BrowserRequest {
  url: string
  method: string
}

/**
 * Whether a request carries a header only the gateway's own clients send (the inspector's, the
 * admin token, `Authorization`): a page on another site cannot add one without the gateway's leave.
 */
export function hasGatewayHeader(headers: Headers): boolean {
  return (
    headers.has(credentialHeaders.inspector) || headers.has(credentialHeaders.adminToken) || headers.has(credentialHeaders.authorization)
  )
}

/** The values of the request's cookies (a management session's, the inspector's): credentials too. */
export function cookieValues(headers: Headers): string[] {
  const header = headers.get(credentialHeaders.cookie)
  if (header === null) return []
  return header.split(';').map((pair) => pair.slice(pair.indexOf('=') + 1).trim())
}

/** One cookie's value as sent (not decoded), from the first pair of that name. */
function cookieOf(headers: Headers, name: string): string | undefined {
  const header = headers.get(credentialHeaders.cookie)
  if (header === null) return undefined
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=')
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim()
  }
  return undefined
}
