import type { RequestLogEntry } from './request-log-entry.ts'

/** How many entries a journal keeps unless told otherwise; older ones drop off so a long-running server stays small. */
export const defaultJournalLimit = 10_000

/**
 * Every request the gateway answered, oldest first: time, surface, route, model, masked key,
 * status, error code, usage, quota debited, the rule or step that decided it, duration. Keeps the
 * last `limit` (default 10 000).
 */
export class Journal {
  readonly limit: number
  // Trimmed in batches: dropping one entry per request would copy the whole array each time.
  readonly #trimBatch: number
  #entries: RequestLogEntry[] = []

  constructor(limit: number = defaultJournalLimit) {
    if (!(Number.isSafeInteger(limit) && limit > 0)) throw new RangeError(`Journal: limit must be a positive integer, got ${limit}`)
    this.limit = limit
    this.#trimBatch = Math.min(1_000, limit)
  }

  /** A snapshot of the entries, oldest first. */
  get entries(): readonly RequestLogEntry[] {
    return this.#entries.slice(-this.limit)
  }

  add(entry: RequestLogEntry): void {
    this.#entries.push(entry)
    if (this.#entries.length >= this.limit + this.#trimBatch) this.#entries.splice(0, this.#entries.length - this.limit)
  }

  clear(): void {
    this.#entries = []
  }
}
