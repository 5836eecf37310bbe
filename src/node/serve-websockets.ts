import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { WebSocket, WebSocketServer } from 'ws'
import type { AdapterSeam } from '../gateway/adapter-seam.ts'
import { gatewayError, type GatewayError } from '../errors/gateway-error.ts'
import { beginExchange, type AdapterClient } from '../http/exchange.ts'
import { pathnameOf } from '../http/path-matcher.ts'
import type { RenderedResponse } from '../http/rendered-response.ts'
import { endWith } from './end-with.ts'
import type { HandshakeHandler } from './handshake-handler.ts'
import { requestUrlOf } from './node-request.ts'

const notAdmin: AdapterClient = Object.freeze({ admin: false })

// The handshake's own headers: the core reads the key, the protocols and the rest as a request's.
const handshakeOnly = new Set(['connection', 'upgrade', 'sec-websocket-key', 'sec-websocket-version', 'sec-websocket-extensions'])

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

  const webSocketServer = () =>
    (server ??= import('ws').then(({ WebSocketServer }) => {
      const wss = new WebSocketServer({
        noServer: true,
        maxPayload: seam.maxMessageBytes,
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
    }))

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    pending.add(socket)
    // The handshake's own signal: a scenario's delay ends when the client leaves or the server closes (which destroys the socket).
    const left = new AbortController()
    socket.once('close', () => {
      pending.delete(socket)
      left.abort()
    })
    socket.on('error', () => socket.destroy())
    // Read while the core decides, or a client that leaves would go unnoticed: a paused socket sees
    // no end. A client sends nothing before its 101, but whatever comes is kept for `ws`.
    const early: Buffer[] = [head]
    const keep = (chunk: Buffer) => early.push(chunk)
    const ended = () => socket.destroy()
    socket.on('data', keep)
    socket.once('end', ended)
    const url = requestUrlOf(req, origin())
    const path = pathnameOf(url)
    const headers: [string, string][] = []
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (!handshakeOnly.has(req.rawHeaders[i]!.toLowerCase())) headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!])
    }
    const request = new Request(url, { headers, signal: left.signal })
    // Only the client's address: a key limited to some addresses is checked on a handshake too.
    beginExchange(request, { client: notAdmin, clientAddress: req.socket.remoteAddress })
    const answer = seam.upgrade(request, path)
    const outcome = await answer
    if (!outcome) return endWith(socket, seam.failure(gatewayError('route_not_found', { method: 'GET', path }), path))
    if (!outcome.accepted) return endWith(socket, outcome.rendered)
    const wss = await webSocketServer()
    if (socket.destroyed) return outcome.abandon()
    // `ws` reads the socket from here on, in the same turn.
    socket.off('data', keep)
    socket.off('end', ended)
    if (outcome.protocol !== undefined) protocols.set(req, outcome.protocol)
    refusals.set(req, outcome.refuse)
    // Destroyed unopened (a client that sent its FIN already, the server closing): the client left.
    const abandoned = () => outcome.abandon()
    socket.once('close', abandoned)
    wss.handleUpgrade(req, socket, Buffer.concat(early), (client) => {
      socket.off('close', abandoned)
      pending.delete(socket)
      open.add(client)
      const session = outcome.open({
        send: (text) => client.send(text),
        close: (code, reason) => client.close(code, reason),
        drop: () => client.terminate(),
      })
      client.on('message', (data, isBinary) => {
        if (isBinary) session.binary()
        else session.receive(data.toString())
      })
      client.on('close', () => {
        open.delete(client)
        session.closed()
      })
      // A protocol error (a message over the size limit, bad UTF-8): `ws` has sent its close frame
      // (1009, 1007, …) and ends the socket once it is out, reading on meanwhile. Destroying it here
      // would reset a client still sending, which then sees ECONNRESET or 1006 instead of the code.
      client.on('error', () => {
        if (client.readyState !== client.CLOSING) client.terminate()
      })
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
