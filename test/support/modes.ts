import { setupServer } from 'msw/node'
import { afterAll, beforeAll } from 'vitest'
import { createGateway, type Gateway, type GatewayOptions } from '../../src/index.ts'
import { startServer } from '../../src/node/index.ts'

/** A gateway reachable at `baseUrl`, over real HTTP or through msw interception. */
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

/** Over the HTTP server only: for what the server itself does (sockets, streaming to a connection, disconnects). */
export const overHttp: Mode[] = [modes[0]!]

/**
 * One mode, for behaviour the gateway decides whatever carries the request: over HTTP, the cheaper
 * of the two for the test process. A call through msw's interception costs about twice the CPU of
 * the same call to the server in the same process (msw emulates a socket per call and runs undici's
 * HTTP/1.1 client over it; docs/testing.md has the measurement). Both modes stay for the files
 * that prove each route's contract through the official SDKs (docs/testing.md lists them).
 */
export const eitherMode: Mode[] = overHttp

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
