import type { GatewayError } from '../errors/gateway-error.ts'
import type { RenderedResponse } from './rendered-response.ts'
import type { RouteHandler } from './to-handlers.ts'

/**
 * The one seam between the core and a server adapter (src/node/create-server.ts), and the only
 * way they talk besides Fetch objects.
 *
 * msw still routes: the adapter hands its requests to msw's `getResponse` with the gateway's
 * handlers, exactly as `setupServer` does. Beside each `Request` it attaches an
 * {@link AdapterExchange}: who the client is and the body it already read. The core writes the
 * parts of its answer into the same exchange, so the adapter puts them on the socket without
 * building a Fetch `Response` body and reading it back, which cost more than the gateway's own
 * work on a small reply. Requests without an exchange (msw in a test process or a browser) get
 * real `Response`s.
 */
export interface AdapterExchange {
  client: AdapterClient
  /** A small body the adapter read whole before routing: cheaper than a web stream for a few kilobytes. */
  body?: string
  /** Set by the core: the answer, as parts. */
  rendered?: RenderedResponse
}

/** What the adapter knows about a request's client that a Fetch `Request` cannot carry. */
export interface AdapterClient {
  /**
   * The client may use the admin routes: it presented the server's admin token, or the server has
   * none and the connection came from loopback.
   */
  admin: boolean
}

/** What the adapter reaches through `gateway[kAdapterSeam]`. */
export interface AdapterSeam {
  /** The gateway's route handlers with their method and static path prefix, to pick candidates by. */
  readonly routes: readonly RouteHandler[]
  /** An answer to what the adapter refuses itself, rendered by the active profile for the surface `path` belongs to. */
  failure(error: GatewayError, path: string): RenderedResponse
}

/** Where a gateway keeps its {@link AdapterSeam}. */
export const kAdapterSeam = Symbol.for('llm-gateway-mock.adapter-seam')

// A symbol-keyed property rather than a WeakMap: a WeakMap entry per request makes every garbage
// collection walk them, which a busy server pays for many times a second.
const kExchange = Symbol('llm-gateway-mock.exchange')
type WithExchange = Request & { [kExchange]?: AdapterExchange }

/** Attaches the adapter's side of a request, before it goes to `getResponse`. */
export function beginExchange(request: Request, exchange: AdapterExchange): void {
  ;(request as WithExchange)[kExchange] = exchange
}

/** The adapter's side of a request; undefined for requests made in-process. */
export function exchangeOf(request: Request): AdapterExchange | undefined {
  return (request as WithExchange)[kExchange]
}
