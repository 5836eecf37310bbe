import type { RequestHandler } from 'msw'
import type { GatewayError } from '../errors/gateway-error.ts'
import type { RenderedResponse } from '../http/rendered-response.ts'
import type { UpgradeOutcome } from '../pipeline/socket/run-upgrade.ts'

/**
 * The one seam between the core and a server adapter (src/node/server/create-server.ts); the adapter
 * and the core talk through nothing else besides Fetch objects.
 *
 * msw still routes: the adapter hands its requests to msw's `getResponse` with the gateway's
 * handlers, exactly as `setupServer` does. Beside each `Request` it attaches an exchange
 * (src/http/exchange.ts): who the client is and the body it already read. The core writes the
 * parts of its answer into the same exchange, so the adapter puts them on the socket without
 * building a Fetch `Response` body and reading it back, which cost more than the gateway's own
 * work on a small reply. The rest the adapter needs it reaches through `gateway[kAdapterSeam]`.
 */
export interface AdapterSeam {
  /**
   * The handlers that can answer a request of this method on this path, in their order, for msw's
   * `getResponse` (src/gateway/route-candidates.ts), the catch-all always among them; shared between
   * requests, so never changed.
   */
  candidates(method: string, pathname: string): RequestHandler[]
  /** An answer to what the adapter refuses itself, rendered by the active profile for the surface `path` belongs to. */
  failure(error: GatewayError, path: string): RenderedResponse
  /**
   * A WebSocket handshake (the server's `upgrade` event) on `path`, through the socket route the
   * path names; `undefined` when no route the active profile serves is a socket route there.
   */
  upgrade(request: Request, path: string): Promise<UpgradeOutcome> | undefined
  /** The largest message a socket takes: the request body limit. */
  readonly maxMessageBytes: number
  /**
   * How to read the inspector's page files where the build has not bundled them (a gateway run
   * from its sources, as `npm start` and the tests run it): the adapter reads them from disk,
   * which the core cannot. The first adapter's reader is kept; a bundled page wins over it.
   */
  usePageFiles(read: (name: string) => Promise<string | undefined>): void
}

/** Where a gateway keeps its {@link AdapterSeam}. */
export const kAdapterSeam = Symbol.for('llm-gateway-mock.adapter-seam')
