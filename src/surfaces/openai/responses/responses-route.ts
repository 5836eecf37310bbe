import { tokenAuth } from '../../../auth/token-auth.ts'
import { gatewayError } from '../../../errors/gateway-error.ts'
import { generate } from '../../../generation/generate.ts'
import { json, stream } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { finishedResponse, outputAsItems, type ResponseObject } from './response-object.ts'
import { responseStream } from './response-stream.ts'
import { responsesConversation } from './responses-conversation.ts'
import { responsesRequestSchema } from './responses-request.ts'

/** The least `max_output_tokens` the Responses API takes. */
const leastOutputLimit = 16

/**
 * `POST /v1/responses`, the OpenAI Responses API, streamed when the body says `stream: true`.
 * Each response is stored for `GET /v1/responses/{id}` and `previous_response_id`, unless the
 * body says `store: false`.
 */
export const responsesRoute = defineRoute({
  id: 'openai.responses',
  method: 'POST',
  path: '/v1/responses',
  surface: 'openai',
  auth: tokenAuth('openai'),
  body: { schema: responsesRequestSchema },
  model: { read: ({ body }) => body.model, admission: 'generation', stream: ({ body }) => body.stream === true },
  banner: 'OpenAI Responses (stream: true for SSE; stored for previous_response_id)',
  async handle(context) {
    const { body, runtime, auth } = context
    const limit = body.max_output_tokens
    if (limit !== undefined && limit !== null && limit < leastOutputLimit) {
      throw gatewayError('output_limit_too_small', { got: limit, least: leastOutputLimit }, { param: 'max_output_tokens' })
    }
    const userId = auth.user.id
    const { conversation, items } = responsesConversation(body, runtime.responses.conversationsOf(userId))
    const generation = await generate(context, conversation, 'input')
    const store = (response: ResponseObject) => {
      if (body.store === false) return
      const outputItems = outputAsItems(response.output)
      runtime.responses.put({ userId, response, items: [...items, ...outputItems.values()], outputItems })
    }
    const response = finishedResponse(generation, body)
    store(response)
    if (!body.stream) return json(response)
    const plan = responseStream(generation, body)
    // A stream an error breaks ends failed, and is stored as it ended.
    return stream(plan.frames, generation, plan.renderError(store))
  },
})
