import type { Embeddings } from '../../../generation/embed.ts'

/** `embedContent`'s answer: the one vector. */
export function embedContentResponse(embeddings: Embeddings) {
  return { embedding: { values: embeddings.vectors[0] } }
}

/** `batchEmbedContents`' answer: one vector per request, in order. */
export function batchEmbedContentsResponse(embeddings: Embeddings) {
  return { embeddings: embeddings.vectors.map((values) => ({ values })) }
}
