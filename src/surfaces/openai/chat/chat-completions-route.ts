import { tokenAuth } from '../../../auth/token-auth.ts'
import { generate } from '../../../generation/generate.ts'
import { json, stream } from '../../../gateway/reply.ts'
import { requestBody } from '../../../gateway/request-body.ts'
import { defineRoute } from '../../../gateway/route.ts'
import { chatCompletion } from './chat-completion.ts'
import { chatConversation, chatRequestSchema } from './chat-request.ts'
import { chatStreamFrames } from './chat-stream.ts'

/** `POST /v1/chat/completions`, streamed when the body says `stream: true`. */
export const chatCompletionsRoute = defineRoute({
  method: 'POST',
  path: '/v1/chat/completions',
  surface: 'openai',
  auth: tokenAuth(['bearer']),
  async handle(context) {
    const body = await requestBody(context, chatRequestSchema)
    const generation = await generate(context, body.model, chatConversation(body), body.stream === true)
    if (body.stream) return stream(chatStreamFrames(generation, body.stream_options?.include_usage === true), generation)
    return json(chatCompletion(generation))
  },
})
