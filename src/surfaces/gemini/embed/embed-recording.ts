import { embeddingsOf, type AnswerReader } from '../../../recording/collapse/collapsed.ts'
import { arrayOf, objectOf } from '../../../recording/collapse/json-fields.ts'
import { embeddingKey } from '../../../recording/request-key.ts'
import type { RouteRecording } from '../../../recording/route-recording.ts'
import { vectorOf } from '../../openai/embeddings/embeddings-recording.ts'
import { batchEmbeddingInputs, embeddingInput, type BatchEmbedContentsRequest, type EmbedContentRequest } from './embed-request.ts'

/** Gemini's `embedContent` (one `embedding`) and `batchEmbedContents` (`embeddings`), read back; a vector as the OpenAI reader reads one. */
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

/** How `embedContent` is recorded and replayed: keyed by its one input and `outputDimensionality`. */
export const embedContentRecording: RouteRecording<EmbedContentRequest> = {
  family: 'gemini.embed_content',
  kind: 'embeddings',
  key: (body) => embeddingKey([embeddingInput(body)], body.outputDimensionality),
  prefixes: {},
  answers: geminiEmbeddingsReader,
}

/** How `batchEmbedContents` is recorded and replayed: keyed by its inputs and the first one's dimensions. */
export const batchEmbedContentsRecording: RouteRecording<BatchEmbedContentsRequest> = {
  family: 'gemini.batch_embed_contents',
  kind: 'embeddings',
  key: (body) => {
    const inputs = batchEmbeddingInputs(body)
    return embeddingKey(inputs, inputs[0]?.dimensions)
  },
  prefixes: {},
  answers: geminiEmbeddingsReader,
}
