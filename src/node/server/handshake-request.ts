import type { IncomingMessage } from 'node:http'
import { beginExchange, type AdapterClient } from '../../http/exchange.ts'

const notAdmin: AdapterClient = Object.freeze({ admin: false })

// The handshake's own headers: the core reads the key, the protocols and the rest as a request's.
const handshakeOnly = new Set(['connection', 'upgrade', 'sec-websocket-key', 'sec-websocket-version', 'sec-websocket-extensions'])

/** A WebSocket handshake as the Fetch request the core admits (adapter-seam.ts's `upgrade`); `signal` aborts when the client leaves. */
export function handshakeRequest(req: IncomingMessage, url: string, signal: AbortSignal): Request {
  const headers: [string, string][] = []
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!handshakeOnly.has(req.rawHeaders[i]!.toLowerCase())) headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!])
  }
  const request = new Request(url, { headers, signal })
  // Only the client's address: a key limited to some addresses is checked on a handshake too.
  beginExchange(request, { client: notAdmin, clientAddress: req.socket.remoteAddress })
  return request
}
