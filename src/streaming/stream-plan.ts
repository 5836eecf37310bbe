import type { GatewayError } from '../errors/gateway-error.ts'
import { sleep } from '../time/sleep.ts'

/** One write of a stream: its text and how many generated tokens it carries (for timing). */
export interface StreamFrame {
  text: string
  tokens: number
  /** Drop the connection here instead of writing (a scenario's broken stream). */
  disconnect?: boolean
}

/** Where and how a scenario breaks a stream. */
export interface StreamBreak {
  /** Content chunks sent before the break. */
  afterChunks: number
  /** An error event in the surface's own form… */
  error?: GatewayError
  /** …or a dropped connection. */
  disconnect?: boolean
}

/**
 * The frames up to the break: everything before the content chunk after `afterChunks` (or after
 * the last content chunk, so a break never follows the stream's own ending), then the surface's
 * error event, or a disconnect. `renderError` is told how many frames went out before it, for
 * streams whose events are numbered.
 */
export function breakFrames(
  frames: readonly StreamFrame[],
  at: StreamBreak,
  renderError: (error: GatewayError, sent: number) => string,
): StreamFrame[] {
  let cut = 0
  let chunks = 0
  for (const [index, frame] of frames.entries()) {
    if (frame.tokens === 0) continue
    if (chunks === at.afterChunks) break
    chunks += 1
    cut = index + 1
  }
  // Frames before the first content chunk (role, message_start, …) always go out.
  if (chunks === 0)
    cut = Math.max(
      0,
      frames.findIndex((frame) => frame.tokens > 0),
    )
  const kept = frames.slice(0, cut)
  kept.push(at.error ? { text: renderError(at.error, kept.length), tokens: 0 } : { text: '', tokens: 0, disconnect: true })
  return kept
}

export interface StreamTiming {
  firstTokenMs: number
  /** null: no delay between tokens. */
  tokensPerSecond: number | null
  /**
   * The wait before each frame of a recorded stream, in ms (a replay): used instead of the two
   * above. When the stream played has as many frames, each gets its own; otherwise the first
   * keeps the recorded wait and the rest of the recorded time is spread evenly over the others.
   */
  recordedDelaysMs?: readonly number[]
}

export interface StreamPlan {
  frames: readonly StreamFrame[]
  timing: StreamTiming
  /**
   * `performance.now()` as each frame was handed to the connection, filled in by whoever plays the
   * plan when it is there (the inspector shows them); frames never sent (the client left, the
   * connection dropped) have none.
   */
  written?: number[]
}

export const instant: StreamTiming = { firstTokenMs: 0, tokensPerSecond: null }

/** The wait before each frame: time to first token before the first one that carries tokens, then tokens ÷ rate. */
export function frameDelays(plan: StreamPlan): number[] {
  const { firstTokenMs, tokensPerSecond, recordedDelaysMs } = plan.timing
  if (recordedDelaysMs !== undefined) return spreadDelays(recordedDelaysMs, plan.frames.length)
  let first = true
  return plan.frames.map((frame) => {
    if (frame.tokens === 0) return 0
    if (first) {
      first = false
      return firstTokenMs
    }
    return tokensPerSecond === null ? 0 : (frame.tokens * 1000) / tokensPerSecond
  })
}

/** Recorded waits fitted to `count` frames (see `StreamTiming.recordedDelaysMs`). */
function spreadDelays(recorded: readonly number[], count: number): number[] {
  if (recorded.length === count) return [...recorded]
  if (count === 0) return []
  const rest = recorded.slice(1).reduce((sum, delay) => sum + delay, 0)
  const each = count > 1 ? rest / (count - 1) : 0
  return Array.from({ length: count }, (_, index) => (index === 0 ? (recorded[0] ?? 0) : each))
}

/**
 * The plan as a byte stream (the in-process path). Cancelling it, or aborting `signal`, stops
 * it at once and clears its timer.
 */
export function toReadableStream(plan: StreamPlan, signal?: AbortSignal | null): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const delays = frameDelays(plan)
  let index = 0
  const stopped = new AbortController()
  const stop = () => stopped.abort()

  return new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener(
        'abort',
        () => {
          stop()
          try {
            controller.error(signal.reason)
          } catch {
            // Already closed.
          }
        },
        { once: true },
      )
    },
    async pull(controller) {
      const delay = delays[index] ?? 0
      if (delay > 0) await sleep(delay, stopped.signal)
      if (stopped.signal.aborted) return
      const frame = plan.frames[index]!
      if (frame.disconnect) {
        stop()
        // msw tears its socket down a tick after the body errors; the chunks already enqueued
        // must reach the client first. Then it sees what a dropped socket gives (undici: "terminated").
        await new Promise((resolve) => setTimeout(resolve, 0))
        controller.error(new TypeError('terminated'))
        return
      }
      controller.enqueue(encoder.encode(frame.text))
      plan.written?.push(performance.now())
      index += 1
      if (index >= plan.frames.length) controller.close()
    },
    cancel: stop,
  })
}
