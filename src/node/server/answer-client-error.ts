import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { gatewayError, type GatewayError } from '../../errors/gateway-error.ts'
import type { AdapterSeam } from '../../gateway/adapter-seam.ts'
import { pathnameOf } from '../../http/path-matcher.ts'
import { endWith } from './end-with.ts'

/** What Node's HTTP parser attaches to the errors it emits as `clientError`. */
interface ClientError extends Error {
  code?: string
  /** The bytes being parsed when the parser gave up. */
  rawPacket?: Buffer
}

const answered = new WeakSet<Duplex>()

/**
 * Answers a request that Node's HTTP parser refused before the gateway saw it (a bad request
 * line, headers over the size limit, broken framing) as Node would, with the same status, but
 * with a JSON body in the active profile's envelope: that of the path's surface when the request
 * line can be read, else OpenAI's. The parser cannot go on after an error, so the connection closes.
 */
export function clientErrorAnswer(seam: AdapterSeam): (error: ClientError, socket: Duplex) => void {
  return (error, socket) => {
    // The parser fails again on every later chunk of a connection it gave up on: answered once.
    if (answered.has(socket)) return
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined
    // Gone, or already part-way through another answer: anything written now would corrupt it.
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy()
      return
    }
    const target = inFlight?.req.url ?? requestTargetOf(error.rawPacket)
    answered.add(socket)
    endWith(socket, seam.failure(failureOf(error), target === undefined ? '/' : pathOf(target)))
  }
}

/**
 * Answers `CONNECT`, which Node hands to no request handler (it would drop the connection
 * unanswered): the gateway is not a proxy, so it is a path it does not serve.
 */
export function connectAnswer(seam: AdapterSeam): (req: IncomingMessage, socket: Duplex) => void {
  return (req, socket) => {
    answered.add(socket)
    endWith(socket, seam.failure(gatewayError('not_a_gateway_route', { method: 'CONNECT', path: req.url ?? '' }), '/'))
  }
}

/** The statuses Node's own answers use for these parser errors, by name; any other is a 400. */
function failureOf(error: ClientError): GatewayError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return gatewayError('headers_too_large')
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return gatewayError('chunk_extensions_too_large')
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return gatewayError('request_timeout')
    default:
      return gatewayError('request_unparseable', { detail: error.message.replace(/^Parse Error: /, '') })
  }
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
