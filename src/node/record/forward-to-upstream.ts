import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { AnswerCapture, type CapturedAnswer } from './answer-capture.ts'
import { hopByHopHeaders, type OutgoingRequest } from './upstream-request.ts'

/** What came back from the upstream, as the recording needs it; told once the upstream has ended its answer, however it ended. */
export interface UpstreamAnswer extends CapturedAnswer {
  status: number
  headers: [string, string][]
  /** The upstream ended the answer itself, and it was not too large to keep. */
  ended: boolean
  /** The client left while the upstream still had more to send: it did not get the whole answer. */
  clientLeft: boolean
  durationMs: number
}

export interface Forwarded {
  /** The answer to relay to the client: headers at once, then the body chunk by chunk as it arrives. */
  response: Response
  /** The whole answer, once the upstream has ended it, whether or not the client stayed to read it. */
  answer: Promise<UpstreamAnswer>
}

const nullBodyStatuses = new Set([101, 103, 204, 205, 304])

/** The connections to upstreams, one pool per scheme. */
export interface UpstreamAgents {
  http: HttpAgent
  https: HttpsAgent
  destroy(): void
}

/**
 * Pools that keep connections to the upstream open between requests; `ca`, the certificates an
 * https upstream's may be signed by (in place of Node's usual ones). No timeout is set on them
 * or on any request (Node's own `fetch` cuts a body that idles for minutes, and its global agent
 * closes sockets idle for seconds): a reasoning model may think for minutes between two frames.
 */
export function upstreamAgents(ca?: readonly string[]): UpstreamAgents {
  const http = new HttpAgent({ keepAlive: true })
  const https = new HttpsAgent({ keepAlive: true, ...(ca && { ca: [...ca] }) })
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
  res.once('close', () => {
    const durationMs = performance.now() - started
    const complete = ended && res.complete
    void capture
      .result()
      .then((captured) =>
        answered({ status, headers: rawHeaders, ...captured, ended: complete && captured.tooLarge !== true, clientLeft, durationMs }),
      )
  })
  res.on('error', () => undefined)

  let clientGone = false
  // Only a client gone before more came counts as left: one that closes on `[DONE]` had it all.
  let clientLeft = false
  const body = nullBodyStatuses.has(status)
    ? null
    : new ReadableStream<Uint8Array>({
        start(controller) {
          res.on('data', (chunk: Buffer) => {
            capture.add(chunk)
            if (clientGone) {
              clientLeft = true
              return
            }
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
