import { sleep } from '../time/sleep.ts'
import { frameDelays, type StreamPlan } from './stream-plan.ts'

/** How a stream plan's frames ended on a socket. */
export type SocketPlayback = 'done' | 'dropped' | 'stopped'

/**
 * Plays a stream plan out on a WebSocket with the model's timing: each frame's text is one or
 * more messages, a line each. A disconnect frame drops the connection; `stop` aborting ends the
 * playback where it is (a client that left, a cancelled response). `sent` is told of each frame as
 * it goes, in the same turn, so what follows the last one is settled before the client can answer it;
 * the plan's `written` gets each frame's time, for the inspector.
 */
export async function playOnSocket(
  plan: StreamPlan,
  socket: { send(text: string): void; drop(): void },
  stop: AbortSignal,
  sent: (frames: number, of: number) => void = () => {},
): Promise<SocketPlayback> {
  const delays = frameDelays(plan)
  for (const [index, frame] of plan.frames.entries()) {
    const delay = delays[index] ?? 0
    if (delay > 0) await (plan.sleep ?? sleep)(delay, stop)
    if (stop.aborted) return 'stopped'
    if (frame.disconnect) {
      socket.drop()
      return 'dropped'
    }
    for (const line of frame.text.split('\n')) if (line !== '') socket.send(line)
    plan.written?.push(performance.now())
    sent(index + 1, plan.frames.length)
  }
  return 'done'
}
