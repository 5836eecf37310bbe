import { lastUserText, type Conversation } from '../conversation/conversation.ts'
import type { EmbeddingInput } from '../generation/embed.ts'
import { stableHash } from '../random/stable-hash.ts'
import type { ConversationKey, EmbeddingKey } from './request-key-schema.ts'

/**
 * What identifies a generation request in a recording, read from the conversation every surface
 * reduces its body to, so that recording and replay compare requests by the same rule. Enough
 * to tell the steps of an agent's tool loop apart (the tool results since the last user turn, the
 * turn count), and no more: call ids, dates in a system prompt and the like vary from run to run
 * and are left to hashes or out.
 */
export function conversationKey(conversation: Conversation): ConversationKey {
  const { turns, tools, system } = conversation
  const lastUser = turns.findLastIndex((turn) => turn.role === 'user')
  return {
    lastUserTurn: lastUserText(conversation),
    turns: turns.length,
    toolResults: turns
      .slice(lastUser + 1)
      .filter((turn) => turn.role === 'tool')
      .map((turn) => turn.text),
    tools: tools.map((tool) => tool.name),
    toolsHash: tools.length === 0 ? null : stableHash(JSON.stringify(tools)),
    systemHash: system === '' ? null : stableHash(system),
  }
}

/** What identifies an embedding request: its texts, and the dimensions when it asks. */
export function embeddingKey(inputs: readonly EmbeddingInput[], dimensions: number | null | undefined): EmbeddingKey {
  return { inputs: inputs.map((input) => input.text), ...(typeof dimensions === 'number' && { dimensions }) }
}
