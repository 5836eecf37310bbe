import type { StreamBreak, StreamFrame, StreamTiming } from '../streaming/stream-plan.ts'

/** What a route answers when it succeeds. Rendering (headers, request ids) happens at the boundary. */
export interface JsonReply {
  kind: 'json'
  status: number
  body: unknown
  headers?: Record<string, string>
}

/** A server-sent event stream, fully decided up front and played out with the model's timing. */
export interface StreamReply {
  kind: 'stream'
  status: number
  frames: StreamFrame[]
  timing: StreamTiming
  breakAfter?: StreamBreak
  headers?: Record<string, string>
}

export type Reply = JsonReply | StreamReply

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): JsonReply {
  return { kind: 'json', status: init.status ?? 200, body, headers: init.headers }
}

/** A stream reply played with a generation's timing, broken where its scenario says. */
export function stream(frames: StreamFrame[], generation: { timing: StreamTiming; streamBreak?: StreamBreak }): StreamReply {
  return { kind: 'stream', status: 200, frames, timing: generation.timing, breakAfter: generation.streamBreak }
}
