import type { RecordedReply } from '../../../recording/recording-schema.ts'
import type { SseEvent } from '../../../recording/sse-frames.ts'
import { ReplyBuilder, type AnswerReader, type CollapsedStream } from '../../../recording/collapse/collapsed.ts'
import { arrayOf, objectOf, parseJson, stringOf } from '../../../recording/collapse/json-fields.ts'
import { conversationKey } from '../../../recording/request-key.ts'
import type { RouteRecording } from '../../../recording/route-recording.ts'
import { ownInputConversation } from './responses-conversation.ts'
import type { ResponsesRequest } from './responses-request.ts'

/** A Responses API response object, read back: its message text, function calls and reasoning summaries, in order. */
function readResponse(body: unknown): RecordedReply | undefined {
  const response = objectOf(body)
  if (!response || !Array.isArray(response.output)) return undefined
  const reply = new ReplyBuilder()
  reply.id = stringOf(response.id)
  for (const entry of arrayOf(response.output)) {
    const item = objectOf(entry)
    if (item?.type === 'message') {
      for (const part of arrayOf(item.content)) reply.text += stringOf(objectOf(part)?.text) ?? ''
    } else if (item?.type === 'function_call') {
      const name = stringOf(item.name)
      if (name) reply.calls.push({ id: stringOf(item.call_id), name, argumentsText: stringOf(item.arguments) ?? '' })
    } else if (item?.type === 'reasoning') {
      for (const part of arrayOf(item.summary)) reply.reasoning += stringOf(objectOf(part)?.text) ?? ''
    }
  }
  const incomplete = stringOf(objectOf(response.incomplete_details)?.reason)
  reply.finishReason = incomplete === 'max_output_tokens' ? 'length' : reply.calls.length > 0 ? 'tool_calls' : 'stop'
  return reply.usage(objectOf(response.usage)?.input_tokens, objectOf(response.usage)?.output_tokens).build()
}

const finished = new Set(['response.completed', 'response.incomplete'])
const deltas = new Set(['response.output_text.delta', 'response.function_call_arguments.delta'])

/**
 * The Responses API, read back. A stream ends with `response.completed` (or `.incomplete`),
 * which carries the whole response: that is what the reply is read from.
 */
export const responsesReader: AnswerReader = {
  json: readResponse,
  stream(events: readonly SseEvent[]): CollapsedStream {
    let last: RecordedReply | undefined
    let complete = false
    let failed: string | undefined
    // The reply is read from the last event; where each event was in it, from the deltas before.
    let spelled = 0
    const progress: number[] = []
    for (const { data } of events) {
      const event = objectOf(parseJson(data))
      const type = stringOf(event?.type)
      if (type !== undefined && deltas.has(type)) spelled += stringOf(event?.delta)?.length ?? 0
      progress.push(spelled)
      if (type === undefined) continue
      if (finished.has(type)) {
        last = readResponse(event?.response)
        complete = last !== undefined
      } else if (type === 'response.failed' || type === 'error') {
        failed = stringOf(objectOf(objectOf(event?.response)?.error)?.message) ?? stringOf(event?.message) ?? type
      }
    }
    return {
      reply: last ?? new ReplyBuilder().build(),
      complete: complete && failed === undefined,
      ...(failed !== undefined && { failed }),
      progress,
    }
  },
}

/**
 * How `POST /v1/responses` is recorded and replayed. A continuation is keyed by its own input:
 * what it continues lives in another store on each side.
 */
export const responsesRecording: RouteRecording<ResponsesRequest> = {
  family: 'openai.responses',
  kind: 'generation',
  key: (body) => conversationKey(ownInputConversation(body)),
  prefixes: { reply: 'resp_', call: 'call_' },
  answers: responsesReader,
}
