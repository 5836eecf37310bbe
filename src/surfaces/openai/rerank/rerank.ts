import { embedText } from '../../../generation/embed-text.ts'
import { atOnceLength } from '../../../generation/tokenizer.ts'
import { mapInSlices } from '../../../time/map-in-slices.ts'

/** The vector length relevance is computed at: enough to tell texts apart, cheap for long lists. */
const dimensions = 256

/** One document's place in the ranking. */
export interface RankedDocument {
  index: number
  score: number
}

/**
 * Documents ranked by a deterministic relevance to the query: the cosine of their embeddings
 * (shared words and word parts count), spread over 0 to 1, so related documents score high and
 * unrelated ones near 0.1. `scripted` scores (a scenario's) replace those of the documents they
 * cover. Ties keep the documents' order. Many documents are scored in slices that let other
 * requests in (see `eachDocument`).
 */
export async function rerank(
  query: string,
  documents: readonly string[],
  seed: string,
  scripted: readonly number[] = [],
): Promise<RankedDocument[]> {
  const target = embedText(query, dimensions, dimensions, seed)
  const ranked = await eachDocument(documents, (document, index) => {
    const vector = embedText(document, dimensions, dimensions, seed)
    let cosine = 0
    for (let i = 0; i < dimensions; i++) cosine += vector[i]! * target[i]!
    const score = scripted[index] ?? Math.round((1 / (1 + Math.exp(2 - 8 * cosine))) * 1e6) / 1e6
    return { index, score }
  })
  return ranked.sort((a, b) => b.score - a.score || a.index - b.index)
}

/**
 * `documents.map(work)`: at once for as much text as the tokenizer counts at once, else in slices
 * with the event loop let in between (10 000 documents of 3 KB take seconds), as a long prompt is
 * counted.
 */
export function eachDocument<T>(documents: readonly string[], work: (document: string, index: number) => T): T[] | Promise<T[]> {
  let length = 0
  for (const document of documents) length += document.length
  return length > atOnceLength ? mapInSlices(documents, work) : documents.map(work)
}
