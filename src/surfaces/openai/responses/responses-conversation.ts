import { memoByObject } from '../../../cache/memo.ts'
import { gatewayError } from '../../../errors/gateway-error.ts'
import type { Conversation, OutputFormat, ToolChoice, ToolDefinition } from '../../../conversation/conversation.ts'
import { parseArguments } from '../chat/chat-request.ts'
import { toTurns, type InputItem, type ResolvedItem } from './input-items.ts'
import type { ResponsesInputItem, ResponsesRequest } from './responses-request.ts'

/** What a request may continue from: the stored responses of the user whose key asks. */
export interface StoredConversations {
  /** The items of a stored response's conversation (its own output included). */
  itemsOf(responseId: string): readonly ResolvedItem[] | undefined
  /** A stored output item, by its id. */
  item(itemId: string): ResolvedItem | undefined
}

/** A request's conversation, and its items from the start (what a response to it stores for a continuation). */
export interface ResponsesConversation {
  conversation: Conversation
  items: readonly ResolvedItem[]
}

/**
 * The conversation a Responses request holds: the stored conversation `previous_response_id`
 * names, then `input` with each `item_reference` replaced by the stored item; `instructions`
 * first (they are not carried over to a continuation, as OpenAI has it). Unknown ids are
 * `previous_response_not_found` and `response_item_not_found`.
 */
export function responsesConversation(request: ResponsesRequest, stored: StoredConversations): ResponsesConversation {
  const read = readRequest(request)
  if (!read.refersToStore) return read.standalone
  const previousId = request.previous_response_id
  const previous = previousId ? stored.itemsOf(previousId) : []
  if (!previous) throw gatewayError('previous_response_not_found', { id: previousId! }, { param: 'previous_response_id' })
  const own = read.items.map((item): ResolvedItem => {
    if (item.kind !== 'reference') return item
    const found = stored.item(item.id)
    if (!found) throw gatewayError('response_item_not_found', { id: item.id }, { param: 'input' })
    return found
  })
  const items = [...previous, ...own]
  return { conversation: toConversation(request, read.settings, items), items }
}

/**
 * A request's conversation from its own input alone, whatever it continues: the stored response
 * it names is left out, and an item it names by id stands as an empty assistant turn. What must
 * read the same whichever store holds the rest (a recording's request key: the upstream's store
 * while recording, the gateway's while replaying).
 */
export function ownInputConversation(request: ResponsesRequest): Conversation {
  const read = readRequest(request)
  if (!read.refersToStore) return read.standalone.conversation
  const items = read.items.map((item): ResolvedItem =>
    item.kind === 'reference' ? { kind: 'message', role: 'assistant', text: '' } : item,
  )
  return toConversation(request, read.settings, items)
}

interface ReadRequest {
  items: readonly InputItem[]
  settings: Omit<Conversation, 'system' | 'turns'>
  refersToStore: boolean
  /** The answer when the request names nothing stored: the same objects for the same body. */
  standalone: ResponsesConversation
}

// Remembered per body object: bodies are remembered by their text, so a repeated request skips this.
const readRequest = memoByObject((request: ResponsesRequest): ReadRequest => {
  const items = inputItems(request.input)
  const settings = {
    tools: offeredTools(request),
    toolChoice: toToolChoice(request.tool_choice),
    maxOutputTokens: request.max_output_tokens ?? undefined,
    ...outputOf(request.text?.format),
    // A reasoning summary asked for (`auto`, `concise`, `detailed`): a reasoning item first.
    ...(typeof request.reasoning?.summary === 'string' && request.reasoning.summary !== 'none' && { thinking: 'shown' as const }),
  }
  const refersToStore = Boolean(request.previous_response_id) || items.some((item) => item.kind === 'reference')
  const resolved = items as readonly ResolvedItem[]
  return {
    items,
    settings,
    refersToStore,
    standalone: { conversation: toConversation(request, settings, resolved), items: resolved },
  }
})

function toConversation(request: ResponsesRequest, settings: ReadRequest['settings'], items: readonly ResolvedItem[]): Conversation {
  const { system, turns } = toTurns(items)
  if (request.instructions) system.unshift(request.instructions)
  return { system: system.join('\n'), turns, ...settings }
}

/** The functions and freeform tools of `tools` and of `additional_tools` input items; hosted tools are never called. */
function offeredTools(request: ResponsesRequest): ToolDefinition[] {
  const added = (request.input ?? []).flatMap((item) => (item.type === 'additional_tools' ? item.tools : []))
  return [...(request.tools ?? []), ...added].flatMap((tool): ToolDefinition[] => {
    if (tool.name === undefined) return []
    if (tool.type === 'function') return [{ name: tool.name, description: tool.description ?? '', parameters: tool.parameters ?? {} }]
    if (tool.type === 'custom') return [{ name: tool.name, description: tool.description ?? '', parameters: {}, freeform: true }]
    return []
  })
}

function inputItems(input: ResponsesRequest['input']): InputItem[] {
  return (input ?? []).flatMap((item) => toItem(item) ?? [])
}

function toItem(item: ResponsesInputItem): InputItem | undefined {
  switch (item.type) {
    case 'message':
      return item.role === 'system' || item.role === 'developer'
        ? { kind: 'system', text: textOf(item.content) }
        : { kind: 'message', role: item.role, text: textOf(item.content) }
    case 'function_call':
      return { kind: 'call', callId: item.call_id, name: item.name, arguments: parseArguments(item.arguments) }
    case 'function_call_output':
    case 'custom_tool_call_output':
      return { kind: 'output', callId: item.call_id, text: textOf(item.output) }
    case 'custom_tool_call':
      return { kind: 'call', callId: item.call_id, name: item.name, arguments: { input: item.input }, input: item.input }
    case 'item_reference':
      return { kind: 'reference', id: item.id }
    case 'additional_tools':
    case 'other':
      return undefined
  }
}

function textOf(content: string | readonly { text?: string; refusal?: string }[]): string {
  if (typeof content === 'string') return content
  return content.map((part) => part.text ?? part.refusal ?? '').join('')
}

function toToolChoice(choice: ResponsesRequest['tool_choice']): ToolChoice {
  if (choice === undefined || choice === null) return 'auto'
  if (typeof choice === 'string') return choice
  // Hosted tools and allowed-tool lists leave the model free among the functions.
  return (choice.type === 'function' || choice.type === 'custom') && choice.name !== undefined ? { name: choice.name } : 'auto'
}

/** `text.format` as the conversation's `output`; plain text asks for nothing. */
function outputOf(format: NonNullable<ResponsesRequest['text']>['format']): { output?: OutputFormat } {
  if (!format || format.type === 'text') return {}
  if (format.type === 'json_object') return { output: { type: 'json_object' } }
  return { output: { type: 'json_schema', schema: format.schema, name: format.name } }
}
