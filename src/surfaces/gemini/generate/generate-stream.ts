import type { Generation } from '../../../generation/generate.ts'
import { sseEvent } from '../../../streaming/sse.ts'
import type { StreamFrame } from '../../../streaming/stream-plan.ts'
import { functionCallParts, geminiFinishReason, geminiUsage, responseTrailer } from './generate-response.ts'

/**
 * The `streamGenerateContent` SSE stream: each event a whole `GenerateContentResponse` with only
 * the new parts, one text piece per chunk, all function calls in one chunk, `finishReason` and
 * the full usage on the last. `data:` lines only: `@google/genai` drops blocks that start with
 * `event:`, and there is no `[DONE]`.
 */
export function generateStreamFrames(generation: Generation): StreamFrame[] {
  const { reply } = generation
  const chunks: { parts: object[]; tokens: number }[] = reply.textPieces.map((piece) => ({ parts: [{ text: piece }], tokens: 1 }))
  if (reply.toolCalls.length > 0) {
    const tokens = reply.toolCalls.reduce((sum, call) => sum + call.argumentPieces.length, 0)
    chunks.push({ parts: functionCallParts(generation), tokens: Math.max(tokens, 1) })
  }
  if (chunks.length === 0) chunks.push({ parts: [{ text: '' }], tokens: 0 })

  const { promptTokens } = reply
  // Until the end, Google reports only the prompt, as here.
  const runningUsage = { promptTokenCount: promptTokens, totalTokenCount: promptTokens }
  const trailer = responseTrailer(generation)
  const last = chunks.length - 1
  return chunks.map((chunk, index): StreamFrame => {
    const final = index === last
    const candidate = {
      content: { role: 'model', parts: chunk.parts },
      ...(final ? { finishReason: geminiFinishReason(reply.finishReason) } : {}),
      index: 0,
    }
    return {
      text: sseEvent({ candidates: [candidate], usageMetadata: final ? geminiUsage(generation) : runningUsage, ...trailer }),
      tokens: chunk.tokens,
    }
  })
}
