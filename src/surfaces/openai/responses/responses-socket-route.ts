import { tokenAuth, type TokenAuth } from '../../../auth/token-auth.ts'
import { gatewayError } from '../../../errors/gateway-error.ts'
import { parseSocketEvent } from '../../../pipeline/socket/parse-socket-event.ts'
import { stream } from '../../../pipeline/reply.ts'
import type { SocketConnection } from '../../../pipeline/socket/socket-connection.ts'
import { defineSocketRoute, type SocketSession } from '../../../pipeline/socket/socket-route.ts'
import { acceptedProtocol } from '../socket-protocol.ts'
import { instant } from '../../../streaming/stream-plan.ts'
import { createResponse } from './create-response.ts'
import { prepareResponse } from './prepared-response.ts'
import { responseStream, socketEncoding } from './response-stream.ts'
import { responsesRequestSchema } from './responses-request.ts'
import { ResponseStore, responseStore as responseStoreSlot } from './response-store.ts'
import { socketErrorEvent } from './socket-error-event.ts'
import { ownInputConversation } from './responses-conversation.ts'
import { moreOfferedTools } from './offered-tools.ts'
import { conversationView } from '../../../conversation/conversation-view.ts'

/**
 * `GET /v1/responses` opened as a WebSocket, as Codex CLI opens it first
 * (`OpenAI-Beta: responses_websockets=…`): each `response.create` event carries a Responses API
 * request body and gets the events its SSE stream would send, a JSON message each, in order; the
 * socket stays open for the next. `previous_response_id` also continues the socket's own
 * responses made with `store: false`. An error is an `error` event with the HTTP status it would
 * have had; the socket stays open.
 */
export const responsesSocketRoute = defineSocketRoute<TokenAuth>({
  id: 'openai.responses_websocket',
  path: '/v1/responses',
  surface: 'openai',
  auth: tokenAuth('openai-websocket'),
  banner: 'OpenAI Responses over a WebSocket (response.create events, as Codex CLI opens it)',
  socket: {
    protocol: acceptedProtocol,
    errorEvent: (error) => socketErrorEvent(error),
    serverOnlyClients: 'a client on the `ws` package (Codex CLI, and clients like it)',
    open: responsesSession,
  },
})

const supported = "'response.create'"

function responsesSession(connection: SocketConnection<TokenAuth>): SocketSession {
  // What this socket made, stored or not: a Codex session continues with `store: false`.
  const own = new ResponseStore()
  const userId = connection.auth.user.id
  const shared = () => connection.runtime.state
  return {
    receive(text) {
      let body
      try {
        const event = parseSocketEvent(responsesRequestSchema, text, connection.runtime.maxBodyDepth) as { type?: unknown }
        if (event.type !== 'response.create') throw gatewayError('socket_event_unknown', { type: String(event.type), supported })
        body = event as typeof event & ReturnType<typeof responsesRequestSchema.parse>
      } catch (error) {
        connection.send(socketErrorEvent(connection.resolve(error)))
        return
      }
      const request = body
      const prepare = request.generate === false
      void connection.respond({
        text,
        model: request.model,
        body: request,
        conversation: () => conversationView(ownInputConversation(request), moreOfferedTools(request)),
        // A warm-up (`generate: false`) makes nothing: no scenario sees it, and nothing is counted or charged.
        admission: prepare ? 'lookup' : 'generation',
        async work(context) {
          const conversations = connectionConversations(own, shared, userId)
          if (prepare) {
            const prepared = prepareResponse(context, request, { conversations, alsoKeep: (stored) => own.put(stored) })
            return stream(prepared.frames(socketEncoding.write), { timing: instant }, () => '')
          }
          const { generation, store } = await createResponse(context, request, { conversations, alsoKeep: (stored) => own.put(stored) })
          const plan = responseStream(generation, request, socketEncoding)
          return stream(plan.frames, generation, plan.renderError(store))
        },
        failed: (error) => [socketErrorEvent(error)],
      })
    },
    closed() {},
  }
}

/** The socket's own responses first, then what the user stored. */
function connectionConversations(own: ResponseStore, state: () => SocketConnection['runtime']['state'], userId: number) {
  const mine = own.conversationsOf(userId)
  const stored = state().get(responseStoreSlot).conversationsOf(userId)
  return {
    itemsOf: (id: string) => mine.itemsOf(id) ?? stored.itemsOf(id),
    item: (id: string) => mine.item(id) ?? stored.item(id),
  }
}
