import { ws, type WebSocketHandler } from 'msw'
import { offerProtocols } from '../http/websocket-protocols.ts'
import type { GatewayRuntime } from '../pipeline/gateway-runtime.ts'
import type { RouteEntry } from '../pipeline/route-entry.ts'
import { runUpgrade, type OpenSocket } from '../pipeline/socket/run-upgrade.ts'
import { isSocketEntry, socketRouteOf } from '../pipeline/socket/socket-route.ts'
import { servesRoute } from '../profiles/serves-route.ts'

/**
 * One msw `ws` handler per socket route, for clients on the global `WebSocket` class in a test
 * process or a browser (msw intercepts no other). A handshake goes through the same admission
 * as the server's; a refused one opens, gets the route's `error` event, and closes with 4000 plus
 * the HTTP status the server would have answered (in-process there is no HTTP answer to give).
 * Without `baseUrl` they answer the routes' paths on any host, `ws:` or `wss:`.
 *
 * Every gateway's handler for a route comes from one msw link, made once per process, that
 * matches the route's path on any origin: each link is a listener on msw's process-wide
 * BroadcastChannel for good, so a link per gateway would add listeners with every gateway a
 * process creates. A connection goes to every handler the test registered for its path; the one
 * whose gateway's base URL it is serves it. One that none of them serves goes through to the
 * network (`server.connect()`), as msw lets through a connection no handler takes.
 */
export function toSocketHandlers(routes: readonly RouteEntry[], runtime: GatewayRuntime, baseUrl?: string): WebSocketHandler[] {
  const base = baseUrl === undefined ? undefined : new URL(baseUrl.replace(/\/+$/, ''))
  return routes.filter(isSocketEntry).map((entry) =>
    linkFor(entry.path).addEventListener('connection', ({ client, server, info }) => {
      if (claimed.has(client)) return
      if (isAt(client.url, entry.path, base)) {
        claimed.add(client)
        serveInProcess(entry, runtime, client, info.protocols)
        return
      }
      // msw hands a connection to each handler in turn, a microtask apart: by the next task, a
      // gateway whose base URL it is has taken it, or none will.
      setTimeout(() => {
        if (claimed.has(client)) return
        claimed.add(client)
        server.connect()
      }, 0)
    }),
  )
}

const links = new Map<string, ReturnType<typeof ws.link>>()
// The connections a gateway has taken (or sent on to the network), whichever handler saw them first.
const claimed = new WeakSet<object>()

/** The link for a route's path on any origin, under any base path: made once per process. */
function linkFor(path: string): ReturnType<typeof ws.link> {
  let link = links.get(path)
  if (!link) {
    const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    // msw matches the URL without its query.
    links.set(path, (link = ws.link(new RegExp(`^wss?://[^/]+(?:/[^?#]*)?${escaped}/?$`))))
  }
  return link
}

/** Whether a socket's URL is the route's on this gateway: its base URL's host and path (any host without one), then the route's path. */
function isAt(url: URL, path: string, base: URL | undefined): boolean {
  const pathname = url.pathname.replace(/(.)\/$/, '$1')
  if (base === undefined) return pathname === path
  return url.host === base.host && pathname === `${base.pathname.replace(/\/$/, '')}${path}`
}

interface InProcessClient {
  url: URL
  send(data: string): void
  close(code?: number, reason?: string): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  addEventListener(type: 'close', listener: () => void): void
}

function serveInProcess(entry: RouteEntry, runtime: GatewayRuntime, client: InProcessClient, init: SocketInit): void {
  // Listen at once: the client may send as soon as it opens, before the handshake is admitted.
  // A binary message is kept as `undefined`, in its place among the text ones.
  const early: (string | undefined)[] = []
  let session: OpenSocket | undefined
  // The handshake's signal: a scenario's delay ends when the client leaves.
  const left = new AbortController()
  client.addEventListener('message', (event) => {
    const text = typeof event.data === 'string' ? event.data : undefined
    if (!session) early.push(text)
    else if (text === undefined) session.binary()
    else session.receive(text)
  })
  client.addEventListener('close', () => {
    left.abort()
    session?.closed()
  })

  void (async () => {
    if (!servesRoute(runtime.profile, entry)) return client.close(4404, 'Not Found')
    const route = await socketRouteOf(entry)
    const { protocols, headers } = handshakeOf(init)
    const request = new Request(client.url.href.replace(/^ws/, 'http'), { headers, signal: left.signal })
    offerProtocols(request, protocols)
    const outcome = await runUpgrade(route, runtime, request, {})
    if (!outcome.accepted) {
      if (left.signal.aborted) return
      client.send(outcome.event)
      return closeAfterSends(client, outcome.closeCode, 'Refused')
    }
    if (left.signal.aborted) return outcome.abandon()
    session = outcome.open({
      send: (text) => client.send(text),
      close: (code, reason) => closeAfterSends(client, code, reason),
      // The nearest in-process likeness of a dropped connection: 1006, no close frame's reason.
      drop: () => closeAfterSends(client, 1006, ''),
    })
    for (const text of early.splice(0)) {
      if (text === undefined) session.binary()
      else session.receive(text)
    }
  })()
}

/**
 * What msw hands over as the socket's `protocols`: the constructor's second argument as given, which
 * Node's WebSocket (undici) lets be an init object, `{ protocols, headers }`: the OpenAI Agents SDK
 * sends its key that way, in an `Authorization` header.
 */
type SocketInit = string | string[] | { protocols?: string | string[]; headers?: HeadersInit } | undefined

function handshakeOf(init: SocketInit): { protocols: readonly string[]; headers: HeadersInit | undefined } {
  const listOf = (protocols: string | string[] | undefined) => (typeof protocols === 'string' ? [protocols] : (protocols ?? []))
  if (init === undefined || typeof init === 'string' || Array.isArray(init)) return { protocols: listOf(init), headers: undefined }
  return { protocols: listOf(init.protocols), headers: init.headers }
}

/** Closes once what was sent has gone out: msw delivers a send a microtask later, and a closing socket drops it. */
function closeAfterSends(client: InProcessClient, code: number, reason: string): void {
  setTimeout(() => client.close(code, reason), 0)
}
