import { z } from 'zod'
import { lazySchema } from '../../../schema/lazy-schema.ts'
import { atMost } from '../../../schema/list-limit.ts'

// Cohere's limit on the documents of one rerank request (Jina documents none).
const maxDocuments = 10_000
import { memoByObject } from '../../../cache/memo.ts'

/**
 * `POST /v1/rerank` in the Jina and Cohere shape Dify and other RAG clients send: `query`,
 * `documents` as strings or `{text}` objects, `top_n` (null for all), `return_documents`.
 */
export const rerankRequestSchema = lazySchema(() =>
  z.looseObject({
    model: z.string().min(1),
    query: z.string(),
    documents: z
      // An object's `text` is what is ranked; an object without one is ranked as its JSON.
      .array(
        z.union([z.string(), z.looseObject({ text: z.string().optional() })], {
          error: 'expected a string, or an object whose text is a string',
        }),
      )
      .min(1, { error: 'must not be an empty list' })
      .max(maxDocuments, atMost(maxDocuments, 'documents')),
    top_n: z.int().positive().nullable().optional(),
    return_documents: z.boolean().nullable().optional(),
  }),
)

export type RerankRequest = z.output<typeof rerankRequestSchema>

/** Each document's text, as the reranker reads it: a string, an object's `text`, or any other object as its JSON. */
export const rerankDocuments = memoByObject((request: RerankRequest): string[] =>
  request.documents.map((document) => {
    if (typeof document === 'string') return document
    return typeof document.text === 'string' ? document.text : JSON.stringify(document)
  }),
)
