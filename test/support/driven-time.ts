import type { TimeSource } from '../../src/index.ts'
import { sleep } from '../../src/time/sleep.ts'

/** A gateway time source that a test drives: `createGateway({ time })`. */
export interface DrivenTime extends TimeSource {
  /** Moves the time forward by `ms`, ending every wait that is then over. */
  advance(ms: number): void
  /** Every wait the gateway asked for, in ms, in the order asked. */
  readonly asked: number[]
  /** How many waits are going: neither over nor given up (their signal aborted). */
  pending(): number
}

/**
 * The time stands still at `start` until the test advances it; a wait ends when the time passes
 * its end, or at once when its signal aborts. No verdict then depends on how fast the machine is.
 */
export function drivenTime(start = Date.UTC(2026, 0, 1)): DrivenTime {
  let now = start
  const asked: number[] = []
  const waits = new Set<{ until: number; end(): void }>()
  return {
    asked,
    now: () => now,
    sleep(ms, signal) {
      asked.push(ms)
      if (signal?.aborted) return Promise.resolve()
      return new Promise<void>((resolve) => {
        const wait = {
          until: now + ms,
          end() {
            waits.delete(wait)
            signal?.removeEventListener('abort', wait.end)
            resolve()
          },
        }
        waits.add(wait)
        signal?.addEventListener('abort', wait.end, { once: true })
      })
    },
    advance(ms) {
      now += ms
      for (const wait of [...waits]) if (wait.until <= now) wait.end()
    },
    pending: () => waits.size,
  }
}

/** Lets whatever is ready run: a few turns of the event loop, however long they take. */
export async function settle(turns = 20): Promise<void> {
  for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve))
}

/** A gateway time source whose clock stands still at `at` (the gateway's own `clock.advance` moves it) while its waits are real. */
export function frozenTime(at = Date.UTC(2026, 0, 1)): TimeSource {
  return { now: () => at, sleep }
}

/** A time source whose waits end at once and are listed, for a test that checks which waits the gateway asks for. */
export interface InstantTime extends TimeSource {
  /** Every wait the gateway asked for, in ms, in the order asked. */
  readonly asked: number[]
}

/** The clock is the wall clock; every wait is noted and over at once: a delay is proved by the wait asked, not by a call's duration. */
export function instantTime(): InstantTime {
  const asked: number[] = []
  return {
    asked,
    now: () => Date.now(),
    sleep(ms) {
      asked.push(ms)
      return Promise.resolve()
    },
  }
}
