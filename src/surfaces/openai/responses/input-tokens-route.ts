import { tokenAuth } from '../../../auth/token-auth.ts'
import { countTokens } from '../../../generation/generate.ts'
import { json } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { responsesConversation } from './responses-conversation.ts'
import { responsesRequestSchema } from './responses-request.ts'
import { responseStore } from './response-store.ts'

/**
 * `POST /v1/responses/input_tokens`, OpenAI's input token count: the count `usage.input_tokens`
 * would report for the same body (a `previous_response_id` continued), free of charge, for a
 * model the key may use. new-api does not route it, so the `new-api` profile lacks it (404).
 */
export const responsesInputTokensRoute = defineRoute({
  id: 'openai.responses_input_tokens',
  method: 'POST',
  path: '/v1/responses/input_tokens',
  surface: 'openai',
  auth: tokenAuth('openai'),
  body: { schema: responsesRequestSchema },
  model: { read: ({ body }) => body.model, admission: 'lookup' },
  banner: 'Responses input token count',
  async handle({ body, runtime, auth }) {
    const { conversation } = responsesConversation(body, runtime.state.get(responseStore).conversationsOf(auth.user.id))
    return json({ object: 'response.input_tokens', input_tokens: await countTokens(conversation) })
  },
})
