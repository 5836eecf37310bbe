import type { SurfaceName } from '../http/surface-name.ts'
import type { ConversationView } from '../conversation/conversation-view.ts'

/**
 * A request as a scenario written in code sees it: what a `when` function decides on and a
 * `reply` function answers from.
 */
export interface MatchedRequest {
  method: string
  /** The URL's path. */
  path: string
  surface: SurfaceName
  /** The model asked for. */
  model: string
  stream: boolean
  /** The API key, masked. */
  key: string
  user: { id: number; username: string }
  /** The request's headers, as sent. */
  headers: Headers
  /** The parsed body (on a WebSocket, the client's event), where the route reads one. */
  body: unknown
  /**
   * The conversation as `message`, `system`, `toolResult`, `tool` and `turn` read it; undefined
   * for requests that carry none (embeddings, images, a handshake). Read on first use.
   */
  readonly conversation: ConversationView | undefined
}
