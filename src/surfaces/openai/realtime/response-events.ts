import type { Generation } from '../../../generation/generate.ts'
import type { ResolvedError } from '../../../profiles/resolved-error.ts'
import type { StreamFrame } from '../../../streaming/stream-plan.ts'
import type { RealtimeItem } from './conversation-items.ts'
import { msPerSpokenToken, realtimeAudioTokens, speak } from './pcm16.ts'

/** What one response is: its ids, how it speaks, and where its items go. */
export interface ResponseSetting {
  id: string
  conversationId: string | null
  modalities: ('text' | 'audio')[]
  maxOutputTokens: number | 'inf'
  voice: unknown
  format: unknown
  metadata: Record<string, string> | null
  /** The item the response's first output item follows in the conversation. */
  previousItemId: string | null
  newItemId(): string
}

/** A response's planned events: their frames, its output items, and the ends it can come to early. */
export interface ResponsePlan {
  frames: StreamFrame[]
  output: RealtimeItem[]
  /**
   * The events that end a cancelled response (billed in full when it started): `response.done`
   * cancelled, after `response.created` when it was cancelled before that went out, so that a
   * client always hears of a response before its end.
   */
  cancelled(announced: boolean): object[]
  /** An error that breaks the response: the `error` event, then `response.done` failed. */
  failed(error: ResolvedError): object[]
}

/** The tokens a response's audio adds to what its text counts: the input audio, and the reply spoken. */
export function audioUsage(inputAudioMs: number, spoken: boolean, replyTokens: number) {
  return {
    promptTokens: realtimeAudioTokens.input(inputAudioMs),
    completionTokens: spoken ? realtimeAudioTokens.output(replyTokens * msPerSpokenToken) : 0,
  }
}

/**
 * A response's server events, in the GA Realtime API's order: `response.created`; per output item
 * `response.output_item.added`, `conversation.item.added`, its content part and deltas (the
 * transcript and PCM16 audio for audio, text for text, arguments for a function call), the
 * `.done` events and `conversation.item.done`; then `response.done` with the usage billed.
 */
export function planResponse(
  generation: Generation,
  setting: ResponseSetting,
  usage: ReturnType<typeof realtimeUsage>,
  event: () => string,
): ResponsePlan {
  const { reply } = generation
  const frames: StreamFrame[] = []
  const add: AddEvent = (body, tokens = 0) => frames.push({ text: `${JSON.stringify({ event_id: event(), ...body })}\n`, tokens })
  const response = responseOf(setting)
  const created = { type: 'response.created', response: response('in_progress', [], null, null) }
  add(created)
  const items = outputItems(setting, add)
  if (reply.text !== '' || reply.toolCalls.length === 0) addMessage(reply, setting, add, items)
  for (const call of reply.toolCalls) addFunctionCall(call, setting, add, items)
  const cut = reply.finishReason === 'length'
  add({
    type: 'response.done',
    response: response(
      cut ? 'incomplete' : 'completed',
      items.output,
      cut ? { type: 'incomplete', reason: 'max_output_tokens' } : null,
      usage,
    ),
  })
  return {
    frames,
    output: items.output,
    cancelled: (announced) => [
      ...(announced ? [] : [{ event_id: event(), ...created }]),
      {
        event_id: event(),
        type: 'response.done',
        response: response('cancelled', [], { type: 'cancelled', reason: 'client_cancelled' }, usage),
      },
    ],
    failed: (error) => [
      errorEvent(error, event()),
      {
        event_id: event(),
        type: 'response.done',
        response: response('failed', [], { type: 'failed', error: { type: error.type, code: error.code, message: error.message } }, usage),
      },
    ],
  }
}

/** Adds a server event to the plan; `tokens` is how many output tokens it carries, for pacing. */
type AddEvent = (body: object, tokens?: number) => void

type Reply = Generation['reply']

/** The `response` object of the response's events, at a status, with its output, status details and usage. */
function responseOf(setting: ResponseSetting) {
  const base = {
    object: 'realtime.response',
    id: setting.id,
    conversation_id: setting.conversationId,
    output_modalities: setting.modalities,
    max_output_tokens: setting.maxOutputTokens,
    audio: { output: { format: setting.format, voice: setting.voice } },
    metadata: setting.metadata,
  }
  return (status: string, output: RealtimeItem[], details: object | null, withUsage: object | null) => ({
    ...base,
    status,
    status_details: details,
    output,
    usage: withUsage,
  })
}

/** The response's output items: each announced, and done (then in the conversation, after the one before it). */
function outputItems(setting: ResponseSetting, add: AddEvent) {
  const inConversation = setting.conversationId !== null
  const output: RealtimeItem[] = []
  let previous = setting.previousItemId
  return {
    output,
    added(index: number, item: RealtimeItem) {
      add({ type: 'response.output_item.added', response_id: setting.id, output_index: index, item }, item.type === 'function_call' ? 1 : 0)
      if (inConversation) add({ type: 'conversation.item.added', previous_item_id: previous, item })
    },
    done(index: number, item: RealtimeItem) {
      add({ type: 'response.output_item.done', response_id: setting.id, output_index: index, item })
      if (inConversation) add({ type: 'conversation.item.done', previous_item_id: previous, item })
      output.push(item)
      previous = item.id
    },
  }
}

/** The assistant's message, first of the output: its text, or its transcript and PCM16 audio when it speaks. */
function addMessage(reply: Reply, setting: ResponseSetting, add: AddEvent, items: ReturnType<typeof outputItems>): void {
  const spoken = setting.modalities.includes('audio')
  const id = setting.newItemId()
  const at = { response_id: setting.id, item_id: id, output_index: 0, content_index: 0 }
  const status = reply.finishReason === 'length' ? 'incomplete' : 'completed'
  items.added(0, { id, object: 'realtime.item', type: 'message', status: 'in_progress', role: 'assistant', content: [] })
  add({ type: 'response.content_part.added', ...at, part: spoken ? { type: 'audio', transcript: '' } : { type: 'text', text: '' } })
  reply.textPieces.forEach((delta) => {
    if (!spoken) return add({ type: 'response.output_text.delta', ...at, delta }, 1)
    add({ type: 'response.output_audio_transcript.delta', ...at, delta }, 1)
    add({ type: 'response.output_audio.delta', ...at, delta: speak(delta) })
  })
  if (spoken) {
    add({ type: 'response.output_audio.done', ...at })
    add({ type: 'response.output_audio_transcript.done', ...at, transcript: reply.text })
  } else add({ type: 'response.output_text.done', ...at, text: reply.text })
  add({
    type: 'response.content_part.done',
    ...at,
    part: spoken ? { type: 'audio', transcript: reply.text } : { type: 'text', text: reply.text },
  })
  items.done(0, {
    id,
    object: 'realtime.item',
    type: 'message',
    status,
    role: 'assistant',
    content: [spoken ? { type: 'output_audio', transcript: reply.text } : { type: 'output_text', text: reply.text }],
  })
}

/** A function call of the output, after the message: its arguments in pieces. */
function addFunctionCall(
  call: Reply['toolCalls'][number],
  setting: ResponseSetting,
  add: AddEvent,
  items: ReturnType<typeof outputItems>,
): void {
  const index = items.output.length
  const id = setting.newItemId()
  const callId = `call_${call.id}`
  const item = { id, object: 'realtime.item' as const, type: 'function_call' as const, name: call.name, call_id: callId }
  items.added(index, { ...item, status: 'in_progress', arguments: '' })
  const at = { response_id: setting.id, item_id: id, output_index: index, call_id: callId }
  for (const delta of call.argumentPieces) add({ type: 'response.function_call_arguments.delta', ...at, delta }, 1)
  add({ type: 'response.function_call_arguments.done', ...at, name: call.name, arguments: call.argumentsJson })
  items.done(index, { ...item, status: 'completed', arguments: call.argumentsJson })
}

/** The Realtime API's `usage`, with the text and audio split the SDK types carry. */
export function realtimeUsage(generation: Generation, audio: { promptTokens: number; completionTokens: number }) {
  const textIn = generation.reply.promptTokens
  const textOut = generation.reply.completionTokens
  return {
    total_tokens: textIn + audio.promptTokens + textOut + audio.completionTokens,
    input_tokens: textIn + audio.promptTokens,
    output_tokens: textOut + audio.completionTokens,
    input_token_details: {
      text_tokens: textIn,
      audio_tokens: audio.promptTokens,
      image_tokens: 0,
      cached_tokens: 0,
      cached_tokens_details: { text_tokens: 0, audio_tokens: 0, image_tokens: 0 },
    },
    output_token_details: { text_tokens: textOut, audio_tokens: audio.completionTokens },
  }
}

/** A Realtime `error` event: the error, and the client event that caused it when there is one. */
export function errorEvent(error: ResolvedError, eventId: string, clientEventId: string | null = null): object {
  return {
    type: 'error',
    event_id: eventId,
    error: { type: error.type, code: error.code, message: error.message, param: error.param, event_id: clientEventId },
  }
}
