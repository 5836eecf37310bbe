import type { FinishReason } from '../../generation/compose-reply.ts'
import type { RecordedEmbeddings, RecordedReply } from '../recording-schema.ts'
import type { SseEvent } from '../sse-frames.ts'
import { argumentsOf, numberOf } from './json-fields.ts'

/** What a stream came to: the reply it spelled, and whether it ended as its surface ends a finished stream. */
export interface CollapsedStream {
  reply: RecordedReply
  /** The surface's end of a finished stream was seen (`[DONE]`, `message_stop`, `response.completed`, a finish reason). */
  complete: boolean
  /** Why the stream did not finish, when an error event ended it. */
  failed?: string
  /**
   * After each event, how much of the reply's content (text, tool names and arguments) had been
   * spelled, in characters: where in the reply each event was, which a replay's pace follows.
   */
  progress: number[]
}

/** How one route family's answers read back as content. */
export interface AnswerReader {
  /** A JSON answer, or undefined when it is not the shape the route answers. */
  json(body: unknown): RecordedReply | RecordedEmbeddings | undefined
  /** A stream's events, in order. */
  stream?(events: readonly SseEvent[]): CollapsedStream
}

/** Vectors read back, when every one could be; their prompt tokens when the answer reports them. */
export function embeddingsOf(vectors: (number[] | undefined)[], promptTokens: number | undefined): RecordedEmbeddings | undefined {
  if (vectors.length === 0 || vectors.some((vector) => vector === undefined)) return undefined
  return { vectors: vectors as number[][], ...(promptTokens !== undefined && { promptTokens }) }
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

  /** The usage a reply reports, when it reports both counters. */
  usage(prompt: unknown, completion: unknown): this {
    const promptTokens = numberOf(prompt)
    const completionTokens = numberOf(completion)
    const both = promptTokens !== undefined && completionTokens !== undefined
    this.promptTokens = both ? promptTokens : undefined
    this.completionTokens = both ? completionTokens : undefined
    return this
  }

  /** How much content the reply spells so far, in characters (reasoning left out: the replay does not send it). */
  get spelled(): number {
    let count = this.text.length
    for (const call of this.calls)
      count += call.name.length + (call.arguments ? JSON.stringify(call.arguments).length : call.argumentsText.length)
    return count
  }

  /** What a stream came to: the reply, whether it finished, and what failed it. */
  collapsed(complete: boolean, failed: string | undefined, progress: number[]): CollapsedStream {
    return { reply: this.build(), complete: complete && failed === undefined, ...(failed !== undefined && { failed }), progress }
  }

  build(): RecordedReply {
    const toolCalls = this.calls.map((call) => ({
      ...(call.id !== undefined && { id: call.id }),
      name: call.name,
      ...(call.arguments ? { arguments: call.arguments } : argumentsOf(call.argumentsText)),
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
