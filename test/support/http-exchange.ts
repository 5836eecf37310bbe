import { Agent, request, type OutgoingHttpHeaders } from 'node:http'
import { connect } from 'node:net'

/** One request as the sweep sends it: anything a client could put on the wire through node:http. */
export interface Exchange {
  method: string
  /** The request-target exactly as sent: may hold `..`, `//`, escapes or bytes beyond ASCII (sent as Latin-1). */
  path: string
  /** Arrays send the header once per value, as a client that repeats a header does. */
  headers?: OutgoingHttpHeaders
  body?: string | Buffer
}

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** Bounded so that a stalled answer fails the sweep instead of hanging it. */
const answerTimeoutMs = 10_000

/**
 * Sends one request with node:http, which, unlike fetch, sends repeated headers, odd methods
 * and non-ASCII targets as given, and reads the whole answer.
 */
export function exchange(origin: string, agent: Agent, sent: Exchange): Promise<Answer> {
  const { hostname, port } = new URL(origin)
  const headers = { ...sent.headers }
  // node:http frames a DELETE or OPTIONS body with neither length nor chunking unless told: the
  // server would read the body as the next request. The sweep tests the gateway, not the framing.
  if (sent.body !== undefined && headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
    headers['content-length'] = Buffer.byteLength(sent.body)
  }
  return new Promise((resolve, reject) => {
    const req = request({
      host: hostname,
      port,
      agent,
      method: sent.method,
      path: sent.path,
      headers,
      timeout: answerTimeoutMs,
    })
    req.once('timeout', () => req.destroy(new Error(`no answer within ${answerTimeoutMs} ms`)))
    req.once('error', reject)
    req.once('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.once('error', reject)
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.end(sent.body)
  })
}

/** A keep-alive agent whose socket count bounds how many requests are in flight at once. */
export function sweepAgent(concurrency: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: concurrency })
}

/**
 * Writes raw bytes on a new connection and returns everything the server sends until it closes
 * the connection: for requests node:http refuses to send (bad request lines, broken framing).
 */
export async function rawExchange(origin: string, bytes: string | Buffer): Promise<string> {
  const { hostname, port } = new URL(origin)
  const socket = connect(Number(port), hostname)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`the server neither answered nor closed within ${answerTimeoutMs} ms`))
    }, answerTimeoutMs)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    // A server that answers and closes may reset the connection while bytes are still on their way.
    socket.once('error', () => {})
    socket.once('close', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks).toString('latin1'))
    })
    socket.write(bytes)
  })
}

/** The status, headers and body of a raw HTTP/1.1 answer. */
export function parseRawAnswer(text: string): { status: number; headers: Record<string, string>; body: string } {
  const split = text.indexOf('\r\n\r\n')
  const head = split === -1 ? text : text.slice(0, split)
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const body = split === -1 ? '' : text.slice(split + 4)
  return { status: Number(statusLine.split(' ')[1]), headers, body: headers['transfer-encoding'] === 'chunked' ? dechunk(body) : body }
}

function dechunk(text: string): string {
  let body = ''
  for (let at = 0; ;) {
    const lineEnd = text.indexOf('\r\n', at)
    const size = Number.parseInt(text.slice(at, lineEnd), 16)
    if (!(size > 0)) return body
    body += text.slice(lineEnd + 2, lineEnd + 2 + size)
    at = lineEnd + 2 + size + 2
  }
}
