import type { ReplyOverride } from '../scenarios/scenario-schema.ts'
import type { Model, ModelReply } from '../world/schemas.ts'
import { lastUserText, type Conversation, type ToolCall } from './conversation.ts'
import { exampleArguments } from './example-arguments.ts'
import { loremText } from './lorem-text.ts'
import { memo } from '../cache/memo.ts'
import { stableHash } from '../random/stable-hash.ts'
import { isStructured, structuredReply } from './structured-reply.ts'
import type { Tokenizer } from './tokenizer.ts'

export type FinishReason = 'stop' | 'length' | 'tool_calls'

/** A call in a reply, with its arguments as the JSON text a stream sends in token-sized pieces. */
export interface ReplyToolCall extends ToolCall {
  argumentsJson: string
  argumentPieces: string[]
}

/** A reply, decided before the first byte is sent; each surface only changes its wording. */
export interface GeneratedReply {
  /** Stable for the same request; surfaces prefix it (`chatcmpl-`, `msg_`, …). */
  id: string
  text: string
  /** The text split at token boundaries: what a stream sends, one piece per chunk. */
  textPieces: string[]
  toolCalls: ReplyToolCall[]
  finishReason: FinishReason
  promptTokens: number
  completionTokens: number
}

const excerptLength = 120

// Replies are pure functions of the conversation and the model's settings, and shared: callers
// only read them. Kept per conversation object, which identical requests share.
const composed = new WeakMap<
  Conversation,
  { id: string; replies: (settings: string, compose: () => Readonly<GeneratedReply>) => Readonly<GeneratedReply> }
>()

/**
 * The model's reply to a conversation: what its `reply` setting says (by default derived from
 * the request) or what a scenario's `override` says, cut to the output limit, with its token
 * counts. A request for structured output gets JSON built around that text (see
 * structured-reply.ts) unless the reply calls tools or the scenario gives the text. Deterministic:
 * the same conversation and model give the same reply, which is why it can be remembered for
 * the next identical request.
 */
export function composeReply(
  tokenizer: Tokenizer,
  model: Model,
  conversation: Conversation,
  promptTokens: number,
  override: ReplyOverride = {},
): Readonly<GeneratedReply> {
  const known = knownConversation(conversation)
  const settings = JSON.stringify([model.id, model.reply, model.maxOutputTokens, promptTokens, override])
  return known.replies(settings, () => compose(tokenizer, model, conversation, promptTokens, override, replyIdOf(model, conversation)))
}

/** The id of `model`'s reply to a conversation, whatever its content: the same request always gets the same one. */
export function replyIdOf(model: Model, conversation: Conversation): string {
  return stableHash(`${model.id}\n${knownConversation(conversation).id}`)
}

function knownConversation(conversation: Conversation) {
  let known = composed.get(conversation)
  if (!known) composed.set(conversation, (known = { id: stableHash(JSON.stringify(conversation)), replies: memo(16) }))
  return known
}

function compose(
  tokenizer: Tokenizer,
  model: Model,
  conversation: Conversation,
  promptTokens: number,
  override: ReplyOverride,
  id: string,
): GeneratedReply {
  const planned = plan(overridden(model.reply, override), model, conversation, id)
  const output = conversation.output
  // A scenario's text or JSON is sent as given; a reply that calls tools is not an answer yet.
  const scripted = override.text !== undefined || override.json !== undefined
  const shape = isStructured(output) && !scripted && planned.toolCalls.length === 0
  const limit = Math.min(conversation.maxOutputTokens ?? Number.POSITIVE_INFINITY, model.maxOutputTokens)

  let text = shape ? structuredReply(output, planned.text) : planned.text
  let finishReason: FinishReason = planned.toolCalls.length > 0 ? 'tool_calls' : 'stop'
  // Structured output is never cut, as tool calls are not: half a JSON document would only test
  // the client's JSON parser. A scenario can still send a cut one (`text` and `finishReason`).
  const whole = isStructured(output) || override.json !== undefined
  if (!whole && tokenizer.count(text) > limit) {
    text = tokenizer.truncate(text, limit)
    finishReason = 'length'
  }
  // Tool calls are never cut: half an arguments object would only test the client's JSON parser.
  const toolCalls = (finishReason === 'length' ? [] : planned.toolCalls).map((call) => replyToolCall(tokenizer, call))
  const completionTokens = override.usage?.completionTokens ?? completionTokenCount(tokenizer, text, toolCalls)

  return {
    id,
    text,
    textPieces: tokenizer.pieces(text),
    toolCalls,
    finishReason: override.finishReason ?? finishReason,
    promptTokens: override.usage?.promptTokens ?? promptTokens,
    completionTokens,
  }
}

/** The model's reply setting with a scenario's text (or JSON) or tool calls put in its place. */
function overridden(reply: ModelReply, override: ReplyOverride): ModelReply {
  const text = override.json !== undefined ? JSON.stringify(override.json) : override.text
  if (override.toolCalls !== undefined) return { type: 'tool-calls', calls: override.toolCalls, text: text ?? '' }
  if (text !== undefined) return { type: 'text', text }
  return reply
}

function plan(reply: ModelReply, model: Model, conversation: Conversation, id: string): { text: string; toolCalls: ToolCall[] } {
  switch (reply.type) {
    case 'text':
      return { text: reply.text, toolCalls: [] }
    case 'lorem':
      return { text: loremText(reply.tokens, id), toolCalls: [] }
    case 'tool-calls':
      return {
        text: reply.text,
        toolCalls: reply.calls.map((call, index) => ({ id: callId(id, index), name: call.name, arguments: call.arguments })),
      }
    case 'echo':
      return echo(model, conversation, id)
  }
}

/** The default reply: call a tool when the request offers one and is not answering a call; else quote the user. */
function echo(model: Model, conversation: Conversation, id: string): { text: string; toolCalls: ToolCall[] } {
  const last = conversation.turns.at(-1)
  const choice = conversation.toolChoice
  if (conversation.tools.length > 0 && choice !== 'none' && last?.role !== 'tool') {
    const tool = typeof choice === 'object' ? conversation.tools.find((t) => t.name === choice.name) : conversation.tools[0]
    if (tool) return { text: '', toolCalls: [{ id: callId(id, 0), name: tool.name, arguments: exampleArguments(tool.parameters) }] }
  }
  const intro = `This is a mock reply from ${model.id}.`
  if (last?.role === 'tool') {
    const source = last.toolName ? `The tool ${last.toolName}` : 'The tool'
    return { text: `${intro} ${source} returned: ${excerpt(last.text)}`, toolCalls: [] }
  }
  const said = lastUserText(conversation)
  return { text: said ? `${intro} You said: "${excerpt(said)}"` : intro, toolCalls: [] }
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > excerptLength ? `${flat.slice(0, excerptLength)}…` : flat
}

/** A call's id when nothing gave it one: stable for the reply and the call's place in it. */
export function callId(replyId: string, index: number): string {
  return stableHash(`${replyId}:${index}`).slice(0, 12)
}

/** A call as a reply holds it: with its arguments' JSON text (`argumentsJson`, else the arguments' own), and that text in token pieces for a stream. */
export function replyToolCall(tokenizer: Tokenizer, call: ToolCall, argumentsJson = JSON.stringify(call.arguments)): ReplyToolCall {
  return { ...call, argumentsJson, argumentPieces: tokenizer.pieces(argumentsJson) }
}

/** The tokens a reply's text and calls (their names and arguments) count for, when no usage says otherwise. */
export function completionTokenCount(tokenizer: Tokenizer, text: string, toolCalls: readonly ReplyToolCall[]): number {
  return tokenizer.count(text) + toolCalls.reduce((sum, call) => sum + tokenizer.count(call.name) + tokenizer.count(call.argumentsJson), 0)
}
