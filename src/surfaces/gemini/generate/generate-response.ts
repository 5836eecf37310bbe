import type { FinishReason, ReplyToolCall } from '../../../generation/compose-reply.ts'
import type { Generation } from '../../../generation/generate.ts'
import type { ProfileShapes } from '../../../profiles/profile-type.ts'
import type { Model } from '../../../world/schemas.ts'

/**
 * `native`: what Google itself answers (and new-api passes through from a Gemini channel).
 * `converted`: what new-api makes of another channel's reply (relaykit's openai_to_gemini
 * converter): no `modelVersion` or `responseId`, `safetyRatings: []`, its own usage fields.
 */
export type GeminiReplyShape = 'native' | 'converted'

/** The shape of a Gemini reply for `model`: native, unless the profile converts the replies of models not served natively. */
export function geminiReplyShape(replies: ProfileShapes['geminiReplies'], model: Model): GeminiReplyShape {
  return replies === 'by-channel' && !model.endpointTypes.includes('gemini') ? 'converted' : 'native'
}

/** `STOP` also for function calls, as Gemini does; a cut reply is `MAX_TOKENS`. */
export function geminiFinishReason(reason: FinishReason): 'STOP' | 'MAX_TOKENS' {
  return reason === 'length' ? 'MAX_TOKENS' : 'STOP'
}

/** The prompt's size per modality; the gateway only ever sees text. */
export function promptTokensDetails(promptTokens: number) {
  return [{ modality: 'TEXT', tokenCount: promptTokens }]
}

/** The full `usageMetadata`: on a non-streamed response, and on a stream's last chunk. */
export function geminiUsage(generation: Generation, shape: GeminiReplyShape, completionTokens = generation.reply.completionTokens) {
  const { promptTokens, cacheReadTokens } = generation.reply
  // Gemini counts thoughts apart from the candidates; the total holds both.
  const thoughts = Math.min(generation.reply.reasoningTokens, completionTokens)
  if (shape === 'converted') {
    return {
      promptTokenCount: promptTokens,
      toolUsePromptTokenCount: 0,
      candidatesTokenCount: completionTokens - thoughts,
      totalTokenCount: promptTokens + completionTokens,
      thoughtsTokenCount: thoughts,
      cachedContentTokenCount: cacheReadTokens,
      promptTokensDetails: null,
      toolUsePromptTokensDetails: null,
      candidatesTokensDetails: null,
    }
  }
  return {
    promptTokenCount: promptTokens,
    candidatesTokenCount: completionTokens - thoughts,
    totalTokenCount: promptTokens + completionTokens,
    ...(cacheReadTokens > 0 ? { cachedContentTokenCount: cacheReadTokens } : {}),
    promptTokensDetails: promptTokensDetails(promptTokens),
    ...(thoughts > 0 ? { thoughtsTokenCount: thoughts } : {}),
  }
}

/** The fields every native response and chunk ends with; converted ones have none. */
export function responseTrailer(generation: Generation, shape: GeminiReplyShape) {
  return shape === 'native' ? { modelVersion: generation.model.id, responseId: generation.reply.id } : {}
}

/** A function call part: `args` is an object, not the JSON text OpenAI sends. */
export function functionCallPart(call: ReplyToolCall) {
  return { functionCall: { name: call.name, args: call.arguments } }
}

/** A thought part: reasoning, which `@google/genai` leaves out of `response.text`. */
export function thoughtPart(text: string) {
  return { text, thought: true }
}

/** A non-streamed `GenerateContentResponse` with one candidate. */
export function generateContentResponse(generation: Generation, shape: GeminiReplyShape) {
  const { reply } = generation
  // In the reply's order; an empty reply still has a text part, so `parts` is never empty.
  const parts = reply.blocks.map((block) => {
    if (block.type === 'reasoning') return thoughtPart(block.text)
    if (block.type === 'text') return { text: block.text }
    return functionCallPart(block.call)
  })
  return {
    candidates: [
      {
        content: { role: 'model', parts },
        finishReason: geminiFinishReason(reply.finishReason),
        index: 0,
        ...(shape === 'converted' ? { safetyRatings: [] } : {}),
      },
    ],
    usageMetadata: geminiUsage(generation, shape),
    ...responseTrailer(generation, shape),
  }
}
