import type { RequestLogEntry } from './request-log-entry.ts'

/** How many entries the journal keeps; older ones drop off so a long-running server stays small. */
export const journalLimit = 10_000
const trimBatch = 1_000

/**
 * Every request the gateway answered, oldest first: time, surface, route, model, masked key,
 * status, error code, usage, quota debited, the rule or step that decided it, duration.
 */
export class Journal {
  #entries: RequestLogEntry[] = []

  /** A snapshot of the entries, oldest first. */
  get entries(): readonly RequestLogEntry[] {
    return this.#entries.slice(-journalLimit)
  }

  add(entry: RequestLogEntry): void {
    this.#entries.push(entry)
    // Trimmed in batches: dropping one entry per request would copy the whole array each time.
    if (this.#entries.length >= journalLimit + trimBatch) this.#entries.splice(0, this.#entries.length - journalLimit)
  }

  clear(): void {
    this.#entries = []
  }
}
