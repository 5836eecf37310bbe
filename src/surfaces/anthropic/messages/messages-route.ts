import { tokenAuth } from '../../../auth/token-auth.ts'
import { generate } from '../../../generation/generate.ts'
import { json, stream } from '../../../gateway/reply.ts'
import { requestBody } from '../../../gateway/request-body.ts'
import { defineRoute } from '../../../gateway/route.ts'
import { anthropicCredentials } from '../../model-routes-auth.ts'
import { messagesApiVersion } from './api-version.ts'
import { message } from './message.ts'
import { messageStreamFrames } from './message-stream.ts'
import { messagesConversation, messagesRequestSchema } from './messages-request.ts'

/** `POST /v1/messages`, streamed when the body says `stream: true`. */
export const messagesRoute = defineRoute({
  method: 'POST',
  path: '/v1/messages',
  surface: 'anthropic',
  auth: tokenAuth(anthropicCredentials),
  async handle(context) {
    const body = await requestBody(context, messagesRequestSchema)
    const version = messagesApiVersion(context.request)
    const generation = await generate(context, body.model, messagesConversation(body), body.stream === true)
    if (body.stream) return stream(messageStreamFrames(generation, version), generation)
    return json(message(generation, version))
  },
})
