import type { IncomingMessage } from 'node:http'
import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { WebSocket, WebSocketServer } from 'ws'
import type { AdapterSeam } from '../gateway/adapter-seam.ts'
import { gatewayError } from '../errors/gateway-error.ts'
import { pathnameOf } from '../http/path-matcher.ts'
import type { RenderedResponse } from '../http/rendered-response.ts'
import { requestUrlOf } from './node-request.ts'

// The handshake's own headers: the core reads the key, the protocols and the rest as a request's.
const handshakeOnly = new Set(['connection', 'upgrade', 'sec-websocket-key', 'sec-websocket-version', 'sec-websocket-extensions'])

/**
 * The server's side of the WebSocket routes: its `upgrade` event. The handshake is admitted by
 * the core (adapter-seam.ts) before anything is accepted, so a refusal is a plain HTTP answer in
 * the route's envelope, as the real gateway's middleware gives it; an accepted one is completed
 * by the `ws` package, loaded on the first handshake, and handed to the route's session. `close`
 * ends every socket, open or half-way through its handshake.
 */
export function serveWebSockets(seam: AdapterSeam, origin: () => string, maxPayload: number) {
  let server: Promise<WebSocketServer> | undefined
  const protocols = new WeakMap<IncomingMessage, string>()
  const pending = new Set<Duplex>()
  const open = new Set<WebSocket>()

  const webSocketServer = () =>
    (server ??= import('ws').then(
      ({ WebSocketServer }) =>
        new WebSocketServer({
          noServer: true,
          maxPayload,
          clientTracking: false,
          // Confirm the subprotocol the route chose: a browser fails a handshake that offered some and got none back.
          handleProtocols: (_offered, request) => protocols.get(request) ?? false,
        }),
    ))

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    pending.add(socket)
    socket.once('close', () => pending.delete(socket))
    socket.on('error', () => socket.destroy())
    const url = requestUrlOf(req, origin())
    const path = pathnameOf(url)
    const headers: [string, string][] = []
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (!handshakeOnly.has(req.rawHeaders[i]!.toLowerCase())) headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!])
    }
    const request = new Request(url, { headers })
    const answer = seam.upgrade(request, path)
    const outcome = await answer
    if (!outcome) return writeRefusal(socket, seam.failure(gatewayError('route_not_found', { method: 'GET', path }), path))
    if (!outcome.accepted) return writeRefusal(socket, outcome.rendered)
    const wss = await webSocketServer()
    if (socket.destroyed) return
    if (outcome.protocol !== undefined) protocols.set(req, outcome.protocol)
    wss.handleUpgrade(req, socket, head, (client) => {
      pending.delete(socket)
      open.add(client)
      const session = outcome.open({
        send: (text) => client.send(text),
        close: (code, reason) => client.close(code, reason),
        drop: () => client.terminate(),
      })
      client.on('message', (data, isBinary) => {
        if (!isBinary) session.receive(data.toString())
      })
      client.on('close', () => {
        open.delete(client)
        session.closed()
      })
      client.on('error', () => client.terminate())
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

/** A refused handshake: the HTTP answer, then the connection closed. */
function writeRefusal(socket: Duplex, rendered: RenderedResponse): void {
  if (socket.destroyed) return
  const body = typeof rendered.body === 'string' ? rendered.body : ''
  const head = [`HTTP/1.1 ${rendered.status} ${STATUS_CODES[rendered.status] ?? ''}`]
  for (const [name, value] of Object.entries(rendered.headers)) head.push(`${name}: ${value}`)
  head.push(`content-length: ${Buffer.byteLength(body)}`, 'connection: close')
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`)
}
