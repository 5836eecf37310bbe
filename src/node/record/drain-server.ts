import type { Server, ServerResponse } from 'node:http'

/**
 * Stopping a server without cutting what it is still sending: `drain` stops it accepting
 * connections, closes those between requests, and resolves once every response under way has
 * been sent (or its client has gone), then closes the connections left; `cut` ends every
 * connection at once (a second Ctrl-C).
 */
export function drainable(server: Server) {
  const active = new Set<ServerResponse>()
  let drained: (() => void) | undefined
  server.on('request', (_, res: ServerResponse) => {
    active.add(res)
    res.once('close', () => {
      active.delete(res)
      if (active.size === 0) drained?.()
    })
  })
  return {
    async drain(): Promise<void> {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      if (active.size > 0) await new Promise<void>((resolve) => (drained = resolve))
      server.closeAllConnections()
      await closed
    },
    cut(): void {
      server.closeAllConnections()
    },
  }
}
