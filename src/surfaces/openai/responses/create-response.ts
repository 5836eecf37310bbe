import type { TokenAuth } from '../../../auth/token-auth.ts'
import { gatewayError } from '../../../errors/gateway-error.ts'
import { generate, type Generation } from '../../../generation/generate.ts'
import type { RouteContext } from '../../../pipeline/route.ts'
import { finishedResponse, outputAsItems, type ResponseObject } from './response-object.ts'
import type { StoredConversations } from './responses-conversation.ts'
import { responsesConversation } from './responses-conversation.ts'
import type { ResponsesRequest } from './responses-request.ts'
import { responseStore, type StoredResponse } from './response-store.ts'

/** The least `max_output_tokens` the Responses API takes. */
const leastOutputLimit = 16

/** A generated response and how to keep it (as it finished, or as an error left it). */
export interface CreatedResponse {
  generation: Generation
  response: ResponseObject
  store(response: ResponseObject): void
}

/**
 * One Responses API request, whatever carries it (`POST /v1/responses`, a socket's
 * `response.create`): its conversation (continuing a stored one), the generation, and the
 * response stored for `GET /v1/responses/{id}` and `previous_response_id` unless the body says
 * `store: false`. `alsoKeep` is told of every response, stored or not (a socket remembers its own).
 */
export async function createResponse(
  context: RouteContext<TokenAuth, unknown>,
  body: ResponsesRequest,
  options: { conversations?: StoredConversations; alsoKeep?: (stored: StoredResponse) => void } = {},
): Promise<CreatedResponse> {
  const { runtime, auth } = context
  const limit = body.max_output_tokens
  if (limit !== undefined && limit !== null && limit < leastOutputLimit) {
    throw gatewayError('output_limit_too_small', { got: limit, least: leastOutputLimit }, { param: 'max_output_tokens' })
  }
  const userId = auth.user.id
  const store = runtime.state.get(responseStore)
  const { conversation, items } = responsesConversation(body, options.conversations ?? store.conversationsOf(userId))
  const generation = await generate(context, conversation, 'input')
  const keep = (response: ResponseObject) => {
    const outputItems = outputAsItems(response.output)
    const stored = { userId, response, items: [...items, ...outputItems.values()], outputItems }
    options.alsoKeep?.(stored)
    if (body.store !== false) store.put(stored)
  }
  const response = finishedResponse(generation, body)
  keep(response)
  return { generation, response, store: keep }
}
