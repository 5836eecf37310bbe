/**
 * The gateway's notion of now. Key expiry (and, later, rate windows) read this clock, so a test
 * can move time forward instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch, as the gateway sees them. */
  now(): number
  /** Moves the gateway's time forward by `ms` (never backwards). */
  advance(ms: number): void
  /** Returns to real time. */
  reset(): void
}

/** A clock on real time; `onChange` is told whenever it is advanced or reset (the inspector shows the new time). */
export function createClock(onChange?: () => void): Clock {
  let offset = 0
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`clock.advance takes a non-negative number of ms, got ${ms}`)
      offset += ms
      onChange?.()
    },
    reset() {
      offset = 0
      onChange?.()
    },
  }
}
