import type { IncomingMessage, ServerResponse } from 'node:http'
import { getResponse } from 'msw'
import type { AdapterSeam } from '../../gateway/adapter-seam.ts'
import { gatewayError } from '../../errors/gateway-error.ts'
import { beginExchange, type AdapterExchange } from '../../http/exchange.ts'
import { pathnameOf } from '../../http/path-matcher.ts'
import type { RenderedResponse } from '../../http/rendered-response.ts'
import { adminAccessOf } from './admin-access.ts'
import { NodeRequest } from './node-request.ts'
import { hasSmallBody, readSmallBody } from './to-fetch-request.ts'
import { writeResponse } from './write-response.ts'

/** Where a server is, known once it listens. */
export interface ServedAt {
  /** What the answers name as the gateway's origin, e.g. `http://127.0.0.1:4010`. */
  origin: string
  /** The address it is bound to: admin access tells a client on this machine by it. */
  boundAddress: string
}

/**
 * The server's `request` listener: each request read into a Fetch `Request` (with the exchange
 * beside it), answered by msw's `getResponse` over the seam's candidate handlers, and written.
 * A failure of our own is logged and answered 500 in the envelope of the path's surface.
 */
export function answerRequests(
  seam: AdapterSeam,
  adminToken: string | undefined,
  at: ServedAt,
): (req: IncomingMessage, res: ServerResponse) => void {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let text: string | undefined
    try {
      // Awaited only when there is a body: an await per request is not free at this rate.
      if (hasSmallBody(req)) text = await readSmallBody(req)
    } catch {
      // The client went away mid-body: nobody is left to answer.
      res.destroy()
      return
    }
    let request: NodeRequest
    try {
      request = new NodeRequest(req, res, at.origin, text)
    } catch {
      writeRendered(res, seam.failure(gatewayError('request_malformed', { method: req.method ?? 'GET', path: req.url ?? '/' }), '/'))
      return
    }
    const pathname = pathnameOf(request.url)
    const client = adminAccessOf({
      remoteAddress: req.socket.remoteAddress,
      headers: request.headers,
      pathname,
      browser: request,
      adminToken,
      boundAddress: at.boundAddress,
    })
    const clientAddress = req.socket.remoteAddress
    const exchange: AdapterExchange = text === undefined ? { client, clientAddress } : { client, clientAddress, body: text }
    beginExchange(request, exchange)
    const response = await getResponse(seam.candidates(request.method, pathname), request)
    if (!response) {
      writeRendered(res, seam.failure(gatewayError('not_a_gateway_route', { method: request.method, path: pathname }), pathname))
      return
    }
    // Awaited only when there is something to wait for: most answers are written at once.
    const writing = writeResponse(exchange.rendered, response, res)
    if (writing) await writing
    if (request.hasUnreadBody) await request.discardUnreadBody()
  }

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[llm-gateway-mock] failed to answer a request:', error)
      if (res.headersSent) res.destroy()
      else writeRendered(res, seam.failure(gatewayError('internal', { detail: String(error) }), pathnameOf(`http://x${req.url ?? '/'}`)))
    })
  }
}

function writeRendered(res: ServerResponse, rendered: RenderedResponse): void {
  res.writeHead(rendered.status, rendered.headers)
  res.end(typeof rendered.body === 'string' ? rendered.body : '')
}
