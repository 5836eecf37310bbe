import { gatewayError } from '../../errors/gateway-error.ts'
import type { ResolvedError } from '../../profiles/resolved-error.ts'
import type { Model } from '../../world/schemas.ts'
import type { Route, RouteModel } from '../route.ts'
import { routeOf, type RouteEntry } from '../route-entry.ts'
import type { SocketConnection } from './socket-connection.ts'

/** A socket route's side of one accepted connection: what the client sends, and the end. */
export interface SocketSession {
  /** A text message from the client. */
  receive(text: string): void
  /** The connection closed, by either side: stop what is in flight. */
  closed(): void
}

/** What a socket route adds to a route: how it accepts a connection and what it does with one. */
export interface SocketBehaviour<Auth> {
  /** The model the handshake names (`/v1/realtime?model=`), admitted as `upgrade`; none when each response names its own. */
  model?: RouteModel<Auth, undefined>
  /** Refuses an admitted model the route does not serve (another kind), by raising. */
  serves?(model: Model): void
  /** The subprotocol to accept among those the client offered (a browser fails a handshake that offered some and got none back). */
  protocol(offered: readonly string[]): string | undefined
  /**
   * The route's error event: what tells a client its handshake was refused where the refusal
   * cannot be an HTTP answer (in-process), and what answers a message no session reads (binary).
   */
  errorEvent(error: ResolvedError): object
  /** The clients of this route that msw cannot serve in-process, named for the hint they get there ("a client on the `ws` package (…)"). */
  serverOnlyClients: string
  open(connection: SocketConnection<Auth>): SocketSession
}

/**
 * A WebSocket route: a `GET` route that the handshake opens (the server's `upgrade`, msw's `ws`)
 * and that a plain `GET` gets a 400 from. The handshake goes through the same stages as a request
 * (authenticate, admit); each response on the open socket is then admitted as a generation.
 */
export interface SocketRoute<Auth = unknown> extends Route<Auth, undefined> {
  socket: SocketBehaviour<Auth>
}

const plainHint = 'open it with a WebSocket client (ws:// or wss://, `Upgrade: websocket`).'

/** Defines a socket route: its handshake admits like a request, and a plain `GET` is told to open a socket. */
export function defineSocketRoute<Auth>(route: Omit<SocketRoute<Auth>, 'method' | 'handle'>): SocketRoute<Auth> {
  // In a test process a handshake by Node's http module (the `ws` package) reaches msw as a plain request.
  const inProcessHint = `msw answers WebSockets in-process only for the global WebSocket class; ${route.socket.serverOnlyClients} needs the gateway's server: startServer from 'llm-gateway-mock/node', or npx llm-gateway-mock.`
  return {
    ...route,
    method: 'GET',
    handle({ request, pathname }) {
      const upgrade = request.headers.get('upgrade')?.toLowerCase() === 'websocket'
      throw gatewayError('websocket_required', { method: 'GET', path: pathname, hint: upgrade ? inProcessHint : plainHint })
    },
  }
}

/** Whether a route is a socket route. */
export function isSocketRoute(route: Route): route is SocketRoute {
  return 'socket' in route
}

/** Whether an entry is a socket route's: the route itself, or its head (`socket: true`). */
export function isSocketEntry(entry: RouteEntry): boolean {
  return 'socket' in entry
}

/** The socket route a socket route's entry names, loaded if it was a head. */
export async function socketRouteOf(entry: RouteEntry): Promise<SocketRoute> {
  const route = await routeOf(entry)
  if (!isSocketRoute(route)) throw new TypeError(`route ${route.id}: its head says socket, the route does not`)
  return route
}
