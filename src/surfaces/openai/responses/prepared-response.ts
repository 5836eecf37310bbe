import type { TokenAuth } from '../../../auth/token-auth.ts'
import { assertKind } from '../../../generation/assert-kind.ts'
import { replyIdOf } from '../../../generation/compose-reply.ts'
import type { RouteContext } from '../../../pipeline/route.ts'
import { stableHash } from '../../../random/stable-hash.ts'
import type { StreamFrame } from '../../../streaming/stream-plan.ts'
import { responseShell, type ResponseObject } from './response-object.ts'
import type { StoredConversations } from './responses-conversation.ts'
import { responsesConversation } from './responses-conversation.ts'
import type { ResponsesRequest } from './responses-request.ts'
import { responseStore, type StoredResponse } from './response-store.ts'

/** A response that generated nothing, and its events (created, in progress, completed) as `write` encodes them. */
export interface PreparedResponse {
  response: ResponseObject
  frames(write: (event: { type: string; [field: string]: unknown }) => string): StreamFrame[]
}

/**
 * A Responses request with `generate: false`, as Codex CLI warms a WebSocket up: its conversation
 * is read (a `previous_response_id` or item it names must exist) and kept like any response's, so
 * that the next request continues it with `previous_response_id`; nothing is generated. The
 * answer is a completed response with no output and no usage. The route admits it as a lookup: no
 * scenario sees it, no rate limit counts it, no quota is asked or charged.
 */
export function prepareResponse(
  context: RouteContext<TokenAuth, unknown>,
  body: ResponsesRequest,
  options: { conversations?: StoredConversations; alsoKeep?: (stored: StoredResponse) => void } = {},
): PreparedResponse {
  const { runtime, auth } = context
  const model = assertKind(context, ['chat'])
  const userId = auth.user.id
  const store = runtime.state.get(responseStore)
  const { conversation, items } = responsesConversation(body, options.conversations ?? store.conversationsOf(userId))
  // Not the id the same conversation's generated response gets: the turn that follows a warm-up often repeats its input.
  const basis = {
    model,
    created: Math.floor(runtime.clock.now() / 1000),
    reply: { id: stableHash(`prepared\n${replyIdOf(model, conversation)}`) },
  }
  const started = responseShell(basis, body)
  const response: ResponseObject = {
    ...started,
    status: 'completed',
    completed_at: basis.created,
    usage: {
      input_tokens: 0,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 0,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 0,
    },
  }
  const stored = { userId, response, items, outputItems: new Map() }
  options.alsoKeep?.(stored)
  if (body.store !== false) store.put(stored)
  context.note.usage = { promptTokens: 0, completionTokens: 0 }
  context.note.quota = 0
  return {
    response,
    frames: (write) =>
      (
        [
          ['response.created', started],
          ['response.in_progress', started],
          ['response.completed', response],
        ] as const
      ).map(([type, shown], index) => ({ text: write({ type, sequence_number: index, response: shown }), tokens: 0 })),
  }
}
