import type { TokenAuth } from '../auth/token-auth.ts'
import { assertQuotaLeft, chargeQuota } from '../billing/charge-quota.ts'
import { quotaCost } from '../billing/quota-cost.ts'
import { GatewayError } from '../errors/gateway-error.ts'
import type { RouteContext } from '../gateway/route.ts'
import type { StreamTiming } from '../gateway/stream-plan.ts'
import type { Model } from '../world/schemas.ts'
import { findVisibleModel, servingGroup } from '../world/visibility.ts'
import { assertFitsContext } from './assert-fits-context.ts'
import { composeReply, type GeneratedReply } from './compose-reply.ts'
import type { Conversation } from './conversation.ts'
import { countPromptTokens } from './count-prompt-tokens.ts'
import { resolveTiming } from './resolve-timing.ts'
import { loadTokenizer } from './tokenizer.ts'

/** A generation that has been decided and paid for: all a surface needs to write its reply. */
export interface Generation {
  model: Model
  reply: GeneratedReply
  /** Unix seconds on the gateway clock. */
  created: number
  timing: StreamTiming
}

/**
 * The surface-neutral part of every generation route: the model must be visible to the key,
 * the key and its owner must have quota, the prompt plus requested output must fit the
 * window; then the reply is composed and its cost debited.
 */
export async function generate(context: RouteContext<TokenAuth>, modelId: string, conversation: Conversation): Promise<Generation> {
  const { runtime, auth } = context
  const model = usableModel(context, modelId)
  assertQuotaLeft(auth.token, auth.user, auth.maskedKey)

  const tokenizer = await loadTokenizer()
  const promptTokens = countPromptTokens(tokenizer, conversation)
  assertFitsContext(model, promptTokens, conversation.maxOutputTokens, context.surface === 'gemini' ? 'contents' : 'messages')
  const reply = composeReply(tokenizer, model, conversation, promptTokens)

  const groupRatio = servingGroup(runtime.world, auth.token, auth.user, model.id)?.ratio ?? 1
  const cost = quotaCost(model, groupRatio, reply)
  chargeQuota(auth.token, auth.user, auth.maskedKey, cost)
  context.note.usage = { promptTokens: reply.promptTokens, completionTokens: reply.completionTokens }
  context.note.quota = cost

  return { model, reply, created: Math.floor(runtime.clock.now() / 1000), timing: resolveTiming(model.streaming) }
}

/** The prompt's token count for a count-tokens route: same model rule, no quota, no charge. */
export async function countTokens(context: RouteContext<TokenAuth>, modelId: string, conversation: Conversation): Promise<number> {
  usableModel(context, modelId)
  return countPromptTokens(await loadTokenizer(), conversation)
}

/** The model, if it exists and the key may use it: the same rule as the model list. */
function usableModel(context: RouteContext<TokenAuth>, modelId: string): Model {
  const { runtime, auth } = context
  context.note.model = modelId
  const model = findVisibleModel(runtime.world, auth.token, auth.user, modelId)
  if (!model) {
    throw new GatewayError('model_not_found', `The model '${modelId}' does not exist or is not available to API key ${auth.maskedKey}.`, {
      param: 'model',
    })
  }
  return model
}
