import type { FinishReason } from '../../../generation/compose-reply.ts'
import type { RecordedReply } from '../../../recording/recording-schema.ts'
import type { SseEvent } from '../../../recording/sse-frames.ts'
import { ReplyBuilder, type AnswerReader, type CollapsedStream } from '../../../recording/collapse/collapsed.ts'
import { arrayOf, numberOf, objectOf, parseJson, stringOf } from '../../../recording/collapse/json-fields.ts'
import { conversationKey } from '../../../recording/request-key.ts'
import type { RouteRecording } from '../../../recording/route-recording.ts'
import { chatConversation, type ChatRequest } from './chat-request.ts'

/** OpenAI's finish reasons in neutral terms; a content filter's stop is a stop. */
export function chatFinishReason(reason: unknown): FinishReason | undefined {
  if (reason === 'length') return 'length'
  if (reason === 'tool_calls' || reason === 'function_call') return 'tool_calls'
  return typeof reason === 'string' ? 'stop' : undefined
}

/** Reasoning as OpenAI-compatible gateways send it beside the content (`reasoning_content`, `reasoning`). */
function reasoningOf(message: Record<string, unknown>): string {
  return stringOf(message.reasoning_content) ?? stringOf(message.reasoning) ?? ''
}

/** A `chat.completion` and a `chat.completion.chunk` stream, read back. */
export const chatReader: AnswerReader = {
  json(body): RecordedReply | undefined {
    const completion = objectOf(body)
    const choice = objectOf(arrayOf(completion?.choices)[0])
    const message = objectOf(choice?.message)
    if (!completion || !message) return undefined
    const reply = new ReplyBuilder()
    reply.id = stringOf(completion.id)
    reply.text = stringOf(message.content) ?? ''
    reply.reasoning = reasoningOf(message)
    for (const item of arrayOf(message.tool_calls)) {
      const call = objectOf(item)
      const fn = objectOf(call?.function)
      const name = stringOf(fn?.name)
      if (name) reply.calls.push({ id: stringOf(call?.id), name, argumentsText: stringOf(fn?.arguments) ?? '' })
    }
    reply.finishReason = chatFinishReason(choice?.finish_reason)
    return reply.usage(objectOf(completion.usage)?.prompt_tokens, objectOf(completion.usage)?.completion_tokens).build()
  },

  stream(events: readonly SseEvent[]): CollapsedStream {
    const reply = new ReplyBuilder()
    const byIndex = new Map<number, (typeof reply.calls)[number]>()
    let done = false
    let failed: string | undefined
    const progress: number[] = []
    for (const { data } of events) {
      progress.push(reply.spelled)
      if (data.trim() === '[DONE]') {
        done = true
        continue
      }
      const chunk = objectOf(parseJson(data))
      if (!chunk) continue
      if (chunk.error !== undefined) failed = stringOf(objectOf(chunk.error)?.message) ?? 'an error event'
      reply.id ??= stringOf(chunk.id)
      const usage = objectOf(chunk.usage)
      if (usage) {
        reply.promptTokens = numberOf(usage.prompt_tokens) ?? reply.promptTokens
        reply.completionTokens = numberOf(usage.completion_tokens) ?? reply.completionTokens
      }
      const choice = objectOf(arrayOf(chunk.choices)[0])
      const delta = objectOf(choice?.delta)
      if (delta) {
        reply.text += stringOf(delta.content) ?? ''
        reply.reasoning += reasoningOf(delta)
        for (const item of arrayOf(delta.tool_calls)) {
          const part = objectOf(item)
          const fn = objectOf(part?.function)
          const index = numberOf(part?.index) ?? byIndex.size
          let call = byIndex.get(index)
          if (!call) {
            call = { name: '', argumentsText: '' }
            byIndex.set(index, call)
            reply.calls.push(call)
          }
          call.id ??= stringOf(part?.id)
          call.name += stringOf(fn?.name) ?? ''
          call.argumentsText += stringOf(fn?.arguments) ?? ''
        }
      }
      reply.finishReason = chatFinishReason(choice?.finish_reason) ?? reply.finishReason
      progress[progress.length - 1] = reply.spelled
    }
    return reply.collapsed(done, failed, progress)
  },
}

/** How `POST /v1/chat/completions` is recorded and replayed: keyed by its conversation, read back as a completion or its chunks. */
export const chatRecording: RouteRecording<ChatRequest> = {
  family: 'openai.chat_completions',
  kind: 'generation',
  key: (body) => conversationKey(chatConversation(body)),
  prefixes: { reply: 'chatcmpl-', call: 'call_' },
  answers: chatReader,
}
