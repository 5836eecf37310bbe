import { lastUserText, type Conversation } from './conversation.ts'

/**
 * A generation request's conversation as `when`'s content fields read it, the same whichever
 * surface carried it: what the user said last, the system prompt, the tool results the request
 * returns, the tools it offers, and how many user turns it holds.
 */
export interface ConversationView {
  /** The text of the last user turn. */
  message: string
  /** The system prompt or instructions, joined. */
  system: string
  /** The tool results the request returns: those after the model's last turn, each with its call's id where the surface gives one. */
  toolResults: { callId?: string; name?: string; text: string }[]
  /** The names of the tools offered. */
  tools: string[]
  /** The number of user turns, 1 for the first. */
  turn: number
}

/**
 * The view of `conversation`; `moreTools` are tools the request offers beyond those the
 * conversation lists for generation (a Responses `custom` tool, an `additional_tools` item).
 */
export function conversationView(conversation: Conversation, moreTools: readonly string[] = []): ConversationView {
  const { turns } = conversation
  const lastAssistant = turns.findLastIndex((turn) => turn.role === 'assistant')
  const toolResults = turns
    .slice(lastAssistant + 1)
    .filter((turn) => turn.role === 'tool')
    .map((turn) => ({
      ...(turn.toolCallId !== undefined && { callId: turn.toolCallId }),
      ...(turn.toolName !== undefined && { name: turn.toolName }),
      text: turn.text,
    }))
  const tools = [...new Set([...conversation.tools.map((tool) => tool.name), ...moreTools])]
  return {
    message: lastUserText(conversation),
    system: conversation.system,
    toolResults,
    tools,
    turn: turns.reduce((count, turn) => (turn.role === 'user' ? count + 1 : count), 0),
  }
}
