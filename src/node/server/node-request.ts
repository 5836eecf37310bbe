import type { IncomingMessage, ServerResponse } from 'node:http'
import { rawHeaderPairs, type RawHeaderSource } from '../../http/raw-header-pairs.ts'
import { bodyStreamOf, toFetchRequest } from './to-fetch-request.ts'

// Building undici's Request (with its Headers) and Response for every request cost the server more
// than the gateway's own work on a small reply (docs/performance.md). The core reads a handful of
// members (method, url, two or three headers, the body, sometimes the signal), so the adapter
// hands it views that build nothing until asked, and a real Request for anything else.

/**
 * Request-targets that `new URL` would leave as they are: no escapes or odd characters, and no
 * segment that starts with a dot (which covers `.` and `..`); dots inside a segment, as in
 * `gemini-2.5-flash`, are plain.
 */
const plainTarget = /^\/(?![/.])(?:[\w\-.~!$&'()*+,;=:@?]|\/(?!\.))*$/

/**
 * The absolute URL of a Node request, as a Fetch `Request` would spell it. Plain targets are
 * appended to the origin; anything else (dot segments, escapes) goes through `new URL`, which
 * throws on a target it cannot read. A target that starts with `/` is a path even when it starts
 * with `//` (RFC 9112 origin-form), so it is joined to the origin rather than resolved against
 * it, which would read `//host/v1/models` as another host's `/v1/models`; only absolute-form
 * targets (`http://…`, as proxies send) name their own origin.
 */
export function requestUrlOf(req: IncomingMessage, origin: string): string {
  const target = req.url ?? '/'
  if (plainTarget.test(target)) return origin + target
  return (target.startsWith('/') ? new URL(origin + target) : new URL(target, origin)).href
}

/**
 * Whether a raw header name is `lower` (a name in lower case), as Fetch compares them. Most
 * clients send their names in lower case, and only a name of the same length is lowered to be
 * compared: a request is asked about several headers, and lowering every name it sent was as much
 * work as the lookups.
 */
function sameName(field: string, lower: string): boolean {
  return field === lower || (field.length === lower.length && field.toLowerCase() === lower)
}

/**
 * A Fetch `Headers` view of a Node request's raw headers. `get` and `has` read the raw list as
 * Fetch would (case-insensitive, repeated headers joined with `, `); anything else, mutation
 * included, goes to a real `Headers` built on first use, which then answers everything.
 */
export class NodeHeaders implements Headers, RawHeaderSource {
  readonly #raw: string[]
  #real: Headers | undefined

  constructor(raw: string[]) {
    this.#raw = raw
  }

  get(name: string): string | null {
    if (this.#real) return this.#real.get(name)
    const lower = name.toLowerCase()
    const raw = this.#raw
    let value: string | null = null
    for (let i = 0; i < raw.length; i += 2) {
      if (sameName(raw[i]!, lower)) {
        const next = raw[i + 1]!.trim()
        value = value === null ? next : `${value}, ${next}`
      }
    }
    return value
  }

  /** The raw list, while nothing has made (and maybe changed) the real `Headers`. */
  [rawHeaderPairs](): readonly string[] | undefined {
    return this.#real ? undefined : this.#raw
  }

  has(name: string): boolean {
    if (this.#real) return this.#real.has(name)
    const lower = name.toLowerCase()
    const raw = this.#raw
    for (let i = 0; i < raw.length; i += 2) if (sameName(raw[i]!, lower)) return true
    return false
  }

  #headers(): Headers {
    if (!this.#real) {
      this.#real = new Headers()
      for (let i = 0; i < this.#raw.length; i += 2) this.#real.append(this.#raw[i]!, this.#raw[i + 1]!)
    }
    return this.#real
  }

  append(name: string, value: string): void {
    this.#headers().append(name, value)
  }
  delete(name: string): void {
    this.#headers().delete(name)
  }
  set(name: string, value: string): void {
    this.#headers().set(name, value)
  }
  getSetCookie(): string[] {
    return this.#headers().getSetCookie()
  }
  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    this.#headers().forEach((value, key) => callback.call(thisArg, value, key, this))
  }
  entries(): HeadersIterator<[string, string]> {
    return this.#headers().entries()
  }
  keys(): HeadersIterator<string> {
    return this.#headers().keys()
  }
  values(): HeadersIterator<string> {
    return this.#headers().values()
  }
  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.#headers()[Symbol.iterator]()
  }
}

/**
 * A Fetch `Request` view of a Node request. Method, URL and headers are read from the Node
 * request; the body becomes a web stream on first use (or is the text the adapter read ahead);
 * the signal aborts when the client goes away, made on first use. Everything else (cache mode,
 * `clone()`, `formData()`, …) comes from a real `Request` built on first use.
 */
export class NodeRequest implements Request {
  readonly method: string
  readonly url: string
  readonly headers: NodeHeaders
  readonly #req: IncomingMessage
  readonly #res: ServerResponse
  /** The whole body, when the adapter read it ahead; then no stream is ever made. */
  readonly #text: string | undefined
  #body: ReadableStream<Uint8Array<ArrayBuffer>> | null | undefined
  #signal: AbortSignal | undefined
  #real: Request | undefined
  #textRead = false

  /** Throws a `TypeError` when the request-target is not a URL. */
  constructor(req: IncomingMessage, res: ServerResponse, origin: string, text?: string) {
    this.method = req.method ?? 'GET'
    this.url = requestUrlOf(req, origin)
    this.headers = new NodeHeaders(req.rawHeaders)
    this.#req = req
    this.#res = res
    this.#text = text
  }

  /** The client went away before the answer was complete. */
  get signal(): AbortSignal {
    if (!this.#signal) {
      const aborter = new AbortController()
      const res = this.#res
      if (res.closed) {
        if (!res.writableFinished) aborter.abort()
      } else {
        res.once('close', () => {
          if (!res.writableFinished) aborter.abort()
        })
      }
      this.#signal = aborter.signal
    }
    return this.#signal
  }

  get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    if (this.#body !== undefined) return this.#body
    if (this.#text !== undefined || this.#real) return (this.#body = this.#request().body)
    return (this.#body = this.method === 'GET' || this.method === 'HEAD' ? null : bodyStreamOf(this.#req))
  }

  get bodyUsed(): boolean {
    if (this.#real) return this.#real.bodyUsed
    return this.#textRead || (this.#body?.locked ?? false)
  }

  /** The client is still sending a body that nobody read. */
  get hasUnreadBody(): boolean {
    return !this.#req.complete && this.#text === undefined && !this.bodyUsed
  }

  /**
   * Discards a body nobody read (an error answered before the route got to it) as it arrives,
   * so the client can finish sending and read the answer on a connection that stays usable.
   */
  async discardUnreadBody(): Promise<void> {
    if (!this.hasUnreadBody) return
    const body = this.#body ?? this.#real?.body
    if (body) await body.cancel().catch(() => {})
    else this.#req.resume()
  }

  async text(): Promise<string> {
    if (this.#text !== undefined && this.#body === undefined && !this.#real) {
      if (this.#textRead) throw new TypeError('Body is unusable: Body has already been read')
      this.#textRead = true
      return this.#text
    }
    return this.#request().text()
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text())
  }

  /** The real Request, sharing this view's body (and its read-ahead text). */
  #request(): Request {
    if (!this.#real) {
      const body = this.#text ?? (this.#body === undefined ? undefined : this.#body)
      this.#real = toFetchRequest(this.#req, this.url, this.headers, body, this.signal)
    }
    return this.#real
  }

  get cache(): RequestCache {
    return this.#request().cache
  }
  get credentials(): RequestCredentials {
    return this.#request().credentials
  }
  get destination(): RequestDestination {
    return this.#request().destination
  }
  get integrity(): string {
    return this.#request().integrity
  }
  get keepalive(): boolean {
    return this.#request().keepalive
  }
  get mode(): RequestMode {
    return this.#request().mode
  }
  get redirect(): RequestRedirect {
    return this.#request().redirect
  }
  get referrer(): string {
    return this.#request().referrer
  }
  get referrerPolicy(): ReferrerPolicy {
    return this.#request().referrerPolicy
  }
  clone(): Request {
    return this.#request().clone()
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#request().arrayBuffer()
  }
  blob(): Promise<Blob> {
    return this.#request().blob()
  }
  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#request().bytes()
  }
  formData(): Promise<FormData> {
    return this.#request().formData()
  }
}
