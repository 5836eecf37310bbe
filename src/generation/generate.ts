import type { TokenUsage } from '../billing/quota-cost.ts'
import { gatewayError } from '../errors/gateway-error.ts'
import { scenarioFailure } from '../scenarios/scenario-failure.ts'
import type { StreamBreak, StreamTiming } from '../streaming/stream-plan.ts'
import type { Model, ModelKind } from '../world/schemas.ts'
import { assertKind } from './assert-kind.ts'
import { chargeRequest } from './charge-request.ts'
import { assertFitsContext } from './assert-fits-context.ts'
import { composeReply, replyIdOf, type GeneratedReply } from './compose-reply.ts'
import type { Conversation } from '../conversation/conversation.ts'
import { countPromptTokens } from './count-prompt-tokens.ts'
import { resolveTiming } from './resolve-timing.ts'
import { loadedTokenizer, loadTokenizer } from './tokenizer.ts'
import type { AdmittedRequest } from './admitted-request.ts'
import { replayedReply } from './replayed-reply.ts'
import { yieldToEventLoop } from '../time/yield-to-event-loop.ts'

// A request of many prompts lets other clients in between every so many of them.
const promptsBetweenTurns = 64

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
 * every surface: the model must be of a kind the route serves (chat, unless it says), the prompt
 * is counted, it must fit the model's window with the requested output, the reply is composed
 * (the model's own, the scenario's override, or a replayed recording's) and its cost debited from
 * the key and its user.
 */
export async function generate(
  context: AdmittedRequest,
  conversation: Conversation,
  /** The request field that holds the prompt, named by a context-window refusal (default: the surface's). */
  promptParam: string = context.surface === 'gemini' ? 'contents' : 'messages',
  /** The kinds of model the route serves (chat, unless it says), and tokens the text does not count. */
  more: Partial<Pick<GenerateOptions, 'kinds' | 'extraTokens'>> = {},
): Promise<Generation> {
  return (await generateAll(context, [conversation], { promptParam, kinds: more.kinds ?? ['chat'], extraTokens: more.extraTokens }))[0]!
}

/** What a route that generates asks of {@link generateAll}. */
export interface GenerateOptions {
  /** The request field that holds the prompt, named by a context-window refusal. */
  promptParam: string
  /** The kinds of model the route serves. */
  kinds: readonly ModelKind[]
  /** Tokens the text does not count (a Realtime response's audio), billed and reported with it. */
  extraTokens?: (reply: GeneratedReply) => TokenUsage
}

/**
 * {@link generate} for several prompts in one request (`/v1/completions` takes a list): each gets
 * its own reply, and the request is charged once, for all of them. A replayed recording answers
 * a request of one prompt.
 */
export async function generateAll(
  context: AdmittedRequest,
  conversations: readonly Conversation[],
  options: GenerateOptions,
): Promise<Generation[]> {
  const { runtime, auth } = context
  const { model, action } = context.admission
  const field = context.surface === 'gemini' ? 'contents' : 'messages'
  if (model.kind === 'embedding' && !options.kinds.includes('embedding')) {
    throw gatewayError('model_is_embedding', { model: model.id, field }, { param: 'model' })
  }
  assertKind(context, options.kinds)
  // Neither the tokenizer, once loaded, nor a count already made is awaited: an await per request
  // is not free at a server's rate (docs/performance.md).
  const tokenizer = loadedTokenizer() ?? (await loadTokenizer())
  const replayed = context.replayed?.kind === 'generation' && conversations.length === 1 ? context.replayed : undefined
  const replies: Readonly<GeneratedReply>[] = []
  for (let index = 0; index < conversations.length; index++) {
    const conversation = conversations[index]!
    if (index > 0 && index % promptsBetweenTurns === 0) await yieldToEventLoop()
    const counting = countPromptTokens(tokenizer, conversation)
    const promptTokens = typeof counting === 'number' ? counting : await counting
    assertFitsContext(model, promptTokens, conversation.maxOutputTokens, options.promptParam)
    replies.push(
      replayed
        ? replayedReply(tokenizer, replayed, promptTokens, replyIdOf(model, conversation))
        : composeReply(tokenizer, model, conversation, promptTokens, action.reply),
    )
  }

  const usage = { promptTokens: 0, completionTokens: 0 }
  for (const reply of replies) {
    const extra = options.extraTokens?.(reply)
    usage.promptTokens += reply.promptTokens + (extra?.promptTokens ?? 0)
    usage.completionTokens += reply.completionTokens + (extra?.completionTokens ?? 0)
  }
  chargeRequest(context, usage)
  // What the inspector offers as a scenario step's `then.reply` (a request of several prompts has no one reply).
  if (replies.length === 1) context.note.reply = replies[0]

  const broken = action.breakStream
  const created = Math.floor(runtime.clock.now() / 1000)
  const timing = replayed?.timing ?? resolveTiming(model.streaming)
  const streamBreak: StreamBreak | undefined = broken && {
    afterChunks: broken.afterChunks,
    ...(broken.error ? { error: scenarioFailure(broken.error, { model: model.id, key: auth.maskedKey }) } : { disconnect: true }),
  }
  // Two literals rather than one with a spread, which V8 builds key by key at run time.
  return replies.map((reply) => (streamBreak ? { model, reply, created, timing, streamBreak } : { model, reply, created, timing }))
}

/** The prompt's token count for a count-tokens route, on an admitted lookup: no quota, no charge. */
export async function countTokens(conversation: Conversation): Promise<number> {
  return countPromptTokens(await loadTokenizer(), conversation)
}
