import type { IncomingMessage } from 'node:http'

/**
 * A real Fetch `Request` for a Node request, for the members `NodeRequest` does not answer
 * itself: `headers` as the view holds them now, `body` the text read ahead or the stream already
 * handed out, else a new stream.
 */
export function toFetchRequest(
  req: IncomingMessage,
  url: string,
  headers: HeadersInit,
  body: string | ReadableStream<Uint8Array> | null | undefined,
  signal: AbortSignal,
): Request {
  const method = req.method ?? 'GET'
  const bodyless = method === 'GET' || method === 'HEAD'
  return new Request(url, {
    method,
    headers,
    signal,
    ...(!bodyless && { body: body ?? bodyStreamOf(req), duplex: 'half' }),
  })
}

/** Bodies up to this size (by `content-length`) are read whole before routing. */
const smallBody = 64 * 1024

/**
 * Whether the request declares a body small enough to read whole before routing. Read ahead as
 * text, so a multipart body (an audio upload, which is bytes) is left to stream.
 */
export function hasSmallBody(req: IncomingMessage): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false
  if (/^\s*multipart\//i.test(req.headers['content-type'] ?? '')) return false
  const length = Number(req.headers['content-length'])
  return length >= 0 && length <= smallBody
}

/** The whole body of a request for which `hasSmallBody` holds. */
export function readSmallBody(req: IncomingMessage): Promise<string> {
  // Three listeners that go with the request, rather than `for await` or listeners removed
  // afterwards: each of those cost more per request than the read itself. A client that leaves
  // mid-body makes Node destroy the request with an error ("aborted"), which rejects.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')))
    req.once('error', reject)
  })
}

/**
 * The request body as a web stream that pulls from Node on demand. Cancelling it (a body over
 * the size limit) discards the rest as it arrives instead of destroying the socket, so the
 * client still reads the 413 instead of a connection reset.
 */
export function bodyStreamOf(req: IncomingMessage): ReadableStream<Uint8Array<ArrayBuffer>> {
  const onData = (chunk: Buffer) => {
    if (settled) return
    // A socket's chunks never sit on a SharedArrayBuffer.
    controller.enqueue(new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.byteLength))
    if ((controller.desiredSize ?? 0) <= 0) req.pause()
  }
  let controller!: ReadableStreamDefaultController<Uint8Array<ArrayBuffer>>
  // The stream ends once: by the body's end, an error, the client leaving, or a cancel.
  let settled = false
  const settle = (action: () => void) => {
    if (settled) return
    settled = true
    action()
  }
  return new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      start(c) {
        controller = c
        req.pause()
        req.on('data', onData)
        req.once('end', () => settle(() => controller.close()))
        req.once('error', (error) => settle(() => controller.error(error)))
        req.once('close', () => settle(() => controller.error(new Error('The client closed the connection mid-body.'))))
      },
      pull() {
        req.resume()
      },
      cancel() {
        settled = true
        req.off('data', onData)
        req.resume()
      },
    },
    { highWaterMark: 1 },
  )
}
