import type { ConversationView } from '../conversation/conversation-view.ts'
import { rawPairsOf } from '../http/raw-header-pairs.ts'
import type { FrameTimes, StreamFrame, StreamPlan, StreamTiming } from '../streaming/stream-plan.ts'
import { Journal } from './journal.ts'
import type { ComposedReply, KeptStream, KeptText, Refusal, ReportedDetail, RequestDetail } from './request-detail.ts'
import { RowRing } from './row-ring.ts'
import { isWellFormed, TextRows } from './text-rows.ts'

/** How many of the latest requests keep their bodies and stream frames unless told otherwise. */
export const defaultDetailLimit = 100

// The texts of a detail, in the order they go into the row's bytes (`#ends`, `#kinds`).
const url = 0
const requestBody = 1
const headers = 2
const reply = 3
const texts = 4

// How each text is kept (`#kinds`).
const absent = 0
const inBytes = 1
/** As given, in `#refs`: a text with a lone surrogate, a `Headers` that is not a view over raw lines. */
const asGiven = 2
const omittedChars = 3
const omittedBytes = 4
/** The reply only: a stream, its frames and timing in `#refs`, its frames' times in `#frameTimes`. */
const stream = 5
/** In `#refs`: a text equal to the one kept before it in the field, which it refers to. */
const repeated = 6

// `#refs`, per row: the texts kept as given (by their index above), then these.
const timing = 4
const worldKey = 5
const composed = 6
const refusal = 7
const conversation = 8
const refWidth = 9

const meetsCodes = [null, 'request', 'handshake'] as const

/**
 * The latest requests in detail (bodies, stream frames and their times), for the inspector: the
 * last `limit` of them. A limit of 0 keeps none.
 *
 * Kept as columns, as the journal is, not as the details themselves: the entry in a journal of
 * their own, the texts (URL, request body, header lines, reply) as UTF-8 in a buffer per row
 * that the next detail in the row reuses, numbers in typed arrays, and references only to what
 * the gateway holds anyway (the world's key, a stream's frames shared by identical requests, the
 * profile of a refusal). Every detail kept as an object of its own, with its URL, headers and
 * texts, survived the young-generation collections that came while it was among the last 100,
 * and made V8 grow its young generation under load (docs/performance.md, "Memory under load").
 * A detail is built when read, equal to the one reported.
 */
export class RequestDetails {
  readonly limit: number
  readonly #rows: RowRing
  readonly #entries: Journal
  readonly #texts = new TextRows()
  readonly #frameTimes = new FrameTimeRows()
  /** Per row: `startedAt`, then the request body's and the reply's omitted lengths. */
  #numbers = new Float64Array(0)
  /** Per row: the byte offset where each text ends in the row's bytes. */
  #ends = new Uint32Array(0)
  /** Per row: how each text is kept, then what steps meet of it (`meetsCodes`). */
  #kinds = new Uint8Array(0)
  #refs: unknown[] = []
  /** The last text kept in each field. */
  #last: (string | undefined)[] = []
  /** The header lines the last headers text was joined from (`#last[headers]`): the same lines again need no join. */
  #lastHeaderLines: readonly string[] | undefined

  constructor(limit: number = defaultDetailLimit) {
    if (!(Number.isSafeInteger(limit) && limit >= 0))
      throw new RangeError(`RequestDetails: limit must be a non-negative integer, got ${limit}`)
    this.limit = limit
    this.#entries = new Journal(Math.max(1, limit))
    this.#rows = new RowRing(
      limit,
      (capacity) => this.#grow(capacity),
      () => {},
    )
  }

  /**
   * Keeps `detail`. A stream's plan is still being played: its `written` is taken over, so that
   * the times of the frames that go out from now on are kept in the row.
   */
  add(detail: ReportedDetail): void {
    if (this.limit === 0) return
    const row = this.#rows.next()
    // The journal's ring fills and reuses in step with this one: the n-th entry is the n-th detail.
    this.#entries.add(detail.entry)
    this.#texts.start(row)
    this.#numbers[3 * row] = detail.startedAt
    this.#kinds[(texts + 1) * row + texts] = meetsCodes.indexOf(detail.meets)
    const refs = this.#refs
    const at = refWidth * row
    for (let i = 0; i < refWidth; i++) refs[at + i] = undefined
    refs[at + worldKey] = detail.worldKey
    refs[at + composed] = detail.composed
    refs[at + refusal] = detail.refusal
    refs[at + conversation] = detail.conversation
    this.#putText(row, url, detail.url)
    this.#putKept(row, requestBody, detail.requestBody)
    this.#putHeaders(row, detail.headers)
    const answer = detail.reply
    if (typeof answer === 'object' && 'frames' in answer) this.#putStream(row, answer)
    else {
      this.#frameTimes.start(row, 0, false)
      this.#putKept(row, reply, answer)
    }
  }

  /** The request's detail, while it is among the last `limit`. */
  get(requestId: string): RequestDetail | undefined {
    const index = this.#entries.indexOf(requestId)
    if (index === -1) return undefined
    return this.#build(this.#rows.rowOf(index), this.#entries.at(index))
  }

  clear(): void {
    this.#entries.clear()
    this.#texts.clear()
    this.#frameTimes.clear()
    this.#refs = []
    this.#last = []
    this.#lastHeaderLines = undefined
    this.#rows.clear()
  }

  #grow(capacity: number): void {
    const rows = this.#rows
    this.#numbers = rows.grown(this.#numbers, (n) => new Float64Array(n), capacity, 3)
    this.#ends = rows.grown(this.#ends, (n) => new Uint32Array(n), capacity, texts)
    this.#kinds = rows.grown(this.#kinds, (n) => new Uint8Array(n), capacity, texts + 1)
  }

  /**
   * Keeps a text in the row's bytes, or as given when UTF-8 would not give it back. A text equal
   * to the last one kept in the field (the model list a key is answered with, the same URL and
   * header lines again) is kept as a reference to that one, which is kept anyway: no copy, no bytes.
   */
  #putText(row: number, field: number, text: string): void {
    const end = field === 0 ? 0 : this.#ends[texts * row + field - 1]!
    const last = this.#last[field]
    if (text === last) {
      this.#ends[texts * row + field] = end
      this.#kinds[(texts + 1) * row + field] = repeated
      this.#refs[refWidth * row + field] = last
    } else if (isWellFormed(text)) {
      this.#last[field] = text
      this.#ends[texts * row + field] = this.#texts.append(row, text)
      this.#kinds[(texts + 1) * row + field] = inBytes
    } else {
      this.#ends[texts * row + field] = end
      this.#kinds[(texts + 1) * row + field] = asGiven
      this.#refs[refWidth * row + field] = text
      this.#last[field] = text
    }
  }

  #putKept(row: number, field: typeof requestBody | typeof reply, kept: KeptText | undefined): void {
    if (typeof kept === 'string') return this.#putText(row, field, kept)
    this.#ends[texts * row + field] = this.#ends[texts * row + field - 1]!
    const kinds = this.#kinds
    const kind = (texts + 1) * row + field
    if (kept === undefined) kinds[kind] = absent
    else if ('omittedChars' in kept) {
      kinds[kind] = omittedChars
      this.#numbers[3 * row + (field === requestBody ? 1 : 2)] = kept.omittedChars
    } else {
      kinds[kind] = omittedBytes
      this.#numbers[3 * row + (field === requestBody ? 1 : 2)] = kept.omittedBytes
    }
  }

  /** Header lines as received (a view over them), else the `Headers` as given. */
  #putHeaders(row: number, given: Headers | undefined): void {
    const raw = given && rawPairsOf(given)
    // A client sends the same header lines request after request: compared line by line, they
    // are the text kept last, with no join and no check of each line again.
    const lastLines = this.#lastHeaderLines
    if (raw && lastLines !== undefined && sameLines(raw, lastLines)) return this.#putText(row, headers, this.#last[headers]!)
    if (raw && raw.every(onOneLine)) {
      this.#lastHeaderLines = raw
      return this.#putText(row, headers, raw.join('\n'))
    }
    this.#ends[texts * row + headers] = this.#ends[texts * row + headers - 1]!
    this.#kinds[(texts + 1) * row + headers] = given === undefined ? absent : asGiven
    this.#refs[refWidth * row + headers] = given
  }

  #putStream(row: number, plan: StreamPlan): void {
    this.#ends[texts * row + reply] = this.#ends[texts * row + reply - 1]!
    this.#kinds[(texts + 1) * row + reply] = stream
    this.#refs[refWidth * row + reply] = plan.frames
    this.#refs[refWidth * row + timing] = plan.timing
    const given = plan.written
    this.#frameTimes.start(row, plan.frames.length, given !== undefined)
    if (given === undefined) return
    if (Array.isArray(given)) for (const at of given as number[]) this.#frameTimes.note(row, at)
    plan.written = this.#frameTimes.sinkOf(row)
  }

  #build(row: number, entry: RequestDetail['entry']): RequestDetail {
    const refs = this.#refs
    const at = refWidth * row
    const given = refs[at + conversation] as (() => ConversationView | undefined) | undefined
    const refused = refs[at + refusal] as Refusal | undefined
    const rawHeaders = this.#kinds[(texts + 1) * row + headers] === asGiven ? undefined : this.#text(row, headers)
    return {
      entry,
      url: this.#text(row, url)!,
      startedAt: this.#numbers[3 * row]!,
      requestBody: this.#kept(row, requestBody),
      headers: rawHeaders === undefined ? (refs[at + headers] as Headers | undefined) : headersOf(rawHeaders),
      ...(given && { conversation: given }),
      reply: this.#kinds[(texts + 1) * row + reply] === stream ? this.#stream(row) : (this.#kept(row, reply) ?? ''),
      meets: meetsCodes[this.#kinds[(texts + 1) * row + texts]!]!,
      worldKey: refs[at + worldKey] as string | undefined,
      composed: refs[at + composed] as ComposedReply | undefined,
      ...(refused && { refusal: refused }),
    }
  }

  #text(row: number, field: number): string | undefined {
    const kind = this.#kinds[(texts + 1) * row + field]
    if (kind === asGiven || kind === repeated) return this.#refs[refWidth * row + field] as string
    if (kind !== inBytes) return undefined
    const from = field === 0 ? 0 : this.#ends[texts * row + field - 1]!
    return this.#texts.read(row, from, this.#ends[texts * row + field]!)
  }

  #kept(row: number, field: typeof requestBody | typeof reply): KeptText | undefined {
    const kind = this.#kinds[(texts + 1) * row + field]
    const length = this.#numbers[3 * row + (field === requestBody ? 1 : 2)]!
    if (kind === omittedChars) return { omittedChars: length }
    if (kind === omittedBytes) return { omittedBytes: length }
    return this.#text(row, field)
  }

  #stream(row: number): KeptStream {
    const at = refWidth * row
    const frames = this.#refs[at + reply] as readonly StreamFrame[]
    const written = this.#frameTimes.times(row)
    return { frames, timing: this.#refs[at + timing] as StreamTiming, ...(written && { written }) }
  }
}

/** Whether two lists of header lines are the same lines in the same order. */
function sameLines(lines: readonly string[], others: readonly string[]): boolean {
  if (lines.length !== others.length) return false
  for (let i = 0; i < lines.length; i++) if (lines[i] !== others[i]) return false
  return true
}

/** A header line's name or value has no line break (an HTTP/1 parser lets none through), and UTF-8 gives it back. */
function onOneLine(text: string): boolean {
  return !text.includes('\n') && isWellFormed(text)
}

/** The `Headers` a view over these raw lines makes (src/node/server/node-request.ts). */
function headersOf(lines: string): Headers {
  const result = new Headers()
  if (lines === '') return result
  const parts = lines.split('\n')
  for (let i = 0; i + 1 < parts.length; i += 2) result.append(parts[i]!, parts[i + 1]!)
  return result
}

/**
 * The times of each row's stream frames, in a `Float64Array` of the row's own that the next
 * stream in the row reuses. A row's sink writes only while the row holds its stream: one that
 * is still playing when its row is reused (a slow stream among many quick requests) stops noting.
 */
class FrameTimeRows {
  #times: Float64Array[] = []
  #counts: number[] = []
  /** Per row: the stream it holds, numbered across rows; -1: a stream that notes no times. */
  #streams: number[] = []
  #next = 0

  start(row: number, frames: number, noted: boolean): void {
    this.#counts[row] = 0
    this.#streams[row] = noted ? this.#next++ : -1
    if ((this.#times[row]?.length ?? 0) < frames) this.#times[row] = new Float64Array(Math.max(8, frames))
  }

  /** Clears every row, `start` not called: a row that held no stream notes nothing. */
  clear(): void {
    this.#times = []
    this.#counts = []
    this.#streams = []
  }

  note(row: number, at: number): void {
    let times = this.#times[row]!
    const count = this.#counts[row]!
    if (count === times.length) {
      const larger = new Float64Array(2 * times.length)
      larger.set(times)
      this.#times[row] = times = larger
    }
    times[count] = at
    this.#counts[row] = count + 1
  }

  sinkOf(row: number): FrameTimes {
    return new FrameSink(this, row, this.#streams[row]!)
  }

  /** Whether the row still holds stream `stream`. */
  holds(row: number, stream: number): boolean {
    return this.#streams[row] === stream
  }

  times(row: number): number[] | undefined {
    if (this.#streams[row] === -1) return undefined
    return Array.from(this.#times[row]!.subarray(0, this.#counts[row]))
  }
}

/** Where a playing stream's frame times go: its row, while the row holds it. */
class FrameSink implements FrameTimes {
  readonly #rows: FrameTimeRows
  readonly #row: number
  readonly #stream: number

  constructor(rows: FrameTimeRows, row: number, stream: number) {
    this.#rows = rows
    this.#row = row
    this.#stream = stream
  }

  push(at: number): void {
    if (this.#rows.holds(this.#row, this.#stream)) this.#rows.note(this.#row, at)
  }
}
