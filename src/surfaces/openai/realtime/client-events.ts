import { gatewayError } from '../../../errors/gateway-error.ts'
import { toRealtimeItem, type RealtimeItem } from './conversation-items.ts'
import { base64AudioMs } from './pcm16.ts'
import type { ClientEvent, ClientItem } from './realtime-events.ts'
import { startResponse } from './realtime-response.ts'
import type { RealtimeSessionState } from './realtime-session-state.ts'
import { updateSession } from './session-config.ts'

/** The least audio `input_audio_buffer.commit` takes, as OpenAI's Realtime API has it. */
const leastCommitMs = 100

/**
 * What a client event (`text` as received) does to the session, and the events it answers with; a
 * refusal is raised (the session sends it as an `error` event).
 */
export function handleClientEvent(state: RealtimeSessionState, event: ClientEvent, text: string): void {
  const { conversation, send } = state
  switch (event.type) {
    case 'session.update':
      state.config = updateSession(state.config, event.session)
      return send({ type: 'session.updated', session: state.config })
    case 'conversation.item.create':
      assertItemAudio(event.item)
      return addItem(
        state,
        toRealtimeItem(event.item, () => state.newId('item')),
        0,
        event.previous_item_id,
      )
    case 'conversation.item.retrieve':
      return send({ type: 'conversation.item.retrieved', item: conversation.get(event.item_id) })
    case 'conversation.item.delete':
      conversation.delete(event.item_id)
      return send({ type: 'conversation.item.deleted', item_id: event.item_id })
    case 'conversation.item.truncate':
      conversation.indexOf(event.item_id)
      return send({
        type: 'conversation.item.truncated',
        item_id: event.item_id,
        content_index: event.content_index,
        audio_end_ms: event.audio_end_ms,
      })
    case 'input_audio_buffer.append': {
      const ms = base64AudioMs(event.audio)
      if (ms === undefined) throw invalidAudio('audio')
      state.bufferMs += ms
      return
    }
    case 'input_audio_buffer.clear':
      state.bufferMs = 0
      return send({ type: 'input_audio_buffer.cleared' })
    case 'input_audio_buffer.commit':
      return commitAudio(state)
    case 'response.create':
      return startResponse(state, event.response ?? {}, text)
    case 'response.cancel':
      if (!state.active) throw gatewayError('realtime_response_not_active')
      state.active.cancel.abort()
      return
  }
}

function invalidAudio(param: string) {
  return gatewayError('socket_event_invalid', { detail: `${param}: Invalid base64 audio.` }, { param })
}

/** An item's audio is base64, as the input buffer's is, though the conversation keeps only its transcript. */
function assertItemAudio(item: ClientItem): void {
  if (item.type !== 'message') return
  item.content.forEach((part, index) => {
    if (typeof part.audio === 'string' && base64AudioMs(part.audio) === undefined) throw invalidAudio(`item.content[${index}].audio`)
  })
}

/** Adds an item to the conversation and tells the client: `conversation.item.added`, then `.done`. */
function addItem(state: RealtimeSessionState, item: RealtimeItem, audioMs: number, previousItemId?: string | null): void {
  const previous = state.conversation.insert(item, audioMs, previousItemId)
  state.send({ type: 'conversation.item.added', previous_item_id: previous, item })
  state.send({ type: 'conversation.item.done', previous_item_id: previous, item })
}

/** The input audio buffer becomes a user item holding its audio (no transcript: the mock detects no speech). */
function commitAudio(state: RealtimeSessionState): void {
  const audioMs = state.bufferMs
  if (audioMs < leastCommitMs) throw gatewayError('realtime_audio_too_short', { ms: audioMs.toFixed(2), least: leastCommitMs })
  const id = state.newId('item')
  state.send({ type: 'input_audio_buffer.committed', previous_item_id: state.conversation.lastItemId, item_id: id })
  state.bufferMs = 0
  addItem(
    state,
    {
      id,
      object: 'realtime.item',
      type: 'message',
      status: 'completed',
      role: 'user',
      content: [{ type: 'input_audio', transcript: null }],
    },
    audioMs,
  )
}
