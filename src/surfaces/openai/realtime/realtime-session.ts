import type { TokenAuth } from '../../../auth/token-auth.ts'
import { gatewayError } from '../../../errors/gateway-error.ts'
import { checkSocketEvent, readSocketEvent } from '../../../pipeline/socket/parse-socket-event.ts'
import type { SocketConnection } from '../../../pipeline/socket/socket-connection.ts'
import type { SocketSession } from '../../../pipeline/socket/socket-route.ts'
import { lazySchema } from '../../../schema/lazy-schema.ts'
import { z } from 'zod'
import { handleClientEvent } from './client-events.ts'
import { RealtimeConversation } from './realtime-conversation.ts'
import { clientEventSchema, clientEventTypes } from './realtime-events.ts'
import type { RealtimeSessionState } from './realtime-session-state.ts'
import { errorEvent } from './response-events.ts'
import { newSession } from './session-config.ts'
import { sessionIds } from './session-ids.ts'

// Only to refuse an event without a string `type` in the words the schema uses for it.
const typed = lazySchema(() => z.looseObject({ type: z.string() }))
const sessionLifetimeSeconds = 30 * 60
const supported = () =>
  clientEventTypes()
    .map((type) => `'${type}'`)
    .join(', ')

/**
 * One Realtime API session on an open socket: `session.created` at once, then each client event
 * in turn (client-events.ts). A bad event gets an `error` event naming the client's `event_id`,
 * and the session goes on.
 */
export function realtimeSession(connection: SocketConnection<TokenAuth>): SocketSession {
  const model = connection.model!
  const newId = sessionIds()
  const state: RealtimeSessionState = {
    connection,
    model,
    newId,
    send: (event) => connection.send({ event_id: newId('event'), ...event }),
    config: newSession(newId('sess'), model.id, Math.floor(connection.runtime.clock.now() / 1000) + sessionLifetimeSeconds),
    conversation: new RealtimeConversation(),
    conversationId: newId('conv'),
    bufferMs: 0,
    active: undefined,
  }
  state.send({ type: 'session.created', session: state.config })
  return {
    receive(text) {
      let clientEventId: string | null = null
      try {
        // Read once: an `input_audio_buffer.append` carries its audio as a long base64 string.
        const event = readSocketEvent(text, connection.runtime.maxBodyDepth)
        const { type } = typeof event.type === 'string' ? { type: event.type } : checkSocketEvent(typed, event)
        if (typeof event.event_id === 'string') clientEventId = event.event_id
        if (!clientEventTypes().includes(type)) throw gatewayError('socket_event_unknown', { type, supported: supported() })
        handleClientEvent(state, checkSocketEvent(clientEventSchema, event), text)
      } catch (error) {
        connection.send(errorEvent(connection.resolve(error), newId('event'), clientEventId))
      }
    },
    closed() {
      state.active?.cancel.abort()
    },
  }
}
