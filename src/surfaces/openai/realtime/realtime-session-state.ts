import type { TokenAuth } from '../../../auth/token-auth.ts'
import type { SocketConnection } from '../../../pipeline/socket/socket-connection.ts'
import type { Model } from '../../../world/schemas.ts'
import type { RealtimeConversation } from './realtime-conversation.ts'
import type { RealtimeSessionConfig } from './session-config.ts'

/** What one Realtime session holds between its client's events. */
export interface RealtimeSessionState {
  readonly connection: SocketConnection<TokenAuth>
  /** The model the handshake named. */
  readonly model: Model
  /** A new id of the session's (`event_…`, `item_…`, `resp_…`). */
  readonly newId: (prefix: string) => string
  /** Sends a server event with an `event_id` of its own. */
  send(event: object): void
  config: RealtimeSessionConfig
  readonly conversation: RealtimeConversation
  readonly conversationId: string
  /** Input audio appended and not yet committed, in ms. */
  bufferMs: number
  /** The response going, if one is. */
  active: { id: string; cancel: AbortController } | undefined
}
