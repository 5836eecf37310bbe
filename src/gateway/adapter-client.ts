/**
 * What the Node adapter knows about a request's client that a Fetch `Request` cannot carry.
 * The core only reads these facts, so it never needs a socket or a Node type.
 */
export interface AdapterClient {
  /**
   * The client may use the admin routes: it presented the server's admin token, or the server has
   * none and the connection came from loopback.
   */
  admin: boolean
  /** A small body the adapter has already read whole: cheaper than a web stream for a few kilobytes. */
  body?: string
}

// Symbol-keyed properties rather than WeakMaps: a WeakMap entry per request makes every garbage
// collection walk them, which a busy server pays for many times a second.
const kClient = Symbol('llm-gateway-mock.client')
type WithClient = Request & { [kClient]?: AdapterClient }
const inProcessClient: AdapterClient = { admin: true }

/**
 * Marks a request as coming from the Node adapter, which writes replies from their parts: its
 * `Response` then carries no body of its own. Building and then reading back a body stream costs
 * more than everything else the server does for a small reply. `client` says where it came from.
 */
export function markAdapterRequest(request: Request, client: AdapterClient): void {
  ;(request as WithClient)[kClient] = client
}

/**
 * Who sent the request, as the adapter saw it. A request the adapter did not mark was made in
 * the same process (msw `setupServer` or `setupWorker`), by code that holds the gateway anyway.
 */
export function adapterClientOf(request: Request): AdapterClient {
  return (request as WithClient)[kClient] ?? inProcessClient
}

/** The body the adapter read ahead for a small request, if it did. */
export function adapterBodyOf(request: Request): string | undefined {
  return (request as WithClient)[kClient]?.body
}

/** Whether the Node adapter made this request (and will write the reply from its parts). */
export function isAdapterRequest(request: Request): boolean {
  return (request as WithClient)[kClient] !== undefined
}
