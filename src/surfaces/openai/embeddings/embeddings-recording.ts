import { float32FromBase64 } from './float32-base64.ts'
import { embeddingsOf, type AnswerReader } from '../../../recording/collapse/collapsed.ts'
import { arrayOf, numberOf, objectOf, stringOf } from '../../../recording/collapse/json-fields.ts'
import { embeddingKey } from '../../../recording/request-key.ts'
import type { RouteRecording } from '../../../recording/route-recording.ts'
import { embeddingInputs, type EmbeddingsRequest } from './embeddings-request.ts'

/** A vector as sent: numbers, or OpenAI's base64 float32s. */
export function vectorOf(value: unknown): number[] | undefined {
  if (Array.isArray(value)) return value.every((n) => typeof n === 'number') ? (value as number[]) : undefined
  const text = stringOf(value)
  if (text === undefined) return undefined
  try {
    return float32FromBase64(text)
  } catch {
    return undefined
  }
}

/** `POST /v1/embeddings`, read back: the vectors in the order of their `index`. */
export const openaiEmbeddingsReader: AnswerReader = {
  json(body) {
    const list = objectOf(body)
    const data = arrayOf(list?.data)
      .map((item) => objectOf(item))
      .sort((a, b) => (numberOf(a?.index) ?? 0) - (numberOf(b?.index) ?? 0))
    return embeddingsOf(
      data.map((item) => vectorOf(item?.embedding)),
      numberOf(objectOf(list?.usage)?.prompt_tokens),
    )
  },
}

/** How `POST /v1/embeddings` is recorded and replayed: keyed by its inputs and dimensions. */
export const embeddingsRecording: RouteRecording<EmbeddingsRequest> = {
  family: 'openai.embeddings',
  kind: 'embeddings',
  key: (body) => embeddingKey(embeddingInputs(body), body.dimensions),
  prefixes: {},
  answers: openaiEmbeddingsReader,
}
