import { z } from 'zod'
import { lazySchema } from '../../../schema/lazy-schema.ts'
import { memoByObject } from '../../../cache/memo.ts'
import type { EmbeddingInput } from '../../../generation/embed.ts'

// Google's own limit on the requests of one batch.
const maxBatch = 100

// Only text is embedded; other kinds of part (inlineData, fileData) pass through untouched.
const part = lazySchema(() => z.looseObject({ text: z.string().optional() }))
const content = lazySchema(() => z.looseObject({ role: z.string().optional(), parts: z.array(part) }))

const taskType = lazySchema(() =>
  z.enum([
    'TASK_TYPE_UNSPECIFIED',
    'RETRIEVAL_QUERY',
    'RETRIEVAL_DOCUMENT',
    'SEMANTIC_SIMILARITY',
    'CLASSIFICATION',
    'CLUSTERING',
    'QUESTION_ANSWERING',
    'FACT_VERIFICATION',
    'CODE_RETRIEVAL_QUERY',
  ]),
)

// `model` (`models/…`) is what the SDKs send in the body; the path's model is the one used.
// `taskType` and `title` are accepted and do not change the vector: the same text embeds the same way.
const embedContentRequest = lazySchema(() =>
  z.looseObject({
    model: z.string().optional(),
    content,
    taskType: taskType.optional(),
    title: z.string().optional(),
    outputDimensionality: z.int().positive().optional(),
  }),
)

/** `models/{model}:embedContent`: one content. */
export const embedContentRequestSchema = embedContentRequest

/** `models/{model}:batchEmbedContents`: up to 100 `embedContent` requests. */
export const batchEmbedContentsRequestSchema = lazySchema(() =>
  z.looseObject({
    requests: z
      .array(embedContentRequest)
      .min(1)
      .max(maxBatch, { error: `at most ${maxBatch} requests can be in a batch` }),
  }),
)

export type EmbedContentRequest = z.output<typeof embedContentRequestSchema>
export type BatchEmbedContentsRequest = z.output<typeof batchEmbedContentsRequestSchema>

/** One request's text (its text parts, joined by a space) and the dimensions it asks for. */
export function embeddingInput(request: EmbedContentRequest): EmbeddingInput {
  const text = request.content.parts.flatMap((p) => (p.text === undefined ? [] : [p.text])).join(' ')
  return { text, ...(request.outputDimensionality !== undefined && { dimensions: request.outputDimensionality }) }
}

/** The inputs of a batch, in order. Remembered per body object: bodies are remembered by their text. */
export const batchEmbeddingInputs = memoByObject((request: BatchEmbedContentsRequest): EmbeddingInput[] =>
  request.requests.map(embeddingInput),
)
