import type { Embeddings } from '../../../generation/embed.ts'
import type { ProfileShapes } from '../../../profiles/profile-type.ts'
import type { Model } from '../../../world/schemas.ts'
import { float32Base64 } from './float32-base64.ts'
import { newApiUsage } from '../new-api-usage.ts'

/**
 * `openai`: OpenAI's own answer (and what new-api passes through from an OpenAI channel).
 * `converted`: what new-api makes of a Gemini channel's `batchEmbedContents` answer
 * (GeminiEmbeddingHandler): float vectors whatever `encoding_format` asked, its own usage object.
 */
export type EmbeddingsShape = 'openai' | 'converted'

/** The shape of an embeddings answer for `model`: OpenAI's, unless the profile converts the answers of models Gemini serves. */
export function embeddingsShape(shapes: ProfileShapes['openaiEmbeddings'], model: Model): EmbeddingsShape {
  return shapes === 'by-channel' && model.endpointTypes.includes('gemini') ? 'converted' : 'openai'
}

/** The answer to `POST /v1/embeddings`: one `embedding` object per input, in order. */
export function embeddingsResponse(embeddings: Embeddings, shape: EmbeddingsShape, base64: boolean) {
  const { vectors, model, promptTokens } = embeddings
  if (shape === 'converted') {
    return {
      object: 'list',
      data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
      model: model.id,
      usage: newApiUsage(promptTokens),
    }
  }
  return {
    object: 'list',
    data: vectors.map((vector, index) => ({ object: 'embedding', index, embedding: base64 ? float32Base64(vector) : vector })),
    model: model.id,
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  }
}
