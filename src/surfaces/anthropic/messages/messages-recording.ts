import type { FinishReason } from '../../../generation/compose-reply.ts'
import type { RecordedReply } from '../../../recording/recording-schema.ts'
import type { SseEvent } from '../../../recording/sse-frames.ts'
import { ReplyBuilder, type AnswerReader, type CollapsedStream } from '../../../recording/collapse/collapsed.ts'
import { numberOf, objectOf, parseJson, stringOf } from '../../../recording/collapse/json-fields.ts'
import { conversationKey } from '../../../recording/request-key.ts'
import type { RouteRecording } from '../../../recording/route-recording.ts'
import { messagesConversation, type MessagesRequest } from './messages-request.ts'

/** Anthropic's stop reasons in neutral terms; the others (a stop sequence, a refusal, a pause) end the turn. */
function stopReason(reason: unknown): FinishReason | undefined {
  if (reason === 'max_tokens') return 'length'
  if (reason === 'tool_use') return 'tool_calls'
  return typeof reason === 'string' ? 'stop' : undefined
}

/** A content block's part of the reply. */
function addBlock(reply: ReplyBuilder, block: Record<string, unknown> | undefined): void {
  if (block?.type === 'text') reply.text += stringOf(block.text) ?? ''
  else if (block?.type === 'thinking') reply.reasoning += stringOf(block.thinking) ?? ''
  else if (block?.type === 'tool_use') {
    const input = objectOf(block.input)
    reply.calls.push({
      id: stringOf(block.id),
      name: stringOf(block.name) ?? '',
      argumentsText: '',
      ...(input && Object.keys(input).length > 0 && { arguments: input }),
    })
  }
}

/** A Message and the Messages event stream, read back. */
export const messagesReader: AnswerReader = {
  json(body): RecordedReply | undefined {
    const message = objectOf(body)
    if (message?.type !== 'message' || !Array.isArray(message.content)) return undefined
    const reply = new ReplyBuilder()
    reply.id = stringOf(message.id)
    for (const block of message.content) addBlock(reply, objectOf(block))
    reply.finishReason = stopReason(message.stop_reason)
    return reply.usage(objectOf(message.usage)?.input_tokens, objectOf(message.usage)?.output_tokens).build()
  },

  stream(events: readonly SseEvent[]): CollapsedStream {
    const reply = new ReplyBuilder()
    let stopped = false
    let failed: string | undefined
    // The block each index names: a tool's input arrives as JSON text in pieces.
    const blocks = new Map<number, string>()
    const progress: number[] = []
    for (const { event: name, data } of events) {
      progress.push(0)
      const event = objectOf(parseJson(data))
      const type = stringOf(event?.type) ?? name
      if (type === 'message_start') {
        const message = objectOf(event?.message)
        reply.id = stringOf(message?.id)
        reply.promptTokens = numberOf(objectOf(message?.usage)?.input_tokens)
      } else if (type === 'content_block_start') {
        const block = objectOf(event?.content_block)
        blocks.set(numberOf(event?.index) ?? blocks.size, stringOf(block?.type) ?? '')
        addBlock(reply, block)
      } else if (type === 'content_block_delta') {
        const delta = objectOf(event?.delta)
        if (delta?.type === 'text_delta') reply.text += stringOf(delta.text) ?? ''
        else if (delta?.type === 'thinking_delta') reply.reasoning += stringOf(delta.thinking) ?? ''
        else if (delta?.type === 'input_json_delta') {
          const call = reply.calls.at(-1)
          if (call && blocks.get(numberOf(event?.index) ?? -1) === 'tool_use') call.argumentsText += stringOf(delta.partial_json) ?? ''
        }
      } else if (type === 'message_delta') {
        reply.finishReason = stopReason(objectOf(event?.delta)?.stop_reason) ?? reply.finishReason
        const usage = objectOf(event?.usage)
        reply.completionTokens = numberOf(usage?.output_tokens) ?? reply.completionTokens
        reply.promptTokens = numberOf(usage?.input_tokens) ?? reply.promptTokens
      } else if (type === 'message_stop') {
        stopped = true
      } else if (type === 'error') {
        failed = stringOf(objectOf(event?.error)?.message) ?? 'an error event'
      }
      progress[progress.length - 1] = reply.spelled
    }
    return reply.collapsed(stopped, failed, progress)
  },
}

/** How `POST /v1/messages` is recorded and replayed: keyed by its conversation, read back as a Message or its events. */
export const messagesRecording: RouteRecording<MessagesRequest> = {
  family: 'anthropic.messages',
  kind: 'generation',
  key: (body) => conversationKey(messagesConversation(body)),
  prefixes: { reply: 'msg_', call: 'toolu_' },
  answers: messagesReader,
}
