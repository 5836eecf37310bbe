import type { Conversation } from './conversation.ts'
import type { Tokenizer } from './tokenizer.ts'

/** Framing tokens per message, as OpenAI counts chat messages. */
const perTurn = 3
/** The tokens that prime the assistant's reply. */
const replyPriming = 3

/**
 * The prompt's size in tokens: every turn's text and tool calls, the system text, the tool
 * definitions and the output schema, plus per-message framing. Usage, count_tokens/countTokens and the context check
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
  // A schema the reply must follow is read by the model like a tool's (the real APIs bill it as prompt).
  const output = conversation.output
  if (output?.type === 'json_schema') total += tokenizer.count(JSON.stringify(output.schema ?? {}))
  if (output?.type === 'enum') total += tokenizer.count(output.values.join('\n'))
  return total
}
