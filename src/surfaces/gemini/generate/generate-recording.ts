import type { RecordedReply } from '../../../recording/recording-schema.ts'
import type { SseEvent } from '../../../recording/sse-frames.ts'
import { ReplyBuilder, type AnswerReader, type CollapsedStream } from '../../../recording/collapse/collapsed.ts'
import { arrayOf, numberOf, objectOf, parseJson, stringOf } from '../../../recording/collapse/json-fields.ts'
import { conversationKey } from '../../../recording/request-key.ts'
import type { RouteRecording } from '../../../recording/route-recording.ts'
import { generateConversation, type GenerateContentRequest } from './generate-request.ts'

/** One `GenerateContentResponse` (a whole answer, or a stream's chunk) added to the reply; whether it carried a finish reason. */
function addChunk(reply: ReplyBuilder, body: Record<string, unknown>): boolean {
  reply.id ??= stringOf(body.responseId)
  const candidate = objectOf(arrayOf(body.candidates)[0])
  for (const entry of arrayOf(objectOf(candidate?.content)?.parts)) {
    const part = objectOf(entry)
    const call = objectOf(part?.functionCall)
    if (call) {
      reply.calls.push({ id: stringOf(call.id), name: stringOf(call.name) ?? '', argumentsText: '', arguments: objectOf(call.args) ?? {} })
    } else if (part?.thought === true) {
      reply.reasoning += stringOf(part.text) ?? ''
    } else {
      reply.text += stringOf(part?.text) ?? ''
    }
  }
  const usage = objectOf(body.usageMetadata)
  if (usage && numberOf(usage.candidatesTokenCount) !== undefined) {
    reply.promptTokens = numberOf(usage.promptTokenCount) ?? reply.promptTokens
    reply.completionTokens = numberOf(usage.candidatesTokenCount)
  }
  const reason = stringOf(candidate?.finishReason)
  // Gemini says STOP for function calls too; build() makes a reply of calls `tool_calls`.
  if (reason === 'MAX_TOKENS') reply.finishReason = 'length'
  else if (reason !== undefined && reason !== 'STOP' && reason !== 'FINISH_REASON_UNSPECIFIED') reply.finishReason = 'stop'
  return reason !== undefined
}

/** A `GenerateContentResponse` and the `streamGenerateContent` stream (each event a response with the new parts), read back. */
export const generateReader: AnswerReader = {
  json(body): RecordedReply | undefined {
    const response = objectOf(body)
    if (!response || !Array.isArray(response.candidates)) return undefined
    const reply = new ReplyBuilder()
    addChunk(reply, response)
    return reply.build()
  },

  stream(events: readonly SseEvent[]): CollapsedStream {
    const reply = new ReplyBuilder()
    let finished = false
    let failed: string | undefined
    const progress: number[] = []
    for (const { data } of events) {
      const chunk = objectOf(parseJson(data))
      if (chunk) {
        if (chunk.error !== undefined) failed = stringOf(objectOf(chunk.error)?.message) ?? 'an error event'
        if (addChunk(reply, chunk)) finished = true
      }
      progress.push(reply.spelled)
    }
    return reply.collapsed(finished, failed, progress)
  },
}

/**
 * How `generateContent` is recorded and replayed, and with it `streamGenerateContent` and a
 * countTokens new-api answers as a generation: one family, so that a recording of one answers the others.
 */
export const generateRecording: RouteRecording<GenerateContentRequest> = {
  family: 'gemini.generate_content',
  kind: 'generation',
  key: (body) => conversationKey(generateConversation(body)),
  prefixes: {},
  answers: generateReader,
}
