import { tokenAuth } from '../../../auth/token-auth.ts'
import { generate } from '../../../generation/generate.ts'
import { json, stream } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { messagesApiVersion } from './api-version.ts'
import { message } from './message.ts'
import { messageStreamFrames } from './message-stream.ts'
import { messagesConversation, messagesRequestSchema } from './messages-request.ts'
import { messagesRecording } from './messages-recording.ts'
import { anthropicStreamError } from '../anthropic-stream-error.ts'
import { conversationView } from '../../../conversation/conversation-view.ts'

/** `POST /v1/messages`, streamed when the body says `stream: true`. */
export const messagesRoute = defineRoute({
  id: 'anthropic.messages',
  method: 'POST',
  path: '/v1/messages',
  surface: 'anthropic',
  auth: tokenAuth('anthropic'),
  body: { schema: messagesRequestSchema },
  model: {
    read: ({ body }) => body.model,
    admission: 'generation',
    stream: ({ body }) => body.stream === true,
    conversation: ({ body }) => conversationView(messagesConversation(body)),
  },
  banner: 'Anthropic messages (x-api-key or Bearer; stream: true)',
  recording: messagesRecording,
  async handle(context) {
    const { body } = context
    const version = messagesApiVersion(context.request)
    const generation = await generate(context, messagesConversation(body))
    if (body.stream) return stream(messageStreamFrames(generation, version), generation, anthropicStreamError)
    return json(message(generation, version))
  },
})
