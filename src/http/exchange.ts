import { PartsResponse, toResponse, type RenderedResponse } from './rendered-response.ts'

/**
 * The server adapter's side of one request (see src/gateway/adapter-seam.ts for the whole seam):
 * who the client is and the body it already read go in; the rendered parts of the answer come
 * out, so the adapter writes them to the socket without building a Fetch `Response` body and
 * reading it back. Requests without one were made in-process (msw in a test or a browser).
 */
export interface AdapterExchange {
  client: AdapterClient
  /** The client's IP address as the socket reports it (`::ffff:127.0.0.1`, `::1`): what a token's `allowIps` are matched against. */
  clientAddress?: string | undefined
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

/**
 * The `Response` for an answer's parts. For a request the Node adapter made, the parts go into
 * its exchange and the `Response` is a view that builds a real one only if something asks for
 * more than the status (see adapter-seam.ts).
 */
export function respond(request: Request, parts: RenderedResponse): Response {
  const exchange = exchangeOf(request)
  if (!exchange) return toResponse(parts, request.signal)
  exchange.rendered = parts
  return new PartsResponse(parts, request)
}
