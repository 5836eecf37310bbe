import { cookieValues, presentedKeys } from '../../http/request-credentials.ts'
import { pathnameOf } from '../../http/path-matcher.ts'
import { surfaceOf } from '../../http/surface-of.ts'
import type { Route } from '../../pipeline/route.ts'
import { apiKeyProtocolPrefix, offeredProtocols } from '../../http/websocket-protocols.ts'

/** The gateway a recorder forwards to. */
export interface Upstream {
  /** Its base URL: an origin, and a path the gateway's own paths go below (`https://gw.example.com/proxy`). */
  base: URL
  /** Replaces the client's API key wherever the client put it (`--upstream-key`). */
  key?: string
}

/** A request as it goes to the upstream, and the credentials it carried (to keep out of everything recorded). */
export interface OutgoingRequest {
  url: URL
  headers: Record<string, string>
  /** The credential values the client sent, and the upstream key: never written anywhere. */
  secrets: string[]
}

/** Headers that belong to one connection, not to the request or answer they travel with. */
export const hopByHopHeaders: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
])
// And those the forwarding sets itself.
const setHere = new Set(['host', 'content-length', 'accept-encoding'])
// Where each surface's clients carry an API key when they send none the upstream key could replace.
const keyHeaderOf = { openai: 'authorization', anthropic: 'x-api-key', gemini: 'x-goog-api-key' } as const
// The dashboard paths that take an API key rather than a user's access token, for an upstream that
// serves one this gateway does not (new-api's log of a key's requests).
const apiKeyDashboardPaths = new Set(['/api/usage/token', '/api/log/token'])

/**
 * The upstream's request for a client's: the same method, path, query and headers (less the
 * hop-by-hop ones; `identity` encoding, so the recording reads what came back), to the upstream's
 * base URL. Credentials go as the client sent them, or, with an upstream key, replaced by it in
 * the same place (`Authorization: Bearer`, `x-api-key`, `x-goog-api-key`, `?key=`, the
 * `openai-insecure-api-key.` subprotocol) on the routes that take an API key; a request that
 * carries none gets it where its surface's clients put one. The dashboard's user routes (`/api/…`)
 * take a user's access token, not an API key: theirs always go as sent.
 */
export function upstreamRequest(request: Request, upstream: Upstream, route: Route | undefined): OutgoingRequest {
  const incoming = new URL(request.url)
  const url = new URL(upstream.base.href.replace(/\/+$/, '') + incoming.pathname + incoming.search)
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    if (!hopByHopHeaders.has(name) && !setHere.has(name)) headers[name] = value
  })
  headers['accept-encoding'] = 'identity'

  const sent = presentedKeys(request)
  const secrets = [...sent.values(), ...cookieValues(request.headers)].filter((value): value is string => Boolean(value))
  const protocolKey = sent.get('websocket-protocol')

  const key = upstream.key
  const path = pathnameOf(request.url)
  if (key !== undefined && takesApiKey(route, path)) {
    secrets.push(key)
    let placed = false
    if (protocolKey !== undefined) {
      headers['sec-websocket-protocol'] = offeredProtocols(request)
        .map((protocol) => (protocol === apiKeyProtocolPrefix + protocolKey ? apiKeyProtocolPrefix + key : protocol))
        .join(', ')
      placed = true
    }
    if (sent.get('key-query') !== undefined) {
      url.searchParams.set('key', key)
      placed = true
    }
    if (headers.authorization !== undefined) {
      headers.authorization = `Bearer ${key}`
      placed = true
    }
    for (const name of ['x-api-key', 'x-goog-api-key']) {
      if (headers[name] !== undefined) {
        headers[name] = key
        placed = true
      }
    }
    if (!placed) {
      const surface = surfaceOf(path)
      const header = surface === 'anthropic' || surface === 'gemini' ? keyHeaderOf[surface] : keyHeaderOf.openai
      headers[header] = header === 'authorization' ? `Bearer ${key}` : key
    }
  }
  return { url, headers, secrets }
}

/** Whether a request's credential is an API key: its route's, or for a path no route serves, every path but the dashboard's user routes. */
function takesApiKey(route: Route | undefined, path: string): boolean {
  if (route) return route.auth.credential === 'api-key'
  return surfaceOf(path) !== 'dashboard' || apiKeyDashboardPaths.has(path.replace(/\/+$/, ''))
}
