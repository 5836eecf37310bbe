import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { WebSocket, WebSocketServer } from 'ws'
import type { AdapterSeam } from '../../gateway/adapter-seam.ts'
import { gatewayError, type GatewayError } from '../../errors/gateway-error.ts'
import { pathnameOf } from '../../http/path-matcher.ts'
import type { RenderedResponse } from '../../http/rendered-response.ts'
import { endWith } from './end-with.ts'
import type { HandshakeHandler } from './handshake-handler.ts'
import { handshakeRequest } from './handshake-request.ts'
import { requestUrlOf } from './node-request.ts'
import { runSocketSession } from './socket-session.ts'

/**
 * The server's side of the WebSocket routes: its `upgrade` event. The handshake is admitted by
 * the core (adapter-seam.ts) before anything is accepted, so a refusal is a plain HTTP answer in
 * the route's envelope, as the real gateway's middleware gives it; an accepted one is completed
 * by the `ws` package, loaded on the first handshake, and handed to the route's session. `close`
 * ends every socket, open or half-way through its handshake.
 */
export function serveWebSockets(seam: AdapterSeam, origin: () => string): HandshakeHandler {
  let server: Promise<WebSocketServer> | undefined
  const protocols = new WeakMap<IncomingMessage, string>()
  // What each handshake the core accepted becomes if the `ws` package refuses it after all.
  const refusals = new WeakMap<IncomingMessage, (error: GatewayError) => RenderedResponse>()
  const pending = new Set<Duplex>()
  const open = new Set<WebSocket>()
  const webSocketServer = () => (server ??= loadWebSocketServer(seam.maxMessageBytes, protocols, refusals))

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    pending.add(socket)
    // The handshake's own signal: a scenario's delay ends when the client leaves or the server closes (which destroys the socket).
    const left = new AbortController()
    socket.once('close', () => {
      pending.delete(socket)
      left.abort()
    })
    socket.on('error', () => socket.destroy())
    const early = holdEarlyBytes(socket, head)
    const url = requestUrlOf(req, origin())
    const path = pathnameOf(url)
    const outcome = await seam.upgrade(handshakeRequest(req, url, left.signal), path)
    if (!outcome) return endWith(socket, seam.failure(gatewayError('route_not_found', { method: 'GET', path }), path))
    if (!outcome.accepted) return endWith(socket, outcome.rendered)
    const wss = await webSocketServer()
    if (socket.destroyed) return outcome.abandon()
    // `ws` reads the socket from here on, in the same turn.
    const held = early.release()
    if (outcome.protocol !== undefined) protocols.set(req, outcome.protocol)
    refusals.set(req, outcome.refuse)
    // Destroyed unopened (a client that sent its FIN already, the server closing): the client left.
    const abandoned = () => outcome.abandon()
    socket.once('close', abandoned)
    wss.handleUpgrade(req, socket, held, (client) => {
      socket.off('close', abandoned)
      pending.delete(socket)
      open.add(client)
      client.on('close', () => open.delete(client))
      runSocketSession(client, outcome)
    })
  }

  return {
    onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
      upgrade(req, socket, head).catch((error: unknown) => {
        console.error('[llm-gateway-mock] failed to answer a WebSocket handshake:', error)
        socket.destroy()
      })
    },
    /** Ends every socket: what the server's `close` does to its keep-alive connections. */
    closeAll(): void {
      for (const client of open) client.terminate()
      for (const socket of pending) socket.destroy()
    },
  }
}

/**
 * Reads the socket while the core decides, or a client that leaves would go unnoticed: a paused
 * socket sees no end. A client sends nothing before its 101, but whatever comes is kept for `ws`,
 * which `release` hands over with the handshake's `head`.
 */
function holdEarlyBytes(socket: Duplex, head: Buffer) {
  const early: Buffer[] = [head]
  const keep = (chunk: Buffer) => early.push(chunk)
  const ended = () => socket.destroy()
  socket.on('data', keep)
  socket.once('end', ended)
  return {
    release(): Buffer {
      socket.off('data', keep)
      socket.off('end', ended)
      return Buffer.concat(early)
    },
  }
}

/** The `ws` package's server, loaded on the first handshake: it completes the handshakes the core accepted. */
async function loadWebSocketServer(
  maxPayload: number,
  protocols: WeakMap<IncomingMessage, string>,
  refusals: WeakMap<IncomingMessage, (error: GatewayError) => RenderedResponse>,
): Promise<WebSocketServer> {
  const { WebSocketServer } = await import('ws')
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload,
    clientTracking: false,
    // Confirm the subprotocol the route chose: a browser fails a handshake that offered some and got none back.
    handleProtocols: (_offered, request) => protocols.get(request) ?? false,
  })
  // A handshake whose WebSocket headers `ws` refuses (a bad Sec-WebSocket-Key, version, …):
  // answered, and journaled, in the route's terms rather than as ws's bare 400.
  wss.on('wsClientError', (error, socket, request) => {
    const refuse = refusals.get(request)
    const detail = error.message
    if (refuse) endWith(socket, refuse(gatewayError('websocket_handshake_invalid', { detail })))
    else socket.destroy()
  })
  return wss
}
