type Column = Float64Array | Uint32Array | Uint8Array | Int32Array

/**
 * The rows of a store kept as columns (the journal, the log book): a ring that grows to `limit`
 * rows, doubling from 64, and then reuses the oldest. The store keeps the columns; the ring says
 * which row a record goes in and where the kept ones are.
 */
export class RowRing {
  readonly limit: number
  /** How many rows the columns have room for. */
  capacity = 0
  /** How many records are kept. */
  size = 0
  #start = 0
  readonly #grow: (capacity: number) => void
  readonly #reuse: (row: number) => void

  /**
   * @param grow makes room for `capacity` rows, keeping the first `size` (only before the ring
   *   first wraps, when the rows start at 0)
   * @param reuse lets go of what the oldest row holds, just before a record takes it
   */
  constructor(limit: number, grow: (capacity: number) => void, reuse: (row: number) => void) {
    this.limit = limit
    this.#grow = grow
    this.#reuse = reuse
  }

  /** The row the next record goes in. */
  next(): number {
    if (this.size < this.limit) {
      if (this.size === this.capacity) {
        const capacity = Math.min(this.limit, Math.max(64, this.capacity * 2))
        this.#grow(capacity)
        this.capacity = capacity
      }
      return this.size++
    }
    const row = this.#start
    this.#start = (this.#start + 1) % this.capacity
    this.#reuse(row)
    return row
  }

  /** The row of the `index`-th record kept, oldest first. */
  rowOf(index: number): number {
    return (this.#start + index) % this.capacity
  }

  clear(): void {
    this.#start = 0
    this.size = 0
    this.capacity = 0
  }

  /** `old` with room for `capacity` rows of `width` values, the ring's kept rows copied over. */
  grown<T extends Column>(old: T, make: (length: number) => T, capacity: number, width: number): T {
    const next = make(capacity * width)
    next.set(old.subarray(0, this.size * width))
    return next
  }
}
