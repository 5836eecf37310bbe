import { float32FromBase64 } from '../../surfaces/openai/embeddings/float32-base64.ts'
import type { RecordedEmbeddings } from '../recording-schema.ts'
import type { AnswerReader } from './collapsed.ts'
import { arrayOf, numberOf, objectOf, stringOf } from './json-fields.ts'

/** A vector as sent: numbers, or OpenAI's base64 float32s. */
function vectorOf(value: unknown): number[] | undefined {
  if (Array.isArray(value)) return value.every((n) => typeof n === 'number') ? (value as number[]) : undefined
  const text = stringOf(value)
  if (text === undefined) return undefined
  try {
    return float32FromBase64(text)
  } catch {
    return undefined
  }
}

function embeddingsOf(vectors: (number[] | undefined)[], promptTokens: number | undefined): RecordedEmbeddings | undefined {
  if (vectors.length === 0 || vectors.some((vector) => vector === undefined)) return undefined
  return { vectors: vectors as number[][], ...(promptTokens !== undefined && { promptTokens }) }
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

/** Gemini's `embedContent` (one `embedding`) and `batchEmbedContents` (`embeddings`), read back. */
export const geminiEmbeddingsReader: AnswerReader = {
  json(body) {
    const response = objectOf(body)
    const list = response?.embedding !== undefined ? [response.embedding] : arrayOf(response?.embeddings)
    return embeddingsOf(
      list.map((item) => vectorOf(objectOf(item)?.values)),
      undefined,
    )
  },
}
