import type { ToolCall, Turn } from '../../../conversation/conversation.ts'

/**
 * One item of a Responses conversation, read from the request or from a stored response: the
 * Responses API keeps a conversation as a flat list of items (messages, calls, call outputs),
 * where chat nests calls inside the assistant message that made them.
 */
export type InputItem =
  | { kind: 'system'; text: string }
  | { kind: 'message'; role: 'user' | 'assistant'; text: string }
  | { kind: 'call'; callId: string; name: string; arguments: Record<string, unknown>; input?: string }
  | { kind: 'output'; callId: string; text: string }
  /** An `item_reference`: an output item of a stored response, by its id. */
  | { kind: 'reference'; id: string }

/** Items with every reference replaced by what it names. */
export type ResolvedItem = Exclude<InputItem, { kind: 'reference' }>

/**
 * The system text and turns that items spell, in the surface-neutral form generation reads: calls
 * join the assistant turn before them (or start one), and a call's output names its tool.
 */
export function toTurns(items: readonly ResolvedItem[]): { system: string[]; turns: Turn[] } {
  const system: string[] = []
  const turns: Turn[] = []
  const callNames = new Map<string, string>()
  for (const item of items) {
    switch (item.kind) {
      case 'system':
        system.push(item.text)
        break
      case 'message':
        turns.push({ role: item.role, text: item.text, toolCalls: [] })
        break
      case 'call': {
        callNames.set(item.callId, item.name)
        const call: ToolCall = {
          id: item.callId,
          name: item.name,
          arguments: item.arguments,
          ...(item.input !== undefined ? { input: item.input } : {}),
        }
        const last = turns.at(-1)
        // Every turn here was made by this function, so adding to it changes nobody else's.
        if (last?.role === 'assistant') last.toolCalls.push(call)
        else turns.push({ role: 'assistant', text: '', toolCalls: [call] })
        break
      }
      case 'output': {
        const toolName = callNames.get(item.callId)
        turns.push({ role: 'tool', text: item.text, toolCalls: [], toolCallId: item.callId, ...(toolName ? { toolName } : {}) })
        break
      }
    }
  }
  return { system, turns }
}
