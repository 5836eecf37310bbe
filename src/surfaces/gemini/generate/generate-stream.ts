import type { Generation } from '../../../generation/generate.ts'
import { sseEvent } from '../../../streaming/sse.ts'
import type { StreamFrame } from '../../../streaming/stream-plan.ts'
import {
  functionCallPart,
  geminiFinishReason,
  geminiUsage,
  responseTrailer,
  thoughtPart,
  type GeminiReplyShape,
} from './generate-response.ts'

/**
 * The `streamGenerateContent` SSE stream: each event a whole `GenerateContentResponse` with only
 * the new parts in the reply's order, one text or thought piece per chunk, function calls in a
 * row in one chunk. `data:` lines only:
 * `@google/genai` drops blocks that start with `event:`, and there is no `[DONE]`. Natively,
 * `finishReason` and the full usage come on the last chunk; converted (new-api), every chunk says
 * `finishReason: null` and carries usage, and an extra empty chunk ends the stream.
 */
export function generateStreamFrames(generation: Generation, shape: GeminiReplyShape): StreamFrame[] {
  const { reply } = generation
  const chunks: { parts: object[]; tokens: number; calls?: true }[] = []
  for (const block of reply.blocks) {
    if (block.type === 'reasoning') for (const piece of block.pieces) chunks.push({ parts: [thoughtPart(piece)], tokens: 1 })
    else if (block.type === 'text') for (const piece of block.pieces) chunks.push({ parts: [{ text: piece }], tokens: 1 })
    else {
      // Calls in a row come in one chunk, as Gemini sends them.
      const last = chunks.at(-1)
      const chunk = last?.calls ? last : { parts: [], tokens: 0, calls: true as const }
      if (chunk !== last) chunks.push(chunk)
      chunk.parts.push(functionCallPart(block.call))
      chunk.tokens += Math.max(block.call.argumentPieces.length, 1)
    }
  }
  const finishReason = geminiFinishReason(reply.finishReason)
  const trailer = responseTrailer(generation, shape)
  const event = (parts: object[], final: boolean, usage: object) => {
    const candidate =
      shape === 'converted'
        ? { content: { role: 'model', parts }, finishReason: final ? finishReason : null, index: 0, safetyRatings: [] }
        : { content: { role: 'model', parts }, ...(final ? { finishReason } : {}), index: 0 }
    return sseEvent({ candidates: [candidate], usageMetadata: usage, ...trailer })
  }

  if (shape === 'converted') {
    const running = geminiUsage(generation, shape, 0)
    const frames = chunks.map((chunk): StreamFrame => ({ text: event(chunk.parts, false, running), tokens: chunk.tokens }))
    frames.push({ text: event([], true, geminiUsage(generation, shape)), tokens: 0 })
    return frames
  }

  if (chunks.length === 0) chunks.push({ parts: [{ text: '' }], tokens: 0 })
  const { promptTokens } = reply
  // Until the end, Google reports only the prompt, as here.
  const runningUsage = { promptTokenCount: promptTokens, totalTokenCount: promptTokens }
  const last = chunks.length - 1
  return chunks.map((chunk, index): StreamFrame => {
    const final = index === last
    return { text: event(chunk.parts, final, final ? geminiUsage(generation, shape) : runningUsage), tokens: chunk.tokens }
  })
}
