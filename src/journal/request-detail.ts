import type { SurfaceName } from '../http/surface-name.ts'
import type { EnvelopeName, Language, Profile } from '../profiles/profile-type.ts'
import type { ResolvedError } from '../profiles/resolved-error.ts'
import type { StreamFrame, StreamPlan, StreamTiming } from '../streaming/stream-plan.ts'
import type { RequestLogEntry } from './request-log-entry.ts'
import type { ConversationView } from '../conversation/conversation-view.ts'

/**
 * A body kept as the text the gateway read or wrote, or only its length when it was too long to
 * keep, or when it is binary (audio, an image), which the page would not show as text anyway.
 */
export type KeptText = string | { omittedChars: number } | { omittedBytes: number }

/** Bodies longer than this many characters are kept as their length only, so a few huge prompts cannot hold the memory. */
export const maxKeptChars = 1024 * 1024

/** `text` when it is short enough to keep, else its length. */
export function keptText(text: string | Uint8Array): KeptText {
  if (typeof text !== 'string') return { omittedBytes: text.byteLength }
  return text.length <= maxKeptChars ? text : { omittedChars: text.length }
}

/**
 * What a route answered that a scenario step's `then.reply` gives back to answer the same: the
 * text and tool calls a generation composed (a transcript, an image's revised prompt, the text a
 * speech says), the categories a moderation flagged, the scores a rerank gave.
 */
export interface ComposedReply {
  text?: string
  toolCalls?: readonly { name: string; arguments: Record<string, unknown>; input?: string }[]
  reasoning?: string
  moderation?: { categories: readonly string[] }
  scores?: readonly number[]
}

/**
 * One request as the inspector shows it in detail: references to what the pipeline already held
 * (the URL, the headers, the body text it read, the rendered answer), never copies. Headers carry
 * credentials: they are masked when shown.
 */
export interface RequestDetail {
  entry: RequestLogEntry
  /** The URL as received; its query may hold a key (`?key=`), which is masked when shown. */
  url: string
  /** `performance.now()` when the request arrived: stream frames' times count from it. */
  startedAt: number
  /** The body as read, for routes that read one. */
  requestBody?: KeptText
  /** The request's headers as received (a response on a WebSocket: its handshake's). */
  headers?: Headers
  /** The conversation as `when`'s content fields read it, read when the detail is shown; undefined where it carries none. */
  conversation?: () => ConversationView | undefined
  /** The answer's body: its JSON text, or the stream as planned, with the times its frames went out. */
  reply: KeptText | KeptStream
  /**
   * What scenario steps can meet of it: a generation request, a WebSocket handshake (a step with
   * `upgrade: true`), or nothing (steps meet generations and handshakes only).
   */
  meets: 'request' | 'handshake' | null
  /** The key that authenticated the request as the world spells it (a key of the world, never an unknown one). */
  worldKey?: string
  /** What a generation composed. */
  composed?: ComposedReply
  /** How a refused request was answered, for the step that answers the next one the same. */
  refusal?: Refusal
}

/** A stream as kept in detail: its frames, its timing, and when each frame was handed to the connection. */
export interface KeptStream {
  frames: readonly StreamFrame[]
  timing: StreamTiming
  /** `performance.now()` as each frame went out; frames never sent have none. */
  written?: readonly number[]
}

/**
 * A request in detail as the pipeline reports it: its answer's stream as the plan being played,
 * whose `written` the kept detail takes over (frames go out after the request is reported).
 */
export type ReportedDetail = Omit<RequestDetail, 'reply'> & { reply: KeptText | StreamPlan }

/** A refusal as the profile that answered it resolved it (references, no copies). */
export interface Refusal {
  profile: Profile
  surface: SurfaceName
  language: Language
  resolved: ResolvedError
  envelope: EnvelopeName
}
