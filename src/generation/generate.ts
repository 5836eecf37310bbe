import { chargeQuota } from '../billing/charge-quota.ts'
import { quotaCost, type TokenUsage } from '../billing/quota-cost.ts'
import { gatewayError } from '../errors/gateway-error.ts'
import { scenarioError } from '../scenarios/scenario-error-of.ts'
import type { StreamBreak, StreamTiming } from '../streaming/stream-plan.ts'
import type { Model } from '../world/schemas.ts'
import { assertFitsContext } from './assert-fits-context.ts'
import { composeReply, replyIdOf, type GeneratedReply } from './compose-reply.ts'
import type { Conversation } from './conversation.ts'
import { countPromptTokens } from './count-prompt-tokens.ts'
import { resolveTiming } from './resolve-timing.ts'
import { loadTokenizer } from './tokenizer.ts'
import type { AdmittedRequest } from './admitted-request.ts'
import { replayedReply } from './replayed-reply.ts'

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
 * Composes and charges the reply to an admitted generation request (see 3-admit.ts), the same on
 * every surface: the model must be a chat model, the prompt is counted, it must fit the model's
 * window with the requested output, the reply is composed (the model's own, the scenario's
 * override, or a replayed recording's) and its cost debited from the key and its user.
 */
export async function generate(
  context: AdmittedRequest,
  conversation: Conversation,
  /** The request field that holds the prompt, named by a context-window refusal (default: the surface's). */
  promptParam: string = context.surface === 'gemini' ? 'contents' : 'messages',
  /** Tokens the text does not count (a Realtime response's audio), billed and reported with it. */
  extraTokens?: (reply: GeneratedReply) => TokenUsage,
): Promise<Generation> {
  const { runtime, auth } = context
  const { model, group, action } = context.admission
  const field = context.surface === 'gemini' ? 'contents' : 'messages'
  if (model.kind === 'embedding') throw gatewayError('model_is_embedding', { model: model.id, field }, { param: 'model' })
  const tokenizer = await loadTokenizer()
  const promptTokens = await countPromptTokens(tokenizer, conversation)
  assertFitsContext(model, promptTokens, conversation.maxOutputTokens, promptParam)
  const replayed = context.replayed?.kind === 'generation' ? context.replayed : undefined
  const reply = replayed
    ? replayedReply(tokenizer, replayed, promptTokens, replyIdOf(model, conversation))
    : composeReply(tokenizer, model, conversation, promptTokens, action.reply)

  const extra = extraTokens?.(reply)
  const usage = {
    promptTokens: reply.promptTokens + (extra?.promptTokens ?? 0),
    completionTokens: reply.completionTokens + (extra?.completionTokens ?? 0),
  }
  const cost = quotaCost(model, group?.ratio ?? 1, usage)
  chargeQuota(auth.token, auth.user, auth.maskedKey, cost)
  context.note.usage = usage
  context.note.quota = cost
  context.note.reply = reply

  const broken = action.breakStream
  return {
    model,
    reply,
    created: Math.floor(runtime.clock.now() / 1000),
    timing: replayed?.timing ?? resolveTiming(model.streaming),
    ...(broken && {
      streamBreak: {
        afterChunks: broken.afterChunks,
        ...(broken.error ? { error: scenarioError(broken.error, { model: model.id, key: auth.maskedKey }) } : { disconnect: true }),
      },
    }),
  }
}

/** The prompt's token count for a count-tokens route, on an admitted lookup: no quota, no charge. */
export async function countTokens(conversation: Conversation): Promise<number> {
  return countPromptTokens(await loadTokenizer(), conversation)
}
