import { tokenAuth } from '../../../auth/token-auth.ts'
import { countTokens } from '../../../generation/generate.ts'
import { json } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { countTokensRequestSchema, messagesConversation } from './messages-request.ts'

/** `POST /v1/messages/count_tokens`: the same count `usage.input_tokens` reports, free of charge. */
export const countTokensRoute = defineRoute({
  id: 'anthropic.count_tokens',
  method: 'POST',
  path: '/v1/messages/count_tokens',
  surface: 'anthropic',
  auth: tokenAuth('anthropic'),
  body: { schema: countTokensRequestSchema },
  model: { read: ({ body }) => body.model, admission: 'lookup' },
  banner: 'Anthropic token count',
  handle: async ({ body }) => json({ input_tokens: await countTokens(messagesConversation(body)) }),
})
