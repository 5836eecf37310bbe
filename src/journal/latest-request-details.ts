import type { RequestDetail } from './request-detail.ts'

/** How many of the latest requests keep their bodies and stream frames unless told otherwise. */
export const defaultDetailLimit = 100

/**
 * The latest requests in detail (bodies, stream frames and their times), for the inspector: a ring
 * of `limit` entries, so keeping one costs a slot and no copy. A limit of 0 keeps none.
 */
export class RequestDetails {
  readonly limit: number
  // Grows to `limit`, then each new detail takes the oldest one's slot.
  #ring: RequestDetail[] = []
  #next = 0

  constructor(limit: number = defaultDetailLimit) {
    if (!(Number.isSafeInteger(limit) && limit >= 0))
      throw new RangeError(`RequestDetails: limit must be a non-negative integer, got ${limit}`)
    this.limit = limit
  }

  add(detail: RequestDetail): void {
    if (this.limit === 0) return
    if (this.#ring.length < this.limit) {
      this.#ring.push(detail)
      return
    }
    this.#ring[this.#next] = detail
    this.#next = (this.#next + 1) % this.limit
  }

  /** The request's detail, while it is among the last `limit`. */
  get(requestId: string): RequestDetail | undefined {
    return this.#ring.find((detail) => detail.entry.requestId === requestId)
  }

  clear(): void {
    this.#ring = []
    this.#next = 0
  }
}
