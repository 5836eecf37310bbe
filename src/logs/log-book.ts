import type { GatewayLog } from './gateway-log.ts'

/**
 * The gateway's log table: consume logs of billed requests, top-ups, management actions and (when
 * the world turns them on) relay errors. Keeps the last `limit` rows, as the journal does, and is
 * emptied by a reset.
 */
export class LogBook {
  readonly limit: number
  #rows: GatewayLog[] = []
  #lastId = 0

  constructor(limit: number) {
    this.limit = limit
  }

  /** Writes a row with the next id: taken at once, so rows written by concurrent requests never share one. */
  add(row: Omit<GatewayLog, 'id'>): GatewayLog {
    const written = { ...row, id: ++this.#lastId }
    this.#rows.push(written)
    // Trimmed in batches, as the journal is, so that a full book does not copy itself on every row.
    if (this.#rows.length >= this.limit + Math.min(1_000, this.limit)) this.#rows.splice(0, this.#rows.length - this.limit)
    return written
  }

  /** Every row kept, oldest first. */
  all(): readonly GatewayLog[] {
    return this.#rows.length > this.limit ? this.#rows.slice(-this.limit) : this.#rows
  }

  /** Removes the rows `drop` picks; answers how many went (of the rows kept: those past the limit are gone already). */
  delete(drop: (row: GatewayLog) => boolean): number {
    if (this.#rows.length > this.limit) this.#rows.splice(0, this.#rows.length - this.limit)
    const before = this.#rows.length
    this.#rows = this.#rows.filter((row) => !drop(row))
    return before - this.#rows.length
  }

  clear(): void {
    this.#rows = []
    this.#lastId = 0
  }
}
