import { HttpResponse } from 'msw'
import { utf8Length } from '../bytes/utf8-length.ts'
import { feedToReadableStream, type OpenFeed } from '../streaming/open-feed.ts'
import { toReadableStream, type StreamPlan } from '../streaming/stream-plan.ts'

/** The parts a `Response` was built from, kept so the Node adapter can write them without re-reading the body. */
export interface RenderedResponse {
  status: number
  headers: Record<string, string>
  /** A complete body (text, or bytes such as audio and images), a stream to play out, or a feed that stays open until the client leaves. */
  body: string | Uint8Array | StreamPlan | OpenFeed
}

/** Whether the parts hold a complete body rather than a stream to play or a feed. */
export function isComplete(body: RenderedResponse['body']): body is string | Uint8Array {
  return typeof body === 'string' || body instanceof Uint8Array
}

/** Whether a body that is not complete is an open feed rather than a planned stream. */
export function isOpenFeed(body: StreamPlan | OpenFeed): body is OpenFeed {
  return 'open' in body
}

/**
 * A real `Response` for the parts; its body stream stops when `signal` aborts. A complete body
 * says its length, as msw's own `HttpResponse.json()` does (and the real gateway for a small
 * answer): without it msw's interception ends the emulated connection to mark the body's end,
 * which the client pays for with a torn-down socket per call. It is msw's `HttpResponse`, as a
 * handler's usually is: msw's interception takes that as it is, and copies any other `Response`
 * into one (a second body stream, the headers copied, the URL parsed) before it answers.
 */
export function toResponse(parts: RenderedResponse, signal: AbortSignal): Response {
  if (isComplete(parts.body)) {
    const length = typeof parts.body === 'string' ? textLength(parts.body) : parts.body.byteLength
    const headers = { ...parts.headers, 'content-length': String(length) }
    return new HttpResponse(parts.body as BodyInit, { status: parts.status, headers })
  }
  const body = isOpenFeed(parts.body) ? feedToReadableStream(parts.body, signal) : toReadableStream(parts.body, signal)
  return new HttpResponse(body, { status: parts.status, headers: parts.headers })
}

// The last text measured: a key's model list is the same string again and again (openai-model-list-text.ts).
let measured = { text: '', length: 0 }

/** Counted, not encoded: the Response encodes a text body itself, once. */
function textLength(text: string): number {
  if (text !== measured.text) measured = { text, length: utf8Length(text) }
  return measured.length
}

/** A Fetch `Response` view of rendered parts: the status at once, the rest from a real `Response` made on first use. */
export class PartsResponse implements Response {
  readonly status: number
  readonly #parts: RenderedResponse
  /** Its body stream stops when the request's client goes away; asked for only if a body is. */
  readonly #request: Request
  #real: Response | undefined

  constructor(parts: RenderedResponse, request: Request) {
    this.status = parts.status
    this.#parts = parts
    this.#request = request
  }

  #response(): Response {
    return (this.#real ??= toResponse(this.#parts, this.#request.signal))
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299
  }
  get statusText(): string {
    return this.#response().statusText
  }
  get headers(): Headers {
    return this.#response().headers
  }
  get type(): ResponseType {
    return this.#response().type
  }
  get url(): string {
    return this.#response().url
  }
  get redirected(): boolean {
    return this.#response().redirected
  }
  get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#response().body
  }
  get bodyUsed(): boolean {
    return this.#real?.bodyUsed ?? false
  }
  clone(): Response {
    return this.#response().clone()
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#response().arrayBuffer()
  }
  blob(): Promise<Blob> {
    return this.#response().blob()
  }
  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#response().bytes()
  }
  formData(): Promise<FormData> {
    return this.#response().formData()
  }
  json(): Promise<unknown> {
    return this.#response().json()
  }
  text(): Promise<string> {
    return this.#response().text()
  }
}
