import type { StreamTiming } from '../streaming/stream-plan.ts'
import { assembleReply, callId, type FinishReason, type GeneratedReply } from './compose-reply.ts'
import type { Tokenizer } from './tokenizer.ts'

/**
 * A recorded reply that answers a request in place of the model's own (a replay: see
 * src/recording). The world has admitted the request and checked its context window; the
 * recording gives the content, and its usage is what the quota is charged.
 */
export interface ReplayedGeneration {
  kind: 'generation'
  /** The reply id without its surface's prefix (`chatcmpl-`, `msg_`, `resp_`), when the recording has one. */
  id?: string
  text: string
  /**
   * The calls, each with its id without the surface's prefix (`call_`, `toolu_`) when recorded, and
   * its arguments: an object, or the text as the upstream sent it when that was not one (sent again
   * as it was by the surfaces that send text; those that send an object send `{}`).
   */
  toolCalls: readonly { id?: string; name: string; arguments?: Record<string, unknown>; argumentsText?: string }[]
  finishReason: FinishReason
  /** The recorded usage; counted from the request and the text when the recording has none. */
  usage?: { promptTokens: number; completionTokens: number }
  /** How a stream of it is paced: the recorded frames' waits, scaled by the replay speed. */
  timing: StreamTiming
}

/** Recorded vectors that answer an embedding request in place of computed ones. */
export interface ReplayedEmbeddings {
  kind: 'embeddings'
  /** One vector per input, in order. */
  vectors: readonly (readonly number[])[]
  /** The recorded prompt tokens; counted from the inputs when the recording has none. */
  promptTokens?: number
}

export type Replayed = ReplayedGeneration | ReplayedEmbeddings

/** A recorded reply as the reply every surface renders: its text cut into token pieces for a stream, its calls with their JSON. */
export function replayedReply(
  tokenizer: Tokenizer,
  replayed: ReplayedGeneration,
  promptTokens: number,
  fallbackId: string,
): GeneratedReply {
  const id = replayed.id ?? fallbackId
  return assembleReply(tokenizer, {
    id,
    blocks: [
      { type: 'text', text: replayed.text },
      ...replayed.toolCalls.map((call, index) => ({
        type: 'toolCall' as const,
        call: { id: call.id ?? callId(id, index), name: call.name, arguments: call.arguments ?? {} },
      })),
    ],
    argumentsTexts: replayed.toolCalls.map((call) => call.argumentsText),
    finishReason: replayed.finishReason,
    promptTokens: replayed.usage?.promptTokens ?? promptTokens,
    completionTokens: replayed.usage?.completionTokens,
  })
}
