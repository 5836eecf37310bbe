import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { createOpenAI } from '@ai-sdk/openai'
import { APICallError, cosineSimilarity, embed, embedMany } from 'ai'
import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../../../src/index.ts'
import { eitherMode, useHarness } from '../../support/modes.ts'
import { rejection } from '../../support/rejection.ts'

describe.each(eitherMode)('Vercel AI SDK embed and embedMany ($name)', (mode) => {
  const log: RequestLogEntry[] = []
  const harness = useHarness(mode, { onRequest: (entry) => log.push(entry) })
  const openai = (apiKey = 'sk-unrestricted') => createOpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1` })
  const google = () => createGoogleGenerativeAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1beta` })

  it('embed: one vector and its token usage through createOpenAI().embedding', async () => {
    const { embedding, usage } = await embed({
      model: openai().embedding('text-embedding-3-small'),
      value: 'sunny day at the beach',
      maxRetries: 0,
    })
    expect(embedding).toHaveLength(1536)
    expect(cosineSimilarity(embedding, embedding)).toBeCloseTo(1, 5)
    expect(usage.tokens).toBeGreaterThan(0)
    expect(log.at(-1)).toMatchObject({ path: '/v1/embeddings', model: 'text-embedding-3-small', status: 200 })
  })

  it('embedMany: vectors in order, texts with shared words closer than unrelated ones', async () => {
    const { embeddings, usage } = await embedMany({
      model: openai().embedding('text-embedding-3-small'),
      values: ['sunny day at the beach', 'a sunny beach', 'quarterly tax filing deadline'],
      maxRetries: 0,
    })
    expect(embeddings).toHaveLength(3)
    const [beachDay, beach, taxes] = embeddings as [number[], number[], number[]]
    expect(cosineSimilarity(beachDay, beach)).toBeGreaterThan(cosineSimilarity(beachDay, taxes))
    expect(usage.tokens).toBeGreaterThan(0)
  })

  it('passes `dimensions` from the provider options', async () => {
    const { embedding } = await embed({
      model: openai().embedding('text-embedding-3-large'),
      value: 'short vector',
      providerOptions: { openai: { dimensions: 64 } },
      maxRetries: 0,
    })
    expect(embedding).toHaveLength(64)
  })

  it('embeds with gemini-embedding-001 through createGoogleGenerativeAI, one value and several', async () => {
    const model = google().embedding('gemini-embedding-001')
    const { embedding } = await embed({ model, value: 'sunny day', maxRetries: 0 })
    expect(embedding).toHaveLength(3072)
    expect(log.at(-1)?.path).toBe('/v1beta/models/gemini-embedding-001:embedContent')
    const { embeddings } = await embedMany({ model, values: ['sunny day', 'rainy night'], maxRetries: 0 })
    expect(embeddings[0]).toEqual(embedding)
    expect(log.at(-1)?.path).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents')
  })

  it('surfaces errors as APICallError with the status', async () => {
    const error = await rejection(embed({ model: openai('sk-broke-user').embedding('text-embedding-3-small'), value: 'Hi', maxRetries: 0 }))
    expect(APICallError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ statusCode: 403, isRetryable: false })
    const chatModel = await rejection(embed({ model: openai().embedding('gpt-4o-mini'), value: 'Hi', maxRetries: 0 }))
    expect(chatModel).toMatchObject({ statusCode: 400 })
    expect((chatModel as Error).message).toContain('is a chat model and cannot create embeddings')
  })
})
