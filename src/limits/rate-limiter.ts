import { gatewayError } from '../errors/gateway-error.ts'
import type { RateLimit } from '../world/schemas.ts'

/** One limit that applies to a request: whose it is and what it allows. */
export interface AppliedLimit {
  /** e.g. `token sk-l…ited`, `user alice`, `group vip`: shown in the 429 message. */
  label: string
  /** The counter's identity: one window per key. */
  key: string
  limit: RateLimit
}

/**
 * Counted request-rate limits over sliding windows on the gateway clock, so a test moves time
 * forward instead of sleeping. A request is counted against every limit that applies to it only
 * when all of them admit it; a refused request does not use up the window.
 */
export class RateLimiter {
  #windows = new Map<string, number[]>()

  /**
   * Counts the request, or throws 429 `rate_limit_exceeded` with `Retry-After`, `retry-after-ms`
   * and `x-ratelimit-*` headers for the limit it broke. Returns the headers for the tightest
   * limit, which a successful reply carries too.
   */
  admit(limits: readonly AppliedLimit[], now: number): Record<string, string> {
    if (limits.length === 0) return {}
    let tightest: { applied: AppliedLimit; remaining: number; resetMs: number } | undefined
    const windows = limits.map((applied) => {
      const window = this.#live(applied, now)
      const resetMs = window.length > 0 ? window[0]! + applied.limit.windowMs - now : applied.limit.windowMs
      if (window.length >= applied.limit.requests) {
        const headers = {
          ...rateHeaders(applied.limit, 0, resetMs),
          'retry-after': String(Math.ceil(resetMs / 1000)),
          'retry-after-ms': String(resetMs),
        }
        const { requests, windowMs } = applied.limit
        throw gatewayError(
          'rate_limited',
          {
            label: applied.label,
            requests,
            window: formatDuration(windowMs),
            windowMinutes: String(Math.round((windowMs / 60_000) * 100) / 100),
            retryIn: formatDuration(resetMs),
          },
          { headers },
        )
      }
      const remaining = applied.limit.requests - window.length - 1
      if (!tightest || remaining < tightest.remaining) tightest = { applied, remaining, resetMs }
      return window
    })
    for (const window of windows) window.push(now)
    return rateHeaders(tightest!.applied.limit, tightest!.remaining, tightest!.resetMs)
  }

  reset(): void {
    this.#windows.clear()
  }

  /**
   * A limit's window as it stands at `now`, read without changing it (the inspector shows it):
   * the requests counted in it, and in how many ms the oldest of them leaves it (none when empty).
   */
  usage(applied: AppliedLimit, now: number): { used: number; resetMs?: number } {
    const window = this.#windows.get(applied.key) ?? []
    const start = now - applied.limit.windowMs
    const live = window.filter((at) => at > start)
    return live.length === 0 ? { used: 0 } : { used: live.length, resetMs: live[0]! + applied.limit.windowMs - now }
  }

  #live(applied: AppliedLimit, now: number): number[] {
    let window = this.#windows.get(applied.key)
    if (!window) {
      window = []
      this.#windows.set(applied.key, window)
    }
    const start = now - applied.limit.windowMs
    while (window.length > 0 && window[0]! <= start) window.shift()
    return window
  }
}

function rateHeaders(limit: RateLimit, remaining: number, resetMs: number): Record<string, string> {
  return {
    'x-ratelimit-limit-requests': String(limit.requests),
    'x-ratelimit-remaining-requests': String(remaining),
    'x-ratelimit-reset-requests': formatDuration(resetMs),
  }
}

/** OpenAI's duration style: `450ms`, `2s`, `1m30s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.ceil(ms))}ms`
  const seconds = Math.ceil(ms / 1000)
  const minutes = Math.floor(seconds / 60)
  return minutes > 0 ? `${minutes}m${seconds % 60}s` : `${seconds}s`
}
