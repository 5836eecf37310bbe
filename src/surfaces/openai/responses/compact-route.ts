import { tokenAuth } from '../../../auth/token-auth.ts'
import { json } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { compactConversation } from './compacted-response.ts'
import { responsesRequestSchema } from './responses-request.ts'

/**
 * `POST /v1/responses/compact`, OpenAI's conversation compaction, which Codex CLI calls when its
 * context fills: a generation (a scenario may fail it; it is billed), answered in one piece.
 * new-api relays it, so both profiles serve it.
 */
export const responsesCompactRoute = defineRoute({
  id: 'openai.responses_compact',
  method: 'POST',
  path: '/v1/responses/compact',
  surface: 'openai',
  auth: tokenAuth('openai'),
  body: { schema: responsesRequestSchema },
  model: { read: ({ body }) => body.model, admission: 'generation' },
  banner: 'Responses compaction (Codex CLI): the user messages and a compaction item',
  handle: async (context) => json(await compactConversation(context, context.body)),
})
