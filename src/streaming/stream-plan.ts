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
  /** A recorded stream's pace (a replay): used instead of the two above. */
  recorded?: RecordedPace
}

/**
 * When a recorded stream's frames came, as a replay plays them again: its frames need not be the
 * ones played (the surface renders the recorded content in its own pieces, and the text may have
 * been edited), so the pace is told against the content, not frame by frame.
 */
export interface RecordedPace {
  /** When the first frame came, in ms after the request. */
  firstFrameMs: number
  /** When the first frame that carried content came: the time to first token. */
  firstContentMs: number
  /** The frames that carried content, in order: how far into the content each reached (a fraction, the last 1) and when it came. */
  content: readonly { reached: number; atMs: number }[]
  /** When the last frame came. */
  lastFrameMs: number
}

/** Where a stream's frames' times go as they are written: an array, or the inspector's kept detail. */
export interface FrameTimes {
  push(at: number): unknown
}

export interface StreamPlan {
  frames: readonly StreamFrame[]
  timing: StreamTiming
  /**
   * `performance.now()` as each frame was handed to the connection, filled in by whoever plays the
   * plan when it is there (the inspector shows them); frames never sent (the client left, the
   * connection dropped) have none.
   */
  written?: FrameTimes
  /** How whoever plays the plan waits between frames: the gateway's time source. Default: real timers. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

export const instant: StreamTiming = { firstTokenMs: 0, tokensPerSecond: null }

/** The wait before each frame: time to first token before the first one that carries tokens, then tokens ÷ rate. */
export function frameDelays(plan: StreamPlan): number[] {
  const { firstTokenMs, tokensPerSecond, recorded } = plan.timing
  if (recorded !== undefined) return pacedDelays(recorded, plan.frames)
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

/**
 * The waits that play `frames` at a recorded pace. The frames before the first that carries
 * content go when the first recorded frame came; that one when the recorded content began (the
 * time to first token is kept, however many frames the recording had); each later one when the
 * recorded frame that reached as far into the content came (the place measured in tokens here,
 * in characters there); those after the content, when the last recorded frame came.
 */
function pacedDelays(pace: RecordedPace, frames: readonly StreamFrame[]): number[] {
  const total = frames.reduce((sum, frame) => sum + frame.tokens, 0)
  const lastContent = frames.findLastIndex((frame) => frame.tokens > 0)
  let spelled = 0
  let point = 0
  let previous = 0
  return frames.map((frame, index) => {
    let at: number
    if (spelled === 0 && frame.tokens === 0) at = index === frames.length - 1 ? pace.lastFrameMs : pace.firstFrameMs
    else if (index > lastContent) at = pace.lastFrameMs
    else if (spelled === 0) at = pace.firstContentMs
    else {
      const reached = (spelled + frame.tokens) / total
      // A little slack: the two sides measure the content in different units.
      while (point < pace.content.length - 1 && pace.content[point]!.reached < reached - 1e-9) point++
      at = frame.tokens === 0 ? previous : (pace.content[point]?.atMs ?? pace.lastFrameMs)
    }
    spelled += frame.tokens
    const wait = Math.max(0, at - previous)
    previous = Math.max(previous, at)
    return wait
  })
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
      if (delay > 0) await (plan.sleep ?? sleep)(delay, stopped.signal)
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
