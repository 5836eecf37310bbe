import type { ResolvedError } from '../profiles/resolved-error.ts'
import type { OpenFeed } from '../streaming/open-feed.ts'
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
  /**
   * How this stream shows an error that breaks it, as its clients read it: each surface has its
   * own (the Responses API numbers its events and ends a failed stream with the response as it
   * stood). Told how many frames went out before the error.
   */
  renderError: StreamErrorRenderer
  headers?: Record<string, string>
}

/** An error that strikes mid-stream as SSE text, after `sent` frames. */
export type StreamErrorRenderer = (error: ResolvedError, sent: number) => string

/**
 * A complete body sent as given with its own content type: audio, an image, a transcript or
 * subtitles, the inspector's page and its files, a recorded error that was text, JSON a route
 * keeps serialised (`jsonText`).
 */
export interface RawReply {
  kind: 'raw'
  status: number
  body: Uint8Array | string
  contentType: string
  headers?: Record<string, string>
}

/** An event stream with no planned end (the inspector's live feed): it runs until the client leaves or the server closes. */
export interface FeedReply {
  kind: 'feed'
  status: number
  feed: OpenFeed
  headers?: Record<string, string>
}

export type Reply = JsonReply | StreamReply | RawReply | FeedReply

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): JsonReply {
  return { kind: 'json', status: init.status ?? 200, body, headers: init.headers }
}

/** The content type of a JSON answer. */
export const jsonContentType = 'application/json; charset=utf-8'

/** JSON the route already holds as text (a list it keeps serialised): answered as `json` answers the value. */
export function jsonText(text: string): RawReply {
  return raw(text, jsonContentType)
}

/** A complete body of `contentType`: bytes as they are, text as UTF-8. */
export function raw(
  body: Uint8Array | string,
  contentType: string,
  init: { status?: number; headers?: Record<string, string> } = {},
): RawReply {
  return { kind: 'raw', status: init.status ?? 200, body, contentType, headers: init.headers }
}

/** An open-ended event stream. */
export function feed(open: OpenFeed['open'], init: { headers?: Record<string, string> } = {}): FeedReply {
  return { kind: 'feed', status: 200, feed: { open }, headers: init.headers }
}

/** A stream reply played with a generation's timing, broken where its scenario says, the break shown by `renderError`. */
export function stream(
  frames: StreamFrame[],
  generation: { timing: StreamTiming; streamBreak?: StreamBreak },
  renderError: StreamErrorRenderer,
): StreamReply {
  return { kind: 'stream', status: 200, frames, timing: generation.timing, breakAfter: generation.streamBreak, renderError }
}
