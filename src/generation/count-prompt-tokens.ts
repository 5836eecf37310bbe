import type { Conversation } from '../conversation/conversation.ts'
import type { Tokenizer } from './tokenizer.ts'

/** Framing tokens per message, as OpenAI counts chat messages. */
const perTurn = 3
/** The tokens that prime the assistant's reply. */
const replyPriming = 3

/**
 * The prompt's size in tokens: every turn's text and tool calls, the system text, the tool
 * definitions and the output schema, plus per-message framing. Usage, count_tokens/countTokens
 * and the context check all use this one count, so they agree on every surface. A long prompt is
 * counted in slices that let other requests in (see Tokenizer.countAll), so the count may come as
 * a promise.
 */
export function countPromptTokens(tokenizer: Tokenizer, conversation: Conversation): number | Promise<number> {
  // Conversations are shared by identical requests (see the surfaces' *Conversation): count once,
  // even when the same long prompt arrives again while it is still being counted.
  let total = counted.get(conversation)
  if (total === undefined) {
    total = count(tokenizer, conversation)
    counted.set(conversation, total)
    if (typeof total !== 'number') {
      total.then(
        (value) => counted.set(conversation, value),
        () => counted.delete(conversation),
      )
    }
  }
  return total
}

const counted = new WeakMap<Conversation, number | Promise<number>>()

function count(tokenizer: Tokenizer, conversation: Conversation): number | Promise<number> {
  let framing = replyPriming
  // Tokens the request gave as ids: one each.
  let given = 0
  const texts: string[] = []
  if (conversation.system) {
    framing += perTurn
    texts.push(conversation.system)
  }
  for (const turn of conversation.turns) {
    framing += perTurn
    if (turn.tokenIds) {
      given += turn.tokenIds.count
      texts.push(turn.tokenIds.suffix)
    } else texts.push(turn.text)
    for (const call of turn.toolCalls) texts.push(call.name, JSON.stringify(call.arguments))
  }
  for (const tool of conversation.tools) texts.push(tool.name, tool.description, JSON.stringify(tool.parameters ?? {}))
  // A schema the reply must follow is read by the model like a tool's (the real APIs bill it as prompt).
  const output = conversation.output
  if (output?.type === 'json_schema') texts.push(JSON.stringify(output.schema ?? {}))
  if (output?.type === 'enum') texts.push(output.values.join('\n'))
  // A bare prompt is its text's tokens, exactly.
  if (conversation.bare) framing = 0
  const total = tokenizer.countAll(texts)
  return typeof total === 'number' ? total + framing + given : total.then((tokens) => tokens + framing + given)
}
