import type { Conversation } from './conversation.ts'
import type { Tokenizer } from './tokenizer.ts'

/** Framing tokens per message, as OpenAI counts chat messages. */
const perTurn = 3
/** The tokens that prime the assistant's reply. */
const replyPriming = 3

/**
 * The prompt's size in tokens: every turn's text and tool calls, the system text and the tool
 * definitions, plus per-message framing. Usage, count_tokens/countTokens and the context check
 * all use this one count, so they agree on every surface.
 */
export function countPromptTokens(tokenizer: Tokenizer, conversation: Conversation): number {
  // Conversations are shared by identical requests (see the surfaces' *Conversation): count once.
  let total = counted.get(conversation)
  if (total === undefined) counted.set(conversation, (total = count(tokenizer, conversation)))
  return total
}

const counted = new WeakMap<Conversation, number>()

function count(tokenizer: Tokenizer, conversation: Conversation): number {
  let total = replyPriming
  if (conversation.system) total += perTurn + tokenizer.count(conversation.system)
  for (const turn of conversation.turns) {
    total += perTurn + tokenizer.count(turn.text)
    for (const call of turn.toolCalls) total += tokenizer.count(call.name) + tokenizer.count(JSON.stringify(call.arguments))
  }
  for (const tool of conversation.tools) {
    total += tokenizer.count(tool.name) + tokenizer.count(tool.description) + tokenizer.count(JSON.stringify(tool.parameters ?? {}))
  }
  return total
}
