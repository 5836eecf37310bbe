import { setupServer } from 'msw/node'
import { afterAll, beforeAll } from 'vitest'
import { createGateway, type Gateway, type GatewayOptions } from '../../src/index.ts'
import { startServer } from '../../src/node/index.ts'
import { routeFetch } from './direct-fetch.ts'

/** A gateway reachable at `baseUrl`: over real HTTP, through msw interception, or by its handlers answering `fetch` directly. */
export interface Harness {
  baseUrl: string
  gateway: Gateway
  close(): Promise<void>
}

export interface Mode {
  name: string
  start(options?: GatewayOptions): Promise<Harness>
}

/** The two ways the gateway is used: the HTTP server, and `setupServer` in the test process. */
export const modes: Mode[] = [
  {
    name: 'HTTP server',
    async start(options) {
      const gateway = await createGateway(options)
      const server = await startServer(gateway, { port: 0 })
      return { baseUrl: server.url, gateway, close: () => server.close() }
    },
  },
  {
    name: 'setupServer',
    async start(options) {
      const gateway = await createGateway(options)
      const server = setupServer(...gateway.handlers)
      server.listen({ onUnhandledFrame: 'error' })
      return {
        baseUrl: 'http://gateway.test',
        gateway,
        close: async () => server.close(),
      }
    },
  },
]

/**
 * msw's `getResponse` on the gateway's handlers, reached by `fetch` at the harness's origin: what
 * `setupServer` does for an intercepted request, without its per-call socket emulation.
 */
const direct: Mode = {
  name: 'direct',
  async start(options) {
    const gateway = await createGateway(options)
    const { origin, unroute } = routeFetch(gateway)
    return { baseUrl: origin, gateway, close: async () => unroute() }
  },
}

/** Over the HTTP server only: for what the server itself does (sockets, streaming to a connection, disconnects). */
export const overHttp: Mode[] = [modes[0]!]

/**
 * One mode, for behaviour the gateway decides whatever carries the request: its msw handlers
 * answering `fetch` directly, through the `getResponse` that both the HTTP server and
 * `setupServer` call. It is the cheapest for the test process: a chat through the openai SDK costs
 * it about 1.0 ms of CPU this way, 2.9 ms over HTTP to a server in the same process, and about twice
 * that through msw's interception, which emulates a socket per call and runs undici's HTTP/1.1
 * client over it (docs/testing.md has the measurements). Both real modes stay for the files that
 * prove each route's contract through the official SDKs (docs/testing.md lists them); a file that
 * opens WebSockets, or tests what the server itself does, runs `overHttp`.
 */
export const eitherMode: Mode[] = [direct]

/**
 * Starts a gateway in `mode` before the enclosing describe block and stops it after; the returned
 * object is filled in by the time the tests run.
 */
export function useHarness(mode: Mode, options?: GatewayOptions): Harness {
  const harness = {} as Harness
  beforeAll(async () => {
    Object.assign(harness, await mode.start(options))
  })
  afterAll(() => harness.close())
  return harness
}
