import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { RenderedResponse } from '../../http/rendered-response.ts'

const lingerMs = 2_000

/**
 * Writes a whole HTTP answer on a raw socket that cannot carry another (a refused handshake, a
 * request the parser gave up on), then closes it. A socket already gone is left alone.
 */
export function endWith(socket: Duplex, answer: RenderedResponse): void {
  if (socket.destroyed) return
  const body = typeof answer.body === 'string' ? answer.body : ''
  const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' }
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  socket.end(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n${head.join('')}\r\n${body}`)
  // Closing while the client is still sending would reset the connection, and a reset can discard
  // the answer before the client reads it; so the rest is read and dropped until the client
  // closes its side, for a short while at most.
  socket.resume()
  const linger = setTimeout(() => socket.destroy(), lingerMs)
  linger.unref()
  socket.once('close', () => clearTimeout(linger))
}
