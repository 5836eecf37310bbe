import { sleep } from './sleep.ts'

/**
 * The gateway's notion of now. Key expiry, rate windows, scenario delays and stream pacing read
 * this clock, so a test can move time forward instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch, as the gateway sees them. */
  now(): number
  /** Moves the gateway's time forward by `ms` (never backwards). */
  advance(ms: number): void
  /** Returns to real time. */
  reset(): void
  /** Waits `ms` on the gateway's time source, or less if `signal` aborts first: scenario delays and stream pacing. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

/**
 * Where a gateway's time comes from (`createGateway({ time })`): the system's by default. A test
 * passes its own to freeze the time and to end the gateway's waits when it chooses.
 */
export interface TimeSource {
  /** Milliseconds since the epoch. */
  now(): number
  /** Resolves after `ms`, or as soon as `signal` aborts; must not outlive either. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

/** The system's time: `Date.now` and timers. */
export const systemTime: TimeSource = { now: () => Date.now(), sleep }

/** A clock on `source` (real time by default); `onChange` is told whenever it is advanced or reset (the inspector shows the new time). */
export function createClock(onChange?: () => void, source: TimeSource = systemTime): Clock {
  let offset = 0
  return {
    now: () => source.now() + offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`clock.advance takes a non-negative number of ms, got ${ms}`)
      offset += ms
      onChange?.()
    },
    reset() {
      offset = 0
      onChange?.()
    },
    sleep: (ms, signal) => source.sleep(ms, signal),
  }
}
