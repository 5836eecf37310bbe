import type { FinishReason } from '../../../generation/compose-reply.ts'
import type { Generation } from '../../../generation/generate.ts'

/** `STOP` also for function calls, as Gemini does; a cut reply is `MAX_TOKENS`. */
export function geminiFinishReason(reason: FinishReason): 'STOP' | 'MAX_TOKENS' {
  return reason === 'length' ? 'MAX_TOKENS' : 'STOP'
}

/** The prompt's size per modality; the gateway only ever sees text. */
export function promptTokensDetails(promptTokens: number) {
  return [{ modality: 'TEXT', tokenCount: promptTokens }]
}

/** The full `usageMetadata`: on a non-streamed response, and on a stream's last chunk. */
export function geminiUsage(generation: Generation) {
  const { promptTokens, completionTokens } = generation.reply
  return {
    promptTokenCount: promptTokens,
    candidatesTokenCount: completionTokens,
    totalTokenCount: promptTokens + completionTokens,
    promptTokensDetails: promptTokensDetails(promptTokens),
  }
}

/** The fields every response and chunk share. */
export function responseTrailer(generation: Generation) {
  return { modelVersion: generation.model.id, responseId: generation.reply.id }
}

/** A function call part: `args` is an object, not the JSON text OpenAI sends. */
export function functionCallParts(generation: Generation) {
  return generation.reply.toolCalls.map((call) => ({ functionCall: { name: call.name, args: call.arguments } }))
}

/** A non-streamed `GenerateContentResponse` with one candidate. */
export function generateContentResponse(generation: Generation) {
  const { reply } = generation
  const calls = functionCallParts(generation)
  // A reply of calls alone has no text part; an empty reply still has one, so `parts` is never empty.
  const textParts = reply.text !== '' || calls.length === 0 ? [{ text: reply.text }] : []
  return {
    candidates: [
      {
        content: { role: 'model', parts: [...textParts, ...calls] },
        finishReason: geminiFinishReason(reply.finishReason),
        index: 0,
      },
    ],
    usageMetadata: geminiUsage(generation),
    ...responseTrailer(generation),
  }
}
