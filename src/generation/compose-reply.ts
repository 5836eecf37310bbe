import type { ReplyOverride } from '../scenarios/scenario-schema.ts'
import type { Model, ModelReply } from '../world/schemas.ts'
import { lastUserText, type Conversation, type ToolCall, type ToolDefinition } from '../conversation/conversation.ts'
import { namedTool, withoutAgentContext } from './named-tool.ts'
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
  /** A freeform call's `input` in token pieces, for the surfaces that stream it as text. */
  inputPieces?: string[]
}

/**
 * A piece of a reply, in the order it is sent: text, reasoning (each surface's thinking), a tool
 * call. A reply's blocks are never empty: a reply of nothing is one empty text block.
 */
export type ReplyBlock =
  | { type: 'text'; text: string; pieces: string[] }
  | { type: 'reasoning'; text: string; pieces: string[]; signature: string }
  | { type: 'toolCall'; call: ReplyToolCall }

/** A reply, decided before the first byte is sent; each surface only changes its wording. */
export interface GeneratedReply {
  /** Stable for the same request; surfaces prefix it (`chatcmpl-`, `msg_`, …). */
  id: string
  /** The text blocks' text, joined. */
  text: string
  /** The text split at token boundaries: what a stream sends, one piece per chunk. */
  textPieces: string[]
  toolCalls: ReplyToolCall[]
  /** The reasoning blocks' text, joined ('' when the reply has none). */
  reasoning: string
  /** Everything in the order it is sent. */
  blocks: ReplyBlock[]
  finishReason: FinishReason
  promptTokens: number
  /** Every generated token, reasoning included. */
  completionTokens: number
  /** The part of completionTokens that is reasoning. */
  reasoningTokens: number
  /** The part of promptTokens read from the prompt cache. */
  cacheReadTokens: number
  /** The part of promptTokens written to the prompt cache. */
  cacheWriteTokens: number
}

/** A reply's content before it is cut into tokens. */
export type PlannedBlock = { type: 'text'; text: string } | { type: 'reasoning'; text: string } | { type: 'toolCall'; call: ToolCall }

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
  let planned = plan(model, conversation, override, id)
  const output = conversation.output
  const calls = planned.some((block) => block.type === 'toolCall')
  // A scenario's text or JSON is sent as given; a reply that calls tools is not an answer yet.
  const scripted = override.text !== undefined || override.json !== undefined || override.blocks !== undefined
  if (isStructured(output) && !scripted && !calls) {
    const text = planned.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('')
    planned = [...planned.filter((block) => block.type === 'reasoning'), { type: 'text', text: structuredReply(output, text) }]
  }
  const limit = Math.min(conversation.maxOutputTokens ?? Number.POSITIVE_INFINITY, model.maxOutputTokens)
  // Structured output is never cut, as tool calls are not: half a JSON document would only test
  // the client's JSON parser. A scenario can still send a cut one (`text` and `finishReason`).
  const whole = isStructured(output) || override.json !== undefined
  const { blocks, cut } = whole ? { blocks: planned, cut: false } : cutAt(tokenizer, planned, limit)
  return assembleReply(tokenizer, {
    id,
    blocks,
    finishReason: override.finishReason ?? (cut ? 'length' : calls ? 'tool_calls' : 'stop'),
    promptTokens: override.usage?.promptTokens ?? promptTokens,
    completionTokens: override.usage?.completionTokens,
    cacheReadTokens: override.usage?.cacheReadTokens,
    cacheWriteTokens: override.usage?.cacheWriteTokens,
  })
}

/**
 * The blocks that fit in `limit` tokens of text and reasoning, the last one cut; a cut reply
 * drops its tool calls, which are never cut: half an arguments object would only test the
 * client's JSON parser.
 */
function cutAt(tokenizer: Tokenizer, planned: readonly PlannedBlock[], limit: number): { blocks: PlannedBlock[]; cut: boolean } {
  let left = limit
  const kept: PlannedBlock[] = []
  for (const block of planned) {
    if (block.type === 'toolCall') {
      kept.push(block)
      continue
    }
    const count = tokenizer.count(block.text)
    if (count <= left) {
      kept.push(block)
      left -= count
      continue
    }
    if (left > 0) kept.push({ ...block, text: tokenizer.truncate(block.text, left) })
    return { blocks: kept.filter((candidate) => candidate.type !== 'toolCall'), cut: true }
  }
  return { blocks: kept, cut: false }
}

/** What a reply is made of, before its tokens are counted. */
export interface ReplyParts {
  id: string
  blocks: readonly PlannedBlock[]
  finishReason: FinishReason
  promptTokens: number
  /** Counted from the blocks when not given. */
  completionTokens?: number | undefined
  cacheReadTokens?: number | undefined
  cacheWriteTokens?: number | undefined
  /** The calls' JSON as recorded, by their place among the calls, when it is not their arguments' own. */
  argumentsTexts?: readonly (string | undefined)[]
}

/**
 * A reply from its blocks: text and reasoning cut into token pieces, calls with their JSON, an
 * empty text block when there is neither text nor a call (every surface sends one then), and the
 * token counts.
 */
export function assembleReply(tokenizer: Tokenizer, parts: ReplyParts): GeneratedReply {
  const blocks: ReplyBlock[] = []
  let callIndex = 0
  for (const block of parts.blocks) {
    if (block.type === 'toolCall') {
      blocks.push({ type: 'toolCall', call: replyToolCall(tokenizer, block.call, parts.argumentsTexts?.[callIndex++]) })
    } else if (block.type === 'reasoning') {
      blocks.push({ ...block, pieces: tokenizer.pieces(block.text), signature: reasoningSignature(parts.id, blocks.length, block.text) })
    } else if (block.text !== '') {
      blocks.push({ ...block, pieces: tokenizer.pieces(block.text) })
    }
  }
  if (!blocks.some((block) => block.type !== 'reasoning')) blocks.push({ type: 'text', text: '', pieces: [] })
  const texts = blocks.flatMap((block) => (block.type === 'text' ? [block] : []))
  const reasonings = blocks.flatMap((block) => (block.type === 'reasoning' ? [block] : []))
  const toolCalls = blocks.flatMap((block) => (block.type === 'toolCall' ? [block.call] : []))
  const text = texts.map((block) => block.text).join('')
  const reasoning = reasonings.map((block) => block.text).join('')
  const counted = reasonings.reduce((sum, block) => sum + tokenizer.count(block.text), 0)
  const completionTokens = parts.completionTokens ?? counted + completionTokenCount(tokenizer, text, toolCalls)
  return {
    id: parts.id,
    text,
    textPieces: texts.flatMap((block) => block.pieces),
    toolCalls,
    reasoning,
    blocks,
    finishReason: parts.finishReason,
    promptTokens: parts.promptTokens,
    completionTokens,
    reasoningTokens: Math.min(counted, completionTokens),
    cacheReadTokens: parts.cacheReadTokens ?? 0,
    cacheWriteTokens: parts.cacheWriteTokens ?? 0,
  }
}

/** An opaque, stable signature of a reasoning block, as Anthropic signs thinking: clients keep it and send it back. */
function reasoningSignature(replyId: string, index: number, text: string): string {
  return btoa(`mock-signature:${replyId}:${index}:${stableHash(text)}`)
}

/** The reply's content: a scenario's blocks, or its text/json/calls in place of the model's own, with its reasoning first. */
function plan(model: Model, conversation: Conversation, override: ReplyOverride, id: string): PlannedBlock[] {
  if (override.blocks !== undefined) {
    let index = 0
    return override.blocks.map((block): PlannedBlock => {
      if (block.type !== 'toolCall') return block
      return { type: 'toolCall', call: specCall(id, index++, block.name, block.arguments ?? {}, block.input) }
    })
  }
  const text = override.reasoning ?? (conversation.thinking === undefined ? undefined : defaultReasoning(conversation))
  const reasoning: PlannedBlock[] = text !== undefined ? [{ type: 'reasoning', text }] : []
  return [...reasoning, ...planReply(overridden(model.reply, override), model, conversation, id)]
}

/** What the model thinks when asked to think and no scenario says what: a line about the user's words. */
function defaultReasoning(conversation: Conversation): string {
  if (conversation.thinking === 'omitted') return ''
  const words = withoutAgentContext(lastUserText(conversation)).replace(/\s+/g, ' ').trim()
  const quoted = words.length > 80 ? `${words.slice(0, 80)}…` : words
  return words === '' ? 'Nothing was asked: a short answer will do.' : `The user wrote "${quoted}". A short, direct answer fits.`
}

/** The model's reply setting with a scenario's text (or JSON) or tool calls put in its place. */
function overridden(reply: ModelReply, override: ReplyOverride): ModelReply {
  const text = override.json !== undefined ? JSON.stringify(override.json) : override.text
  if (override.toolCalls !== undefined) return { type: 'tool-calls', calls: override.toolCalls, text: text ?? '' }
  if (text !== undefined) return { type: 'text', text }
  return reply
}

function planReply(reply: ModelReply, model: Model, conversation: Conversation, id: string): PlannedBlock[] {
  switch (reply.type) {
    case 'text':
      return [{ type: 'text', text: reply.text }]
    case 'lorem':
      return [{ type: 'text', text: loremText(reply.tokens, id) }]
    case 'tool-calls':
      return [
        { type: 'text', text: reply.text },
        ...reply.calls.map((call, index): PlannedBlock => ({
          type: 'toolCall',
          call: specCall(id, index, call.name, call.arguments, call.input),
        })),
      ]
    case 'echo':
      return echo(model, conversation, id)
  }
}

/** A scripted call: a freeform one's arguments are its input, as the surfaces without freeform tools send it. */
function specCall(replyId: string, index: number, name: string, args: Record<string, unknown>, input: string | undefined): ToolCall {
  const id = callId(replyId, index)
  return input === undefined ? { id, name, arguments: args } : { id, name, arguments: { input }, input }
}

/**
 * The default reply, as a model given tools answers: a tool is called when the request requires
 * one (`required` calls the tool the user names, else the first; a named choice calls that one),
 * or, when the model may choose, when the user's last turn names an offered tool ("weather" names
 * `get_weather`) and is not answered by a tool result yet. Otherwise the reply quotes the user, or
 * the tool result it follows.
 */
function echo(model: Model, conversation: Conversation, id: string): PlannedBlock[] {
  const last = conversation.turns.at(-1)
  const tool = toolToCall(conversation)
  if (tool) {
    const call = tool.freeform
      ? { id: callId(id, 0), name: tool.name, arguments: { input: freeformInput }, input: freeformInput }
      : { id: callId(id, 0), name: tool.name, arguments: exampleArguments(tool.parameters) }
    return [{ type: 'toolCall', call }]
  }
  const intro = `This is a mock reply from ${model.id}.`
  if (last?.role === 'tool') {
    const source = last.toolName ? `The tool ${last.toolName}` : 'The tool'
    return [{ type: 'text', text: `${intro} ${source} returned: ${excerpt(last.text)}` }]
  }
  const said = lastUserText(conversation)
  return [{ type: 'text', text: said ? `${intro} You said: "${excerpt(said)}"` : intro }]
}

/** What the default reply sends a freeform tool: harmless text, for clients that run what they get. */
const freeformInput = 'mock input'

function toolToCall(conversation: Conversation): ToolDefinition | undefined {
  const { tools, toolChoice: choice } = conversation
  if (tools.length === 0 || choice === 'none') return undefined
  if (typeof choice === 'object') return tools.find((tool) => tool.name === choice.name)
  if (choice === 'required') return namedTool(tools, lastUserText(conversation)) ?? tools[0]
  if (conversation.turns.at(-1)?.role !== 'user') return undefined
  return namedTool(tools, lastUserText(conversation))
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
  return {
    ...call,
    argumentsJson,
    argumentPieces: tokenizer.pieces(argumentsJson),
    ...(call.input !== undefined ? { inputPieces: tokenizer.pieces(call.input) } : {}),
  }
}

/** The tokens a reply's text and calls (their names and arguments, or a freeform call's input) count for, when no usage says otherwise. */
export function completionTokenCount(tokenizer: Tokenizer, text: string, toolCalls: readonly ReplyToolCall[]): number {
  return (
    tokenizer.count(text) +
    toolCalls.reduce((sum, call) => sum + tokenizer.count(call.name) + tokenizer.count(call.input ?? call.argumentsJson), 0)
  )
}
