import type { Conversation } from '../../../conversation/conversation.ts'
import { toTurns } from '../responses/input-items.ts'
import { toResolvedItems, type RealtimeItem } from './conversation-items.ts'
import type { RealtimeSessionConfig } from './session-config.ts'

/** What one response generates from: the session's instructions and tools, and the conversation's items as turns. */
export function responseConversation(settings: RealtimeSessionConfig, items: readonly RealtimeItem[]): Conversation {
  const { system, turns } = toTurns(toResolvedItems(items))
  if (settings.instructions) system.unshift(settings.instructions)
  const choice = settings.tool_choice
  return {
    system: system.join('\n'),
    turns,
    tools: settings.tools.flatMap((tool) =>
      tool.type === 'function' && tool.name
        ? [{ name: tool.name, description: tool.description ?? '', parameters: tool.parameters ?? {} }]
        : [],
    ),
    toolChoice: typeof choice === 'string' ? choice : choice.type === 'function' && choice.name ? { name: choice.name } : 'auto',
    maxOutputTokens: settings.max_output_tokens === 'inf' ? undefined : settings.max_output_tokens,
  }
}
