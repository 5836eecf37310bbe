import { ws, type WebSocketHandler } from 'msw'
import { offerProtocols } from '../http/websocket-protocols.ts'
import type { GatewayRuntime } from '../pipeline/gateway-runtime.ts'
import type { Route } from '../pipeline/route.ts'
import { runUpgrade } from '../pipeline/run-upgrade.ts'
import { isSocketRoute, type SocketRoute, type SocketSession } from '../pipeline/socket-route.ts'
import { servesRoute } from '../profiles/serves-route.ts'

/**
 * One msw `ws` handler per socket route, for clients on the global `WebSocket` class in a test
 * process or a browser (msw intercepts no other). A handshake goes through the same admission
 * as the server's; a refused one opens, gets the route's `error` event, and closes with 4000 plus
 * the HTTP status the server would have answered (in-process there is no HTTP answer to give).
 * Without `baseUrl` they answer the routes' paths on any host, `ws:` or `wss:`.
 */
export function toSocketHandlers(routes: readonly Route<any, any>[], runtime: GatewayRuntime, baseUrl?: string): WebSocketHandler[] {
  const base = baseUrl?.replace(/\/+$/, '')
  return routes.filter(isSocketRoute).map((route) =>
    linkFor(socketUrlPattern(route.path, base)).addEventListener('connection', ({ client, info }) => {
      serveInProcess(route, runtime, client, info.protocols)
    }),
  )
}

// Each msw link listens on one process-wide BroadcastChannel for good: one link per URL pattern,
// shared by every gateway, rather than two more listeners for each gateway a process creates.
const links = new Map<string, ReturnType<typeof ws.link>>()

function linkFor(pattern: RegExp): ReturnType<typeof ws.link> {
  let link = links.get(pattern.source)
  if (!link) links.set(pattern.source, (link = ws.link(pattern)))
  return link
}

/** `wss?://` and the base URL's host and path (any host without one), then the route's path; msw matches it without the query. */
function socketUrlPattern(path: string, base: string | undefined): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const origin = base === undefined ? '[^/]+' : escape(base.replace(/^https?:\/\//, ''))
  return new RegExp(`^wss?://${origin}${escape(path)}/?$`)
}

interface InProcessClient {
  url: URL
  send(data: string): void
  close(code?: number, reason?: string): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  addEventListener(type: 'close', listener: () => void): void
}

function serveInProcess(
  route: SocketRoute<any>,
  runtime: GatewayRuntime,
  client: InProcessClient,
  protocols: string | string[] | undefined,
): void {
  // Listen at once: the client may send as soon as it opens, before the handshake is admitted.
  const early: string[] = []
  let session: SocketSession | undefined
  let closed = false
  client.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return
    if (session) session.receive(event.data)
    else early.push(event.data)
  })
  client.addEventListener('close', () => {
    closed = true
    session?.closed()
  })

  void (async () => {
    if (!servesRoute(runtime.profile, route)) return client.close(4404, 'Not Found')
    const request = new Request(client.url.href.replace(/^ws/, 'http'))
    offerProtocols(request, typeof protocols === 'string' ? [protocols] : (protocols ?? []))
    const outcome = await runUpgrade(route, runtime, request, {})
    if (closed) return
    if (!outcome.accepted) {
      client.send(outcome.event)
      return closeAfterSends(client, outcome.closeCode, 'Refused')
    }
    session = outcome.open({
      send: (text) => client.send(text),
      close: (code, reason) => closeAfterSends(client, code, reason),
      // The nearest in-process likeness of a dropped connection: 1006, no close frame's reason.
      drop: () => closeAfterSends(client, 1006, ''),
    })
    for (const text of early.splice(0)) session.receive(text)
  })()
}

/** Closes once what was sent has gone out: msw delivers a send a microtask later, and a closing socket drops it. */
function closeAfterSends(client: InProcessClient, code: number, reason: string): void {
  setTimeout(() => client.close(code, reason), 0)
}
