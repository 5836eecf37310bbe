import { tokenAuth, type TokenAuth } from '../../../auth/token-auth.ts'
import { gatewayError } from '../../../errors/gateway-error.ts'
import { defineSocketRoute } from '../../../pipeline/socket/socket-route.ts'
import { acceptedProtocol } from '../socket-protocol.ts'
import { errorEvent } from './response-events.ts'
import { realtimeSession } from './realtime-session.ts'
import { sessionIds } from './session-ids.ts'

/**
 * `GET /v1/realtime?model=…` opened as a WebSocket: the OpenAI Realtime API (GA events) with a
 * model of kind `realtime`. The key comes from `Authorization` or the
 * `openai-insecure-api-key.<key>` subprotocol; the handshake is admitted as a generation is, but
 * counts against no rate limit: each `response.create` does.
 */
export const realtimeRoute = defineSocketRoute<TokenAuth>({
  id: 'openai.realtime',
  path: '/v1/realtime',
  surface: 'openai',
  auth: tokenAuth('openai-websocket'),
  banner: 'OpenAI Realtime API over a WebSocket (?model=gpt-realtime; text, audio, function calls)',
  bannerPath: '/v1/realtime?model={model}',
  socket: {
    model: {
      read({ url }) {
        const model = url.searchParams.get('model')
        if (!model) throw gatewayError('query_model_missing')
        return model
      },
      admission: 'upgrade',
    },
    protocol: acceptedProtocol,
    errorEvent: (error) => errorEvent(error, sessionIds()('event')),
    serverOnlyClients: "a client on the `ws` package (the OpenAI SDK's OpenAIRealtimeWS, most Node tools)",
    serves(model) {
      if (model.kind !== 'realtime') throw gatewayError('model_not_realtime', { model: model.id }, { param: 'model' })
    },
    open: realtimeSession,
  },
})
