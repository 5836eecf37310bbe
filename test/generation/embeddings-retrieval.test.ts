import { GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { embedText } from '../../src/generation/embed-text.ts'
import { eitherMode, useHarness } from '../support/modes.ts'
import { documents as corpus, parisWeather } from '../support/retrieval-documents.ts'

const cosine = (a: readonly number[], b: readonly number[]) => a.reduce((sum, value, i) => sum + value * b[i]!, 0)
const norm = (vector: readonly number[]) => Math.sqrt(cosine(vector, vector))

const documents = [...corpus, 'Quarterly tax filings are due at the end of the month.']

/** The documents ranked by cosine similarity to the query, best first. */
function rank(query: readonly number[], vectors: readonly (readonly number[])[]): string[] {
  return vectors
    .map((vector, index) => ({ document: documents[index]!, score: cosine(query, vector) }))
    .sort((a, b) => b.score - a.score)
    .map((scored) => scored.document)
}

describe.each(eitherMode)('retrieval over the mock’s embeddings ($name)', (mode) => {
  const harness = useHarness(mode)

  it('ranks the document about the weather in Paris first for "weather in Paris" (openai SDK)', async () => {
    const openai = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
    const { data } = await openai.embeddings.create({ model: 'text-embedding-3-small', input: documents })
    const [query] = (await openai.embeddings.create({ model: 'text-embedding-3-small', input: 'weather in Paris' })).data
    const vectors = data.map((item) => item.embedding)
    vectors.forEach((vector) => expect(norm(vector)).toBeCloseTo(1, 5))
    expect(rank(query!.embedding, vectors)[0]).toBe(parisWeather)
    // Sharing no words is near orthogonal; sharing two is well above it.
    const scores = vectors.map((vector) => cosine(query!.embedding, vector))
    expect(Math.max(...scores.filter((_, i) => i !== 2))).toBeLessThan(0.15)
    expect(scores[2]).toBeGreaterThan(0.3)
  })

  it('ranks the same way with gemini-embedding-001 (@google/genai), and at 128 dimensions', async () => {
    const genai = new GoogleGenAI({ apiKey: 'sk-unrestricted', httpOptions: { baseUrl: harness.baseUrl } })
    const config = { outputDimensionality: 128 }
    const docs = await genai.models.embedContent({ model: 'gemini-embedding-001', contents: documents, config })
    const query = await genai.models.embedContent({ model: 'gemini-embedding-001', contents: 'weather in Paris', config })
    const vectors = docs.embeddings!.map((embedding) => embedding.values!)
    expect(rank(query.embeddings![0]!.values!, vectors)[0]).toBe(parisWeather)
  })
})

describe('embedText', () => {
  it('gives the same text the same vector, and different texts different ones', () => {
    expect(embedText('weather in Paris', 64, 1536, 'm')).toEqual(embedText('weather in Paris', 64, 1536, 'm'))
    // Same words in another order: close, but never the same vector.
    const a = embedText('Paris weather', 1536, 1536, 'm')
    const b = embedText('weather Paris', 1536, 1536, 'm')
    expect(a).not.toEqual(b)
    expect(cosine(a, b)).toBeGreaterThan(0.99)
  })

  it('is unit length at every size, also for text without words', () => {
    for (const text of ['weather in Paris', '!!!', 'x', '東京の天気']) {
      for (const size of [1, 8, 100, 1536]) expect(norm(embedText(text, size, 1536, 'm'))).toBeCloseTo(1, 5)
    }
  })

  it('embeds an empty text as the first unit vector', () => {
    expect(embedText('', 4, 1536, 'm')).toEqual([1, 0, 0, 0])
  })

  it('differs between models for the same text', () => {
    expect(cosine(embedText('weather in Paris', 3072, 3072, 'a'), embedText('weather in Paris', 3072, 3072, 'b'))).toBeLessThan(0.2)
  })

  it('keeps words that share trigrams closer than unrelated words', () => {
    const weather = embedText('weather', 1536, 1536, 'm')
    expect(cosine(weather, embedText('weathers', 1536, 1536, 'm'))).toBeGreaterThan(cosine(weather, embedText('bread', 1536, 1536, 'm')))
  })
})
