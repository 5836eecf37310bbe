import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { getResponse } from 'msw'
import type { Gateway } from '../../gateway/create-gateway.ts'
import { gatewayError } from '../../errors/gateway-error.ts'
import { pathnameOf } from '../../http/path-matcher.ts'
import { kAdapterSeam } from '../../gateway/adapter-seam.ts'
import { beginExchange, type AdapterExchange } from '../../http/exchange.ts'
import type { RenderedResponse } from '../../http/rendered-response.ts'
import { adminAccessOf } from './admin-access.ts'
import { clientErrorAnswer, connectAnswer } from './answer-client-error.ts'
import { NodeRequest } from './node-request.ts'
import { hasSmallBody, readSmallBody } from './to-fetch-request.ts'
import { writeResponse } from './write-response.ts'
import { serveWebSockets } from './serve-websockets.ts'
import type { Handshakes } from './handshake-handler.ts'
import { localCertificate } from './tls/local-certificate.ts'
import { refusePlainHttp } from './tls/refuse-plain-http.ts'

export interface ServeOptions {
  /** 0 picks any free port. Default 4010. */
  port?: number
  /** Default 127.0.0.1: nothing beyond loopback unless asked. */
  host?: string
  /**
   * Every client of `/__mock/*`, loopback included, must send this as `x-mock-admin-token` (or
   * `Authorization: Bearer` on `/__mock` paths); others get a 404. Without it only loopback
   * clients can use them, which behind a reverse proxy on the same machine means everyone.
   */
  adminToken?: string
  /**
   * Serve HTTPS and WSS instead of HTTP and WS, on the same port. `true`: with a certificate for
   * `localhost`, `127.0.0.1` and `::1` signed by a local CA made on first use and kept in the
   * per-user cache folder (`LLM_GATEWAY_MOCK_TLS_DIR` to put it elsewhere); the server's `ca`
   * and `caFile` are what clients must trust. Or your own certificate and key (PEM), and the CA
   * that signed them if clients should be told it. A plain-HTTP request gets a 400 naming the https:// URL.
   */
  tls?: true | TlsOptions
}

/** Your own certificate for `startServer({ tls })`, PEM. */
export interface TlsOptions {
  cert: string | Buffer
  key: string | Buffer
  /** The CA that signed `cert`, handed on as the server's `ca` for clients to trust. */
  ca?: string | Buffer
}

export interface RunningServer {
  /**
   * e.g. `http://127.0.0.1:4010` (`https://` with `tls`): a URL clients on this machine can use. Bound to all
   * interfaces (`0.0.0.0`, `::`), it names loopback, since `http://0.0.0.0` is no address to send to.
   */
  readonly url: string
  /**
   * With `tls`: the CA certificate (PEM) a client must trust, e.g. as `new Agent({ connect: { ca } })`
   * (undici) or `{ ca }` (node:https, ws); undefined for your own certificate given without its CA.
   */
  readonly ca?: string
  /** With `tls: true`: the file that holds `ca`, for `NODE_EXTRA_CA_CERTS`. */
  readonly caFile?: string
  /** The address the server is bound to, e.g. `0.0.0.0`. */
  readonly host: string
  readonly port: number
  readonly server: Server
  /** Stops accepting connections, ends open ones and resolves when the server is closed. */
  close(): Promise<void>
}

/**
 * Serves a gateway over HTTP (or HTTPS): a small node:http adapter around msw's `getResponse`.
 * Rejects with the listen error (e.g. `EADDRINUSE`) when the port cannot be bound. WebSocket
 * handshakes go to the gateway's socket routes, or to `handshakes` (the recorder's tunnel).
 */
export async function startServer(
  gateway: Pick<Gateway, typeof kAdapterSeam>,
  options: ServeOptions = {},
  handshakes?: Handshakes,
): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1'
  const { adminToken } = options
  if (adminToken !== undefined && adminToken.trim() === '') throw new TypeError('startServer: adminToken must not be empty')
  const seam = gateway[kAdapterSeam]
  const local = options.tls === true ? await localCertificate() : undefined
  const certificate = local ?? (options.tls === undefined || options.tls === true ? undefined : options.tls)
  // Read on the inspector's first request, and only where the build has not bundled its page.
  seam.usePageFiles(async (name) => (await import('../files/page-files-on-disk.ts')).readPageFileFromDisk(name))
  let origin = ''
  let boundAddress = ''

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
      request = new NodeRequest(req, res, origin, text)
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
      boundAddress,
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

  // Without a Host header Node answers 400 with no body, before the gateway sees the request;
  // the gateway has no use for Host (it answers on its own origin), so such requests are served.
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[llm-gateway-mock] failed to answer a request:', error)
      if (res.headersSent) res.destroy()
      else writeRendered(res, seam.failure(gatewayError('internal', { detail: String(error) }), pathnameOf(`http://x${req.url ?? '/'}`)))
    })
  }
  const secure = certificate && createHttpsServer({ cert: certificate.cert, key: certificate.key, requireHostHeader: false }, answer)
  const server: Server = secure || createServer({ requireHostHeader: false }, answer)
  const plain = secure && refusePlainHttp(secure, seam, () => origin)
  server.on('clientError', clientErrorAnswer(seam))
  // Only handshakes reach it: plain requests pay nothing for the WebSocket routes.
  const sockets = (handshakes ?? ((at) => serveWebSockets(seam, at)))(() => origin)
  server.on('upgrade', sockets.onUpgrade)
  server.on('connect', connectAnswer(seam))
  // Keep-alive clients must not hold shutdown open.
  server.keepAliveTimeout = 5_000

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 4010, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  origin = `${secure ? 'https' : 'http'}://${clientHostOf(address)}:${address.port}`
  boundAddress = address.address

  return {
    url: origin,
    host: address.address,
    port: address.port,
    server,
    ...(local ? { ca: local.ca, caFile: local.caFile } : certificate?.ca !== undefined && { ca: String(certificate.ca) }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
        sockets.closeAll()
        plain?.closeAll()
      }),
  }
}

/** The host part of a URL that reaches `address` from this machine: loopback for a wildcard address. */
function clientHostOf(address: AddressInfo): string {
  if (address.address === '0.0.0.0') return '127.0.0.1'
  if (address.address === '::') return '[::1]'
  return address.family === 'IPv6' ? `[${address.address}]` : address.address
}

function writeRendered(res: ServerResponse, rendered: RenderedResponse): void {
  res.writeHead(rendered.status, rendered.headers)
  res.end(typeof rendered.body === 'string' ? rendered.body : '')
}
