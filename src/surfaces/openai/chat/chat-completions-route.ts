import { tokenAuth } from '../../../auth/token-auth.ts'
import { generate } from '../../../generation/generate.ts'
import { jsonText, stream } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { chatCompletionText } from './chat-completion.ts'
import { chatRecording } from './chat-recording.ts'
import { chatConversation, chatRequestSchema } from './chat-request.ts'
import { chatStreamFrames } from './chat-stream.ts'
import { openaiStreamError } from '../openai-stream-error.ts'
import { conversationView } from '../../../conversation/conversation-view.ts'

/** `POST /v1/chat/completions`, streamed when the body says `stream: true`. */
export const chatCompletionsRoute = defineRoute({
  id: 'openai.chat_completions',
  method: 'POST',
  path: '/v1/chat/completions',
  surface: 'openai',
  auth: tokenAuth('openai'),
  body: { schema: chatRequestSchema },
  model: {
    read: ({ body }) => body.model,
    admission: 'generation',
    stream: ({ body }) => body.stream === true,
    conversation: ({ body }) => conversationView(chatConversation(body)),
  },
  banner: 'OpenAI chat (stream: true for SSE)',
  recording: chatRecording,
  async handle(context) {
    const { body } = context
    const generation = await generate(context, chatConversation(body))
    if (body.stream) return stream(chatStreamFrames(generation, body.stream_options?.include_usage === true), generation, openaiStreamError)
    return jsonText(chatCompletionText(generation))
  },
})
