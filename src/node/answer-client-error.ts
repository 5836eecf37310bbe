import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { GatewayError } from '../errors/gateway-error.ts'
import { pathnameOf } from '../http/path-matcher.ts'
import { surfaceForPath } from '../surfaces/surfaces.ts'
import { adapterError, type AdapterAnswer } from './adapter-error.ts'

/** What Node's HTTP parser attaches to the errors it emits as `clientError`. */
interface ClientError extends Error {
  code?: string
  /** The bytes being parsed when the parser gave up. */
  rawPacket?: Buffer
}

/** The statuses Node's own answers use for these parser errors; any other is a 400. */
const statusByCode: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
}

const answered = new WeakSet<Duplex>()
const lingerMs = 2_000

/**
 * Answers a request that Node's HTTP parser refused before the gateway saw it (a bad request
 * line, headers over the size limit, broken framing) as Node would, with the same status, but
 * with a JSON body in the gateway's envelope: that of the path's surface when the request line
 * can be read, else OpenAI's. The parser cannot go on after an error, so the connection closes.
 */
export function answerClientError(error: ClientError, socket: Duplex): void {
  // The parser fails again on every later chunk of a connection it gave up on: answered once.
  if (answered.has(socket)) return
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined
  // Gone, or already part-way through another answer: anything written now would corrupt it.
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy()
    return
  }
  const status = statusByCode[error.code ?? ''] ?? 400
  const target = inFlight?.req.url ?? requestTargetOf(error.rawPacket)
  const failure = new GatewayError('invalid_request_error', messageFor(error, status), { status })
  endWith(socket, adapterError(failure, target === undefined ? 'openai' : surfaceForPath(pathOf(target))))
}

/**
 * Answers `CONNECT`, which Node hands to no request handler (it would drop the connection
 * unanswered): the gateway is not a proxy, so it is a path it does not serve.
 */
export function answerConnect(req: IncomingMessage, socket: Duplex): void {
  const failure = new GatewayError('invalid_url', `Not a gateway route: CONNECT ${req.url ?? ''}. The gateway is not a proxy.`)
  endWith(socket, adapterError(failure))
}

/** Writes a whole answer on a connection that cannot carry another, then closes it. */
function endWith(socket: Duplex, answer: AdapterAnswer): void {
  answered.add(socket)
  const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)), connection: 'close' }
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  socket.end(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${head.join('')}\r\n${answer.body}`)
  // Closing while the client is still sending would reset the connection, and a reset can discard
  // the answer before the client reads it; so the rest is read and dropped until the client
  // closes its side, for a short while at most.
  socket.resume()
  const linger = setTimeout(() => socket.destroy(), lingerMs)
  linger.unref()
  socket.once('close', () => clearTimeout(linger))
}

function messageFor(error: ClientError, status: number): string {
  if (status === 431) return 'The request line and headers are larger than the gateway accepts (16 KB).'
  if (status === 408) return 'The request took too long to arrive.'
  return `The request is not valid HTTP/1.1: ${error.message.replace(/^Parse Error: /, '')}.`
}

/** The request-target of the request line at the start of `packet`, if it has one. */
function requestTargetOf(packet: Buffer | undefined): string | undefined {
  const line = packet?.subarray(0, 16 * 1024).toString('latin1')
  return line?.match(/^\s*[A-Za-z]+ (\S+)/)?.[1]
}

function pathOf(target: string): string {
  if (target.startsWith('/')) return pathnameOf(`http://gateway${target}`)
  try {
    return new URL(target).pathname
  } catch {
    return '/'
  }
}
