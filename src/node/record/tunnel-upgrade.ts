import { request as httpRequest, STATUS_CODES, type ClientRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { Duplex } from 'node:stream'
import type { RenderedResponse } from '../../http/rendered-response.ts'
import { identifyRoute } from '../../recording/identify-route.ts'
import { withoutKey } from '../../recording/record-exchange.ts'
import { redactText } from '../../recording/redact.ts'
import { endWith } from '../server/end-with.ts'
import type { HandshakeHandler } from '../server/handshake-handler.ts'
import { requestUrlOf } from '../server/node-request.ts'
import { upstreamFailure } from './upstream-failure.ts'
import { upstreamRequest, type OutgoingRequest, type Upstream } from './upstream-request.ts'
import { routes } from '../../surfaces/routes.ts'

/** What a tunnelled handshake came to, for the recorder's log line. */
export interface Tunnelled {
  method: string
  /** The path and query, without credentials. */
  path: string
  status?: number
  durationMs: number
  note: string
}

/**
 * The recorder's side of WebSocket handshakes (`/v1/realtime`, the Responses API's socket): each
 * goes to the upstream with its credentials as sent, or replaced by the upstream key as an HTTP
 * request's would be, and once the upstream switches protocols the bytes go both ways as they
 * come, unrecorded (a socket's messages are no request and answer a replay could match). A
 * handshake the upstream refuses gets the upstream's answer; one it does not answer, 502.
 */
export function tunnelUpgrades(
  upstream: Upstream,
  origin: () => string,
  /** The certificates an https upstream's may be signed by, as the recorder's HTTP requests trust them. */
  ca: readonly string[] | undefined,
  answers: {
    /** Told of each handshake once the upstream answered it, or did not. */
    told(tunnelled: Tunnelled): void
    /** The answer to a handshake the upstream did not answer. */
    unreachable(detail: string, path: string): RenderedResponse
  },
): HandshakeHandler {
  const open = new Set<Duplex>()
  const track = (socket: Duplex) => {
    open.add(socket)
    socket.once('close', () => open.delete(socket))
    socket.on('error', () => socket.destroy())
  }

  return {
    onUpgrade(req: IncomingMessage, client: Duplex, head: Buffer): void {
      track(client)
      const started = performance.now()
      const { outgoing, path, pathname } = upstreamHandshake(req, origin(), upstream)
      const say = (status: number | undefined, note: string) =>
        answers.told({
          method: req.method ?? 'GET',
          path,
          ...(status !== undefined && { status }),
          durationMs: performance.now() - started,
          note,
        })
      const call = sendHandshake(req, outgoing, ca)
      call.once('upgrade', (res, socket, upstreamHead) => {
        track(socket)
        if (client.destroyed) return socket.destroy()
        splice(client, head, res, socket, upstreamHead)
        say(res.statusCode, 'relayed, not recorded: a WebSocket')
      })
      call.once('response', (res) =>
        relayRefusal(res, client, () => say(res.statusCode, 'relayed, not recorded: the upstream refused the WebSocket handshake')),
      )
      call.once('error', (error: NodeJS.ErrnoException) => {
        const detail = redactText(upstreamFailure(error), { patterns: [], secrets: outgoing.secrets })
        endWith(client, answers.unreachable(detail, pathname))
        say(undefined, `not relayed: the upstream did not answer (${detail})`)
      })
      client.once('close', () => call.destroy())
      call.end()
    },

    /** Ends every tunnel, both sides. */
    closeAll(): void {
      for (const socket of open) socket.destroy()
    },
  }
}

/** The handshake as the upstream gets it (its credentials as upstreamRequest says), and its path as the log shows it. */
function upstreamHandshake(req: IncomingMessage, origin: string, upstream: Upstream) {
  const url = requestUrlOf(req, origin)
  const headers: [string, string][] = []
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!])
  const request = new Request(url, { headers })
  const outgoing = upstreamRequest(request, upstream, identifyRoute(request, routes).route)
  const target = new URL(url)
  const path = redactText(withoutKey(target.pathname + target.search), { patterns: [], secrets: outgoing.secrets })
  return { outgoing, path, pathname: target.pathname }
}

/** Sends the handshake to the upstream, on a connection of its own. */
function sendHandshake(req: IncomingMessage, outgoing: OutgoingRequest, ca: readonly string[] | undefined): ClientRequest {
  delete outgoing.headers['accept-encoding']
  const send = outgoing.url.protocol === 'https:' ? httpsRequest : httpRequest
  return send(outgoing.url, {
    method: req.method ?? 'GET',
    headers: { ...outgoing.headers, connection: 'Upgrade', upgrade: req.headers.upgrade ?? 'websocket' },
    agent: false,
    ...(ca && { ca: [...ca] }),
  })
}

/** The upstream switched protocols: its answer goes to the client, then the bytes both ways as they come, until either side closes. */
function splice(client: Duplex, head: Buffer, res: IncomingMessage, socket: Duplex, upstreamHead: Buffer): void {
  client.write(headOf(res))
  if (upstreamHead.length > 0) client.write(upstreamHead)
  if (head.length > 0) socket.write(head)
  socket.pipe(client)
  client.pipe(socket)
  const end = () => {
    socket.destroy()
    client.destroy()
  }
  socket.once('close', end)
  client.once('close', end)
}

/** The upstream refused the handshake: its answer, whole, goes to the client; `relayed` is told once it has. */
function relayRefusal(res: IncomingMessage, client: Duplex, relayed: () => void): void {
  const chunks: Buffer[] = []
  res.on('data', (chunk: Buffer) => chunks.push(chunk))
  res.once('end', () => {
    const body = Buffer.concat(chunks)
    if (!client.destroyed) client.end(Buffer.concat([Buffer.from(headOf(res, body.length)), body]))
    relayed()
  })
  res.on('error', () => client.destroy())
}

/** An upstream answer's status line and headers as the client gets them; for a refusal, with its body's length and the connection closed after. */
function headOf(res: IncomingMessage, bodyLength?: number): string {
  const lines = [`HTTP/1.1 ${res.statusCode ?? 502} ${res.statusMessage || STATUS_CODES[res.statusCode ?? 502] || ''}`]
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    const name = res.rawHeaders[i]!.toLowerCase()
    if (bodyLength !== undefined && (name === 'content-length' || name === 'transfer-encoding' || name === 'connection')) continue
    lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`)
  }
  if (bodyLength !== undefined) lines.push(`content-length: ${bodyLength}`, 'connection: close')
  return `${lines.join('\r\n')}\r\n\r\n`
}
