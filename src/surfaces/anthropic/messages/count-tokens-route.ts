import { tokenAuth } from '../../../auth/token-auth.ts'
import { countTokens } from '../../../generation/generate.ts'
import { json } from '../../../gateway/reply.ts'
import { requestBody } from '../../../gateway/request-body.ts'
import { defineRoute } from '../../../gateway/route.ts'
import { anthropicCredentials } from '../../model-routes-auth.ts'
import { countTokensRequestSchema, messagesConversation } from './messages-request.ts'

/** `POST /v1/messages/count_tokens`: the same count `usage.input_tokens` reports, free of charge. */
export const countTokensRoute = defineRoute({
  method: 'POST',
  path: '/v1/messages/count_tokens',
  surface: 'anthropic',
  auth: tokenAuth(anthropicCredentials),
  async handle(context) {
    const body = await requestBody(context, countTokensRequestSchema)
    return json({ input_tokens: await countTokens(context, body.model, messagesConversation(body)) })
  },
})
