import type { SurfaceName } from '../http/surface-name.ts'
import { isoTimeOf, lastIsoTimeMs } from '../time/iso-time.ts'
import { InternedStrings } from './interned-strings.ts'
import { keysInOrder, leftOut } from './keys-in-order.ts'
import { packRequestId, unpackRequestId } from './packed-request-id.ts'
import { RowRing } from './row-ring.ts'
import type { PipelineStage, RequestLogEntry } from './request-log-entry.ts'

/** How many entries a journal keeps unless told otherwise; older ones drop off so a long-running server stays small. */
export const defaultJournalLimit = 10_000

// The entry's string fields, each an interned id in a row of `#strings`.
const method = 0
const path = 1
const surface = 2
const route = 3
const model = 4
const key = 5
const code = 6
const error = 7
const stage = 8
const decidedBy = 9
const changed = 10
const stringFields = 11

// `#flags`: whether `stream` is set and to what, whether `usage` and `quota` are.
const streamFalse = 1
const streamTrue = 2
const hasUsage = 4
const hasQuota = 8

// The keys of an entry as the pipeline writes it (src/pipeline/run-pipeline.ts), in its order,
// and which of them it leaves out where they do not apply.
const pipelineKeys = [
  'requestId',
  'time',
  'method',
  'path',
  'surface',
  'route',
  'model',
  'stream',
  'key',
  'usage',
  'quota',
  'status',
  'code',
  'error',
  'stage',
  'decidedBy',
  'changed',
  'durationMs',
]
const pipelineKeysLeftOut = leftOut(pipelineKeys, ['code', 'error', 'stage', 'changed'])

/**
 * Every request the gateway answered, oldest first: time, surface, route, model, masked key,
 * status, error code, usage, quota debited, the rule or step that decided it, duration. Keeps the
 * last `limit` (default 10 000).
 *
 * Kept as columns, not as the entries themselves: numbers in typed arrays, strings interned, the
 * request id as numbers, in a ring that grows to `limit` and then reuses the oldest row. A kept
 * entry object (with its id, time and usage) outlived several young-generation collections and
 * made V8 grow its young generation under load (docs/performance.md, "Memory under load"); a row
 * costs no object at all. An entry is built when first read, equal to the one added, and kept
 * until its row is reused; one of another shape than the pipeline's is kept as it is.
 */
export class Journal {
  readonly limit: number
  readonly #names = new InternedStrings()
  readonly #rows: RowRing
  #ids = new Float64Array(0)
  #times = new Float64Array(0)
  #numbers = new Float64Array(0)
  #strings = new Uint32Array(0)
  #flags = new Uint8Array(0)
  /** Entries of another shape, kept as given, by row. */
  #whole: (RequestLogEntry | undefined)[] = []
  /**
   * Entries a read has built, by row, until the row is reused: a test that reads the journal after
   * each request builds each entry once, and gets the same objects each time, as when entries
   * were kept whole. A server nobody reads builds none.
   */
  #read: (RequestLogEntry | undefined)[] = []
  #lastTime = ''
  #lastMs = Number.NaN
  readonly #probe = new Float64Array(3)

  constructor(limit: number = defaultJournalLimit) {
    if (!(Number.isSafeInteger(limit) && limit > 0)) throw new RangeError(`Journal: limit must be a positive integer, got ${limit}`)
    this.limit = limit
    this.#rows = new RowRing(
      limit,
      (capacity) => this.#grow(capacity),
      (row) => this.#forget(row),
    )
  }

  /** A snapshot of the entries, oldest first. */
  get entries(): readonly RequestLogEntry[] {
    return this.latest(this.#rows.size)
  }

  /** The last `count` entries (all of them when fewer are kept), oldest first. */
  latest(count: number): RequestLogEntry[] {
    const rows = this.#rows
    const n = Math.min(Math.max(0, count), rows.size)
    const entries = new Array<RequestLogEntry>(n)
    for (let i = 0; i < n; i++) entries[i] = this.#entryAt(rows.rowOf(rows.size - n + i))
    return entries
  }

  /** @internal How many entries are kept. */
  get size(): number {
    return this.#rows.size
  }

  /** @internal The `index`-th kept entry, oldest first (the inspector's details keep theirs in a journal of their own). */
  at(index: number): RequestLogEntry {
    return this.#entryAt(this.#rows.rowOf(index))
  }

  /** @internal Where the entry of `requestId` is among the kept ones, oldest first; -1 when it is not kept. */
  indexOf(requestId: string): number {
    const rows = this.#rows
    const ids = this.#ids
    const probe = this.#probe
    const packed = packRequestId(requestId, probe, 0)
    for (let i = 0; i < rows.size; i++) {
      const row = rows.rowOf(i)
      const whole = this.#whole[row]
      if (whole !== undefined) {
        if (whole.requestId === requestId) return i
      } else if (packed && ids[3 * row] === probe[0] && ids[3 * row + 1] === probe[1] && ids[3 * row + 2] === probe[2]) return i
    }
    return -1
  }

  /** @internal How many distinct strings the kept entries hold (for tests: they must not pile up). */
  get stringsHeld(): number {
    return this.#names.size
  }

  add(entry: RequestLogEntry): void {
    const row = this.#rows.next()
    if (!this.#keep(entry, row)) this.#whole[row] = entry
  }

  clear(): void {
    this.#names.clear()
    this.#whole = []
    this.#read = []
    this.#rows.clear()
  }

  #grow(capacity: number): void {
    const rows = this.#rows
    this.#ids = rows.grown(this.#ids, (n) => new Float64Array(n), capacity, 3)
    this.#times = rows.grown(this.#times, (n) => new Float64Array(n), capacity, 1)
    this.#numbers = rows.grown(this.#numbers, (n) => new Float64Array(n), capacity, 5)
    this.#strings = rows.grown(this.#strings, (n) => new Uint32Array(n), capacity, stringFields)
    this.#flags = rows.grown(this.#flags, (n) => new Uint8Array(n), capacity, 1)
  }

  #forget(row: number): void {
    // Written only where a read built the row: in a server nobody reads, the write grew an empty
    // array row by row to the ring's size, new copies that outlived young-generation collections.
    if (this.#read[row] !== undefined) this.#read[row] = undefined
    if (this.#whole[row] !== undefined) {
      this.#whole[row] = undefined
      return
    }
    const strings = this.#strings
    for (let i = row * stringFields; i < (row + 1) * stringFields; i++) this.#names.release(strings[i]!)
  }

  /** Writes `entry` into `row` when it has the pipeline's shape; false when it must be kept whole. */
  #keep(entry: RequestLogEntry, row: number): boolean {
    if (!pipelineShaped(entry)) return false
    const ms = this.#msOf(entry.time)
    if (Number.isNaN(ms) || !packRequestId(entry.requestId, this.#ids, row)) return false
    this.#times[row] = ms
    const names = this.#names
    const strings = this.#strings
    const at = row * stringFields
    strings[at + method] = names.acquire(entry.method)
    strings[at + path] = names.acquire(entry.path)
    strings[at + surface] = names.acquire(entry.surface)
    strings[at + route] = names.acquire(entry.route)
    strings[at + model] = names.acquire(entry.model)
    strings[at + key] = names.acquire(entry.key)
    strings[at + code] = names.acquire(entry.code)
    strings[at + error] = names.acquire(entry.error)
    strings[at + stage] = names.acquire(entry.stage)
    strings[at + decidedBy] = names.acquire(entry.decidedBy)
    strings[at + changed] = names.acquire(entry.changed)
    const numbers = this.#numbers
    numbers[5 * row] = entry.status
    numbers[5 * row + 1] = entry.durationMs
    numbers[5 * row + 2] = entry.quota ?? 0
    numbers[5 * row + 3] = entry.usage?.promptTokens ?? 0
    numbers[5 * row + 4] = entry.usage?.completionTokens ?? 0
    this.#flags[row] =
      (entry.stream === undefined ? 0 : entry.stream ? streamTrue : streamFalse) |
      (entry.usage === undefined ? 0 : hasUsage) |
      (entry.quota === undefined ? 0 : hasQuota)
    return true
  }

  /** The time's milliseconds, NaN where they would not give back the same text. */
  #msOf(time: string): number {
    // Requests of the same millisecond share the pipeline's time string.
    if (time === this.#lastTime) return this.#lastMs
    let ms = lastIsoTimeMs(time)
    if (ms === undefined) {
      ms = Date.parse(time)
      if (!Number.isFinite(ms) || isoTimeOf(ms) !== time) return Number.NaN
    }
    this.#lastTime = time
    this.#lastMs = ms
    return ms
  }

  #entryAt(row: number): RequestLogEntry {
    return this.#whole[row] ?? (this.#read[row] ??= this.#build(row))
  }

  #build(row: number): RequestLogEntry {
    const names = this.#names
    const strings = this.#strings
    const at = row * stringFields
    const numbers = this.#numbers
    const flags = this.#flags[row]!
    // Built in the pipeline's key order; `durationMs` comes last, after the keys a failure or change adds.
    const entry = {
      requestId: unpackRequestId(this.#ids, row),
      time: isoTimeOf(this.#times[row]!),
      method: names.value(strings[at + method]!)!,
      path: names.value(strings[at + path]!)!,
      surface: names.value(strings[at + surface]!) as SurfaceName,
      route: names.value(strings[at + route]!)!,
      model: names.value(strings[at + model]!),
      stream: flags & streamTrue ? true : flags & streamFalse ? false : undefined,
      key: names.value(strings[at + key]!),
      usage: flags & hasUsage ? { promptTokens: numbers[5 * row + 3]!, completionTokens: numbers[5 * row + 4]! } : undefined,
      quota: flags & hasQuota ? numbers[5 * row + 2] : undefined,
      status: numbers[5 * row]!,
    } as RequestLogEntry
    if (strings[at + code] !== 0) entry.code = names.value(strings[at + code]!)
    if (strings[at + error] !== 0) entry.error = names.value(strings[at + error]!)
    if (strings[at + stage] !== 0) entry.stage = names.value(strings[at + stage]!) as PipelineStage
    entry.decidedBy = names.value(strings[at + decidedBy]!)
    if (strings[at + changed] !== 0) entry.changed = names.value(strings[at + changed]!)
    entry.durationMs = numbers[5 * row + 1]!
    return entry
  }
}

/**
 * Whether `entry` is as the pipeline writes it, so that the columns give it back equal, key order
 * included: the keys in the pipeline's order, each of its type, a plain usage of two counts.
 */
function pipelineShaped(entry: RequestLogEntry): boolean {
  if (Object.getPrototypeOf(entry) !== Object.prototype || !keysInOrder(entry, pipelineKeys, pipelineKeysLeftOut)) return false
  const { usage } = entry
  return (
    typeof entry.requestId === 'string' &&
    typeof entry.time === 'string' &&
    typeof entry.method === 'string' &&
    typeof entry.path === 'string' &&
    typeof entry.surface === 'string' &&
    typeof entry.route === 'string' &&
    optional(entry.model, 'string') &&
    optional(entry.stream, 'boolean') &&
    optional(entry.key, 'string') &&
    optional(entry.quota, 'number') &&
    typeof entry.status === 'number' &&
    (!('code' in entry) || typeof entry.code === 'string') &&
    (!('error' in entry) || typeof entry.error === 'string') &&
    (!('stage' in entry) || typeof entry.stage === 'string') &&
    optional(entry.decidedBy, 'string') &&
    (!('changed' in entry) || typeof entry.changed === 'string') &&
    typeof entry.durationMs === 'number' &&
    (usage === undefined || plainUsage(usage))
  )
}

function optional(value: unknown, type: 'string' | 'boolean' | 'number'): boolean {
  return value === undefined || typeof value === type
}

const usageKeys = ['promptTokens', 'completionTokens']
const usageKeysLeftOut = leftOut(usageKeys)

function plainUsage(usage: object): boolean {
  if (Object.getPrototypeOf(usage) !== Object.prototype || !keysInOrder(usage, usageKeys, usageKeysLeftOut)) return false
  const { promptTokens, completionTokens } = usage as Record<string, unknown>
  return typeof promptTokens === 'number' && typeof completionTokens === 'number'
}
