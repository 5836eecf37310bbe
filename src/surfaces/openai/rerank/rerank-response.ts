import type { ProfileShapes } from '../../../profiles/profile-type.ts'
import { newApiUsage } from '../new-api-usage.ts'
import type { RankedDocument } from './rerank.ts'

/** What a rerank answer is made of, in any shape. */
export interface Reranked {
  id: string
  model: string
  ranked: RankedDocument[]
  /** Each document's text, when the request asked for them back. */
  documents: readonly string[] | undefined
  promptTokens: number
}

const shapes: Record<ProfileShapes['rerankResponse'], (reranked: Reranked) => unknown> = {
  // Jina's shape, which Cohere-style readers (Dify's) read too: results with `document: {text}`.
  jina: ({ id, model, ranked, documents, promptTokens }) => ({
    id,
    model,
    results: ranked.map(({ index, score }) => ({
      index,
      relevance_score: score,
      ...(documents && { document: { text: documents[index] } }),
    })),
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  }),
  // new-api re-serialises the upstream's answer as its own RerankResponse: results, then its full usage struct.
  'new-api': ({ ranked, documents, promptTokens }) => ({
    results: ranked.map(({ index, score }) => ({
      ...(documents && { document: { text: documents[index] } }),
      index,
      relevance_score: score,
    })),
    usage: newApiUsage(promptTokens),
  }),
}

/** A rerank answer in the profile's shape. */
export function rerankResponse(shape: ProfileShapes['rerankResponse'], reranked: Reranked): unknown {
  return shapes[shape](reranked)
}
