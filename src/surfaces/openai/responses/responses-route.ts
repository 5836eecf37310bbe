import { tokenAuth } from '../../../auth/token-auth.ts'
import { json, stream } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { instant } from '../../../streaming/stream-plan.ts'
import { sseEvent } from '../../../streaming/sse.ts'
import { createResponse } from './create-response.ts'
import { prepareResponse } from './prepared-response.ts'
import { responseStream } from './response-stream.ts'
import { responsesRequestSchema } from './responses-request.ts'
import { responsesRecording } from './responses-recording.ts'
import { ownInputConversation } from './responses-conversation.ts'
import { moreOfferedTools } from './offered-tools.ts'
import { conversationView } from '../../../conversation/conversation-view.ts'

/**
 * `POST /v1/responses`, the OpenAI Responses API, streamed when the body says `stream: true`.
 * Each response is stored for `GET /v1/responses/{id}` and `previous_response_id`, unless the
 * body says `store: false`. With `generate: false` nothing is generated (prepared-response.ts).
 */
export const responsesRoute = defineRoute({
  id: 'openai.responses',
  method: 'POST',
  path: '/v1/responses',
  surface: 'openai',
  auth: tokenAuth('openai'),
  body: { schema: responsesRequestSchema },
  model: {
    read: ({ body }) => body.model,
    // `generate: false` makes nothing: no scenario sees it, and nothing is counted or charged.
    admission: 'generation',
    admissionFor: ({ body }) => (body.generate === false ? 'lookup' : 'generation'),
    stream: ({ body }) => body.stream === true,
    // The request's own input: a continued response's stored turns are not read for a match.
    conversation: ({ body }) => conversationView(ownInputConversation(body), moreOfferedTools(body)),
  },
  banner: 'OpenAI Responses (stream: true for SSE; stored for previous_response_id)',
  recording: responsesRecording,
  async handle(context) {
    const { body } = context
    if (body.generate === false) {
      const prepared = prepareResponse(context, body)
      if (!body.stream) return json(prepared.response)
      return stream(
        prepared.frames((event) => sseEvent(event, event.type)),
        { timing: instant },
        () => '',
      )
    }
    const { generation, response, store } = await createResponse(context, body)
    if (!body.stream) return json(response)
    const plan = responseStream(generation, body)
    // A stream an error breaks ends failed, and is stored as it ended.
    return stream(plan.frames, generation, plan.renderError(store))
  },
})
