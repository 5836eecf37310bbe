import { createConnection } from 'node:net'
import { setupServer } from 'msw/node'
import { createGateway, type Gateway, type GatewayOptions } from '../../src/index.ts'
import { startServer } from '../../src/node/index.ts'

/** A gateway for socket clients: its HTTP base URL, and how a global-WebSocket client reaches it. */
export interface SocketHarness {
  name: 'HTTP server' | 'setupServer'
  gateway: Gateway
  /** The base URL an OpenAI client takes (`…/v1`). */
  baseURL: string
  close(): Promise<void>
}

/**
 * The OpenAI SDK's Realtime classes always dial `wss://`. The server speaks plain HTTP, so over
 * the server the global `WebSocket` is swapped for one that dials `ws://` instead (the handshake,
 * the subprotocols and the frames stay Node's own); in-process msw answers any URL.
 */
class PlainWebSocket extends globalThis.WebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(String(url).replace(/^wss:/, 'ws:'), protocols)
  }
}

export async function startSocketGateway(name: SocketHarness['name'], options?: GatewayOptions): Promise<SocketHarness> {
  const gateway = await createGateway(options)
  if (name === 'HTTP server') {
    const server = await startServer(gateway, { port: 0 })
    const original = globalThis.WebSocket
    globalThis.WebSocket = PlainWebSocket
    return {
      name,
      gateway,
      baseURL: `${server.url}/v1`,
      close: async () => {
        globalThis.WebSocket = original
        await server.close()
      },
    }
  }
  const server = setupServer(...gateway.handlers)
  server.listen({ onUnhandledFrame: 'error' })
  return { name, gateway, baseURL: 'http://gateway.test/v1', close: async () => server.close() }
}

/** `ws` options that reach a plain-HTTP server through a `wss://` URL, for `OpenAIRealtimeWS`. */
export const plainConnection = {
  createConnection: (options: { host?: string; hostname?: string; port?: number | string }) =>
    createConnection({ host: options.hostname ?? options.host ?? '127.0.0.1', port: Number(options.port) }),
}

/** Collects a socket's JSON events in order; `until` reads on from where the last call stopped. */
export function messages(listen: (handler: (event: any) => void) => void) {
  const seen: any[] = []
  let cursor = 0
  let waiting: { test: (event: any) => boolean; resolve: (events: any[]) => void } | undefined
  const check = () => {
    if (!waiting) return
    const index = seen.findIndex((event, at) => at >= cursor && waiting!.test(event))
    if (index === -1) return
    const events = seen.slice(cursor, index + 1)
    cursor = index + 1
    const { resolve } = waiting
    waiting = undefined
    resolve(events)
  }
  listen((event) => {
    seen.push(event)
    check()
  })
  return {
    seen,
    /** The events from where the last call stopped until one that `test` accepts (included). */
    until(test: (event: any) => boolean): Promise<any[]> {
      return new Promise((resolve) => {
        waiting = { test, resolve }
        check()
      })
    },
  }
}
