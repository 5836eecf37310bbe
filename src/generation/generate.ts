import type { TokenAuth } from '../auth/token-auth.ts'
import { assertQuotaLeft, chargeQuota } from '../billing/charge-quota.ts'
import { quotaCost } from '../billing/quota-cost.ts'
import { GatewayError } from '../errors/gateway-error.ts'
import type { RouteContext } from '../gateway/route.ts'
import { sleep } from '../time/sleep.ts'
import type { StreamBreak, StreamTiming } from '../streaming/stream-plan.ts'
import { appliedLimits } from '../limits/applied-limits.ts'
import { scenarioError } from '../scenarios/scenario-error-of.ts'
import type { Action } from '../scenarios/scenario-schema.ts'
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
  /** Where a scenario breaks the stream, if it does. */
  streamBreak?: StreamBreak
}

/**
 * The surface-neutral part of every generation route, in order: the active scenario decides
 * (it may fail, delay, replace the reply or break the stream); the model must be visible to the
 * key; rate limits count the request; the key and its owner must have quota; the prompt plus
 * requested output must fit the window; then the reply is composed and its cost debited.
 */
export async function generate(
  context: RouteContext<TokenAuth>,
  modelId: string,
  conversation: Conversation,
  stream: boolean,
): Promise<Generation> {
  const { runtime, auth, request } = context
  context.note.model = modelId
  const decision = runtime.scenarios.decide({
    requestId: context.requestId,
    method: request.method,
    pathname: context.pathname,
    surface: context.surface,
    model: modelId,
    token: auth.token,
    user: auth.user,
    stream,
  })
  const action: Action = decision?.action ?? {}
  if (decision) context.note.decidedBy = decision.decidedBy
  if (action.delayMs) {
    const closed = request.signal
    // Real time, not the gateway clock: it is the client that should feel it.
    await sleep(action.delayMs, closed)
    // Like the gateway cancelling its relay: a client that left is neither answered nor charged.
    if (closed.aborted)
      throw new GatewayError('invalid_request_error', 'The client closed the request during the scenario delay.', { status: 499 })
  }
  if (action.fail) throw scenarioError(action.fail)

  const model = usableModel(context, modelId)
  const group = servingGroup(runtime.world, auth.token, auth.user, model.id)
  Object.assign(
    context.headers,
    runtime.rateLimiter.admit(appliedLimits(auth.token, auth.maskedKey, auth.user, group), runtime.clock.now()),
  )
  assertQuotaLeft(auth.token, auth.user, auth.maskedKey)

  const tokenizer = await loadTokenizer()
  const promptTokens = await countPromptTokens(tokenizer, conversation)
  assertFitsContext(model, promptTokens, conversation.maxOutputTokens, context.surface === 'gemini' ? 'contents' : 'messages')
  const reply = composeReply(tokenizer, model, conversation, promptTokens, action.reply)

  const cost = quotaCost(model, group?.ratio ?? 1, reply)
  chargeQuota(auth.token, auth.user, auth.maskedKey, cost)
  context.note.usage = { promptTokens: reply.promptTokens, completionTokens: reply.completionTokens }
  context.note.quota = cost

  const broken = action.breakStream
  return {
    model,
    reply,
    created: Math.floor(runtime.clock.now() / 1000),
    timing: resolveTiming(model.streaming),
    ...(broken && {
      streamBreak: {
        afterChunks: broken.afterChunks,
        ...(broken.error ? { error: scenarioError(broken.error) } : { disconnect: true }),
      },
    }),
  }
}

/** The prompt's token count for a count-tokens route: same model rule, no scenario, quota or charge. */
export async function countTokens(context: RouteContext<TokenAuth>, modelId: string, conversation: Conversation): Promise<number> {
  context.note.model = modelId
  usableModel(context, modelId)
  return countPromptTokens(await loadTokenizer(), conversation)
}

/** The model, if it exists and the key may use it: the same rule as the model list. */
function usableModel(context: RouteContext<TokenAuth>, modelId: string): Model {
  const { runtime, auth } = context
  const model = findVisibleModel(runtime.world, auth.token, auth.user, modelId)
  if (!model) {
    throw new GatewayError('model_not_found', `The model '${modelId}' does not exist or is not available to API key ${auth.maskedKey}.`, {
      param: 'model',
    })
  }
  return model
}
