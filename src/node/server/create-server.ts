import { createServer, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Gateway } from '../../gateway/create-gateway.ts'
import { kAdapterSeam } from '../../gateway/adapter-seam.ts'
import { answerRequests, type ServedAt } from './answer-requests.ts'
import { clientErrorAnswer, connectAnswer } from './answer-client-error.ts'
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
  // Where the server is, once it listens: the answers name its origin, and admin access reads its address.
  const at: ServedAt = { origin: '', boundAddress: '' }
  const answer = answerRequests(seam, adminToken, at)
  // Without a Host header Node answers 400 with no body, before the gateway sees the request;
  // the gateway has no use for Host (it answers on its own origin), so such requests are served.
  const secure = certificate && createHttpsServer({ cert: certificate.cert, key: certificate.key, requireHostHeader: false }, answer)
  const server: Server = secure || createServer({ requireHostHeader: false }, answer)
  const plain = secure && refusePlainHttp(secure, seam, () => at.origin)
  server.on('clientError', clientErrorAnswer(seam))
  // Only handshakes reach it: plain requests pay nothing for the WebSocket routes.
  const sockets = (handshakes ?? ((originOf) => serveWebSockets(seam, originOf)))(() => at.origin)
  server.on('upgrade', sockets.onUpgrade)
  server.on('connect', connectAnswer(seam))
  // Keep-alive clients must not hold shutdown open.
  server.keepAliveTimeout = 5_000

  await listen(server, options.port ?? 4010, host)
  const address = server.address() as AddressInfo
  at.origin = `${secure ? 'https' : 'http'}://${clientHostOf(address)}:${address.port}`
  at.boundAddress = address.address

  return {
    url: at.origin,
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

/** Listens, or rejects with the listen error (e.g. `EADDRINUSE`). */
function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}
