import type { FinishReason } from '../../generation/compose-reply.ts'
import type { RecordedEmbeddings, RecordedReply } from '../recording-schema.ts'
import type { SseEvent } from '../sse-frames.ts'

/** What a stream came to: the reply it spelled, and whether it ended as its surface ends a finished stream. */
export interface CollapsedStream {
  reply: RecordedReply
  /** The surface's end of a finished stream was seen (`[DONE]`, `message_stop`, `response.completed`, a finish reason). */
  complete: boolean
  /** Why the stream did not finish, when an error event ended it. */
  failed?: string
}

/** How one route family's answers read back as content. */
export interface AnswerReader {
  /** A JSON answer, or undefined when it is not the shape the route answers. */
  json(body: unknown): RecordedReply | RecordedEmbeddings | undefined
  /** A stream's events, in order. */
  stream?(events: readonly SseEvent[]): CollapsedStream
}

/** Builds a reply a field at a time as a stream's events arrive; `text` and `reasoning` join their pieces. */
export class ReplyBuilder {
  id: string | undefined
  text = ''
  reasoning = ''
  readonly calls: { id?: string; name: string; argumentsText: string; arguments?: Record<string, unknown> }[] = []
  finishReason: FinishReason | undefined
  promptTokens: number | undefined
  completionTokens: number | undefined

  build(argumentsOf: (text: string) => Record<string, unknown>): RecordedReply {
    const toolCalls = this.calls.map((call) => ({
      ...(call.id !== undefined && { id: call.id }),
      name: call.name,
      arguments: call.arguments ?? argumentsOf(call.argumentsText),
    }))
    return {
      ...(this.id !== undefined && { id: this.id }),
      text: this.text,
      toolCalls,
      ...(this.reasoning !== '' && { reasoning: this.reasoning }),
      finishReason: this.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
      ...(this.promptTokens !== undefined &&
        this.completionTokens !== undefined && { usage: { promptTokens: this.promptTokens, completionTokens: this.completionTokens } }),
    }
  }
}
