import type { ServerResponse } from 'node:http'
import { sleep } from '../../time/sleep.ts'
import { frameDelays, type StreamFrame, type StreamPlan } from '../../streaming/stream-plan.ts'

/**
 * Plays a stream out to a Node response: at once when it has no delays, else frame by frame on
 * timers, honouring backpressure. A client that goes away stops it and clears its timer; a
 * disconnect frame drops the connection as a failing upstream would.
 */
export async function writeStreamPlan(plan: StreamPlan, res: ServerResponse): Promise<void> {
  const delays = frameDelays(plan)
  const cut = plan.frames.findIndex((frame) => frame.disconnect)
  if (delays.every((delay) => delay === 0)) {
    const frames = cut === -1 ? plan.frames : plan.frames.slice(0, cut)
    const text = textOf(frames)
    if (cut === -1) res.end(text)
    else res.write(text, () => res.destroy())
    noteWritten(plan, frames.length)
    return
  }

  const gone = new AbortController()
  const stop = () => gone.abort()
  res.once('close', stop)
  try {
    for (const [index, frame] of plan.frames.entries()) {
      const delay = delays[index] ?? 0
      if (delay > 0) await (plan.sleep ?? sleep)(delay, gone.signal)
      if (res.destroyed) return
      if (frame.disconnect) {
        // Let what was written reach the client before the connection drops.
        await new Promise<void>((resolve) => res.write('', () => resolve()))
        res.destroy()
        return
      }
      const flushed = res.write(frame.text)
      plan.written?.push(performance.now())
      if (!flushed) await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve))
    }
    if (!res.destroyed) res.end()
  } finally {
    res.off('close', stop)
  }
}

// A stream's whole text, by its frames when they are frozen, as the UTF-8 bytes Node writes for
// it: identical requests share their frames (chat-stream.ts), and joining them, then encoding the
// text (a third of the instructions of a 50-chunk stream), was much of writing a stream without delays.
const joined = new WeakMap<readonly StreamFrame[], Buffer>()

function textOf(frames: readonly StreamFrame[]): string | Buffer {
  const known = joined.get(frames)
  if (known !== undefined) return known
  const text = frames.map((frame) => frame.text).join('')
  if (!Object.isFrozen(frames) || !frames.every(Object.isFrozen)) return text
  const bytes = Buffer.from(text, 'utf8')
  joined.set(frames, bytes)
  return bytes
}

/** Notes `count` frames as written now, all at once. */
function noteWritten(plan: StreamPlan, count: number): void {
  const written = plan.written
  if (!written) return
  const now = performance.now()
  for (let i = 0; i < count; i++) written.push(now)
}
