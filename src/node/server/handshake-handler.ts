import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'

/**
 * Who takes a server's WebSocket handshakes (its `upgrade` event): the gateway's socket routes
 * (serve-websockets.ts), or the recorder's tunnel to its upstream (record/tunnel-upgrade.ts).
 * The server hands each handshake to it and ends its sockets when it closes.
 */
export interface HandshakeHandler {
  onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  /** Ends every socket it holds, open or half-way through its handshake. */
  closeAll(): void
}

/** Makes a server's handshake handler; `origin` is the server's, known once it listens. */
export type Handshakes = (origin: () => string) => HandshakeHandler
