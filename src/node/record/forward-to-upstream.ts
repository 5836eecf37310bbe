import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import type { RecordedFrame } from '../../recording/recording-schema.ts'
import { SseSplitter } from '../../recording/sse-frames.ts'
import { hopByHopHeaders, type OutgoingRequest } from './upstream-request.ts'

/** What came back from the upstream, as the recording needs it; told once the upstream has ended its answer, however it ended. */
export interface UpstreamAnswer {
  status: number
  headers: [string, string][]
  /** The whole body's text (an answer that is not a stream). */
  body?: string
  /** A stream's events, each with when it arrived. */
  frames?: RecordedFrame[]
  /** The upstream ended the answer itself, and it was not too large to keep. */
  ended: boolean
  /** Set when the answer was larger than a recording keeps. */
  tooLarge?: boolean
  durationMs: number
}

export interface Forwarded {
  /** The answer to relay to the client: headers at once, then the body chunk by chunk as it arrives. */
  response: Response
  /** The whole answer, once the upstream has ended it, whether or not the client stayed to read it. */
  answer: Promise<UpstreamAnswer>
}

/** An answer larger than this is relayed but not recorded: a recording is for reading. */
const maxRecordedBytes = 64 * 2 ** 20
const nullBodyStatuses = new Set([101, 103, 204, 205, 304])

/** The connections to upstreams, one pool per scheme. */
export interface UpstreamAgents {
  http: HttpAgent
  https: HttpsAgent
  destroy(): void
}

/**
 * Pools that keep connections to the upstream open between requests. No timeout is set on them
 * or on any request (Node's own `fetch` would cut a body that idles 300 s, and its global agent
 * sockets that idle 5 s): a reasoning model may think for minutes between two frames.
 */
export function upstreamAgents(): UpstreamAgents {
  const http = new HttpAgent({ keepAlive: true })
  const https = new HttpsAgent({ keepAlive: true })
  return {
    http,
    https,
    destroy() {
      http.destroy()
      https.destroy()
    },
  }
}

/**
 * Sends a client's request on to the upstream (as upstream-request.ts made it) and relays the
 * answer as it comes, each chunk passed on when it arrives, with backpressure from the client. A
 * client that leaves stops the relay but not the reading: the upstream's answer is read to its
 * end, so what it said is recorded all the same. Rejects when the upstream cannot be reached.
 */
export function forwardToUpstream(outgoing: OutgoingRequest, method: string, body: Uint8Array, agents: UpstreamAgents): Promise<Forwarded> {
  const send = outgoing.url.protocol === 'https:' ? httpsRequest : httpRequest
  const headers: OutgoingHttpHeaders = { ...outgoing.headers, ...(body.length > 0 && { 'content-length': String(body.length) }) }
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const upstreamCall = send(outgoing.url, {
      method,
      headers,
      agent: outgoing.url.protocol === 'https:' ? agents.https : agents.http,
    })
    upstreamCall.once('error', reject)
    upstreamCall.once('response', (res) => {
      upstreamCall.off('error', reject)
      // Errors after the answer began are the answer's: its end tells them.
      upstreamCall.on('error', () => undefined)
      resolve(relay(res, started))
    })
    upstreamCall.end(body.length > 0 ? body : undefined)
  })
}

function relay(res: IncomingMessage, started: number): Forwarded {
  const status = res.statusCode ?? 502
  const rawHeaders: [string, string][] = []
  for (let i = 0; i < res.rawHeaders.length; i += 2) rawHeaders.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!])
  const capture = new AnswerCapture(res, started)
  let answered!: (answer: UpstreamAnswer) => void
  const answer = new Promise<UpstreamAnswer>((resolve) => (answered = resolve))
  let ended = false
  res.once('end', () => (ended = true))
  res.once('close', () =>
    answered({
      status,
      headers: rawHeaders,
      ...capture.result(),
      ended: ended && res.complete && !capture.tooLarge,
      durationMs: performance.now() - started,
    }),
  )
  res.on('error', () => undefined)

  let clientGone = false
  const body = nullBodyStatuses.has(status)
    ? null
    : new ReadableStream<Uint8Array>({
        start(controller) {
          res.on('data', (chunk: Buffer) => {
            capture.add(chunk)
            if (clientGone) return
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
            if ((controller.desiredSize ?? 1) <= 0) res.pause()
          })
          res.once('close', () => {
            if (clientGone) return
            if (ended && res.complete) controller.close()
            else controller.error(new TypeError('the upstream cut its answer short'))
          })
        },
        pull() {
          res.resume()
        },
        cancel() {
          // The client left: stop relaying, keep reading, so the recording gets the whole answer.
          clientGone = true
          res.resume()
        },
      })
  if (body === null) res.resume()
  const relayed = new Headers()
  for (const [name, value] of rawHeaders) if (!hopByHopHeaders.has(name.toLowerCase())) relayed.append(name, value)
  return { response: new Response(body, { status, statusText: res.statusMessage ?? '', headers: relayed }), answer }
}

/** What of an answer the recording keeps: a stream's events with their arrival times, or the body's text. */
class AnswerCapture {
  readonly #started: number
  readonly #encoding: string | undefined
  readonly #splitter: SseSplitter | undefined
  readonly #decoder = new TextDecoder()
  readonly #frames: RecordedFrame[] = []
  readonly #chunks: Buffer[] = []
  #bytes = 0
  tooLarge = false

  constructor(res: IncomingMessage, started: number) {
    this.#started = started
    const encoding = res.headers['content-encoding']?.toLowerCase()
    this.#encoding = encoding && encoding !== 'identity' ? encoding : undefined
    // A compressed stream is read whole at its end; an upstream asked for `identity` sends none.
    const stream = res.headers['content-type']?.toLowerCase().startsWith('text/event-stream') === true
    this.#splitter = stream && this.#encoding === undefined ? new SseSplitter() : undefined
  }

  add(chunk: Buffer): void {
    if (this.tooLarge) return
    this.#bytes += chunk.length
    if (this.#bytes > maxRecordedBytes) {
      this.tooLarge = true
      this.#chunks.length = 0
      this.#frames.length = 0
      return
    }
    if (!this.#splitter) {
      this.#chunks.push(chunk)
      return
    }
    const atMs = performance.now() - this.#started
    for (const data of this.#splitter.push(this.#decoder.decode(chunk, { stream: true }))) this.#frames.push({ atMs, data })
  }

  result(): { body?: string; frames?: RecordedFrame[]; tooLarge?: boolean } {
    if (this.tooLarge) return { tooLarge: true }
    if (this.#splitter) {
      const rest = this.#splitter.push(this.#decoder.decode())
      const last = this.#splitter.end()
      const atMs = performance.now() - this.#started
      for (const data of [...rest, ...(last === undefined ? [] : [last])]) this.#frames.push({ atMs, data })
      return { frames: this.#frames }
    }
    return { body: decoded(Buffer.concat(this.#chunks), this.#encoding).toString('utf8') }
  }
}

/** A body as it was before the upstream compressed it, for an upstream that did though asked not to. */
function decoded(bytes: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(bytes)
    if (encoding === 'deflate') return inflateSync(bytes)
    if (encoding === 'br') return brotliDecompressSync(bytes)
  } catch {
    // Not what it said it was: kept as it came.
  }
  return bytes
}
