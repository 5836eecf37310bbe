import { parseArguments } from '../chat/chat-request.ts'
import type { ResolvedItem } from '../responses/input-items.ts'
import type { ClientItem } from './realtime-events.ts'

type Content = { type: string; text?: string | null; transcript?: string | null; audio?: string | null }

/** A conversation item as the Realtime API shows it (`realtime.item`). */
export type RealtimeItem =
  | {
      id: string
      object: 'realtime.item'
      type: 'message'
      status: 'completed' | 'in_progress' | 'incomplete'
      role: 'user' | 'assistant' | 'system'
      content: Content[]
    }
  | {
      id: string
      object: 'realtime.item'
      type: 'function_call'
      status: 'completed' | 'in_progress' | 'incomplete'
      name: string
      call_id: string
      arguments: string
    }
  | { id: string; object: 'realtime.item'; type: 'function_call_output'; call_id: string; output: string }

/** An item of the session's conversation, with how much input audio it holds (billed as audio tokens). */
export interface HeldItem {
  item: RealtimeItem
  audioMs: number
}

/** A client's item as the conversation holds it: its id (or a new one), `completed`, audio bytes dropped. */
export function toRealtimeItem(item: ClientItem, newId: () => string): RealtimeItem {
  const id = item.id ?? newId()
  switch (item.type) {
    case 'message':
      return {
        id,
        object: 'realtime.item',
        type: 'message',
        status: 'completed',
        role: item.role,
        // The audio itself is not kept: only its transcript, which is null until transcribed.
        content: item.content.map(({ audio: _audio, ...part }) =>
          part.type === 'input_audio' ? { ...part, transcript: part.transcript ?? null } : part,
        ),
      }
    case 'function_call':
      return {
        id,
        object: 'realtime.item',
        type: 'function_call',
        status: 'completed',
        name: item.name,
        call_id: item.call_id ?? `call_${id}`,
        arguments: item.arguments,
      }
    case 'function_call_output':
      return { id, object: 'realtime.item', type: 'function_call_output', call_id: item.call_id, output: item.output }
  }
}

/** The conversation in the surface-neutral items the Responses API's reader turns into turns. */
export function toResolvedItems(items: readonly RealtimeItem[]): ResolvedItem[] {
  return items.map((item): ResolvedItem => {
    switch (item.type) {
      case 'message': {
        const text = item.content.map((part) => part.text ?? part.transcript ?? '').join('')
        return item.role === 'system' ? { kind: 'system', text } : { kind: 'message', role: item.role, text }
      }
      case 'function_call':
        return { kind: 'call', callId: item.call_id, name: item.name, arguments: parseArguments(item.arguments) }
      case 'function_call_output':
        return { kind: 'output', callId: item.call_id, text: item.output }
    }
  })
}
