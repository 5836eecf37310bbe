import { ApiError, GoogleGenAI } from '@google/genai'
import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../../../src/index.ts'
import { modes, useHarness } from '../../support/modes.ts'
import { rejection } from '../../support/rejection.ts'

const model = 'gemini-embedding-001'
const norm = (vector: readonly number[]) => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0))

// genai 3.x calls /v1 by default; 2.x (and anyone pinning the version) calls /v1beta.
const apiVersions = [
  { name: 'default (/v1)', apiVersion: undefined, prefix: '/v1/' },
  { name: 'v1beta', apiVersion: 'v1beta', prefix: '/v1beta/' },
]

/** The parsed Google error envelope genai puts in `ApiError.message`. */
function envelopeOf(error: unknown): { error: { code: number; message: string; status: string } } {
  expect(error).toBeInstanceOf(ApiError)
  return JSON.parse((error as ApiError).message)
}

describe.each(modes)('@google/genai embedContent ($name)', (mode) => {
  const log: RequestLogEntry[] = []
  const harness = useHarness(mode, { onRequest: (entry) => log.push(entry) })

  describe.each(apiVersions)('API version $name', ({ apiVersion, prefix }) => {
    const client = (apiKey = 'sk-unrestricted') =>
      new GoogleGenAI({ apiKey, httpOptions: { baseUrl: harness.baseUrl, ...(apiVersion ? { apiVersion } : {}) } })

    it('embeds one content through batchEmbedContents: a unit vector of the model size', async () => {
      const response = await client().models.embedContent({ model, contents: 'What is the weather in Paris?' })
      expect(log.at(-1)).toMatchObject({ path: `${prefix}models/${model}:batchEmbedContents`, status: 200, model })
      expect(response.embeddings).toHaveLength(1)
      const values = response.embeddings![0]!.values!
      expect(values).toHaveLength(3072)
      expect(norm(values)).toBeCloseTo(1, 5)
    })

    it('embeds several contents in order, with outputDimensionality and a task type', async () => {
      const response = await client().models.embedContent({
        model,
        contents: ['first document', 'second document', 'first document'],
        config: { outputDimensionality: 256, taskType: 'RETRIEVAL_DOCUMENT' },
      })
      const vectors = response.embeddings!.map((embedding) => embedding.values!)
      expect(vectors.map((values) => values.length)).toEqual([256, 256, 256])
      expect(vectors[2]).toEqual(vectors[0])
      expect(vectors[1]).not.toEqual(vectors[0])
      vectors.forEach((values) => expect(norm(values)).toBeCloseTo(1, 5))
    })

    it('debits the contents’ tokens at the model ratio and journals them', async () => {
      const token = harness.gateway.world.findToken('sk-vip')!
      const before = token.remainQuota
      await client('sk-vip').models.embedContent({ model, contents: ['word '.repeat(500), 'word '.repeat(500)] })
      const entry = log.at(-1)!
      // gemini-embedding-001: ratio 0.075; the vip group: ratio 1.5.
      const expected = Math.round(entry.usage!.promptTokens * 0.075 * 1.5)
      expect(entry.usage).toEqual({ promptTokens: expect.any(Number), completionTokens: 0 })
      expect(entry.usage!.promptTokens).toBeGreaterThanOrEqual(1_000)
      expect(entry.quota).toBe(expected)
      expect(token.remainQuota).toBe(before - expected)
      await harness.gateway.reset()
    })

    it('refuses a content over the 2048-token input limit, with both numbers', async () => {
      const error = await rejection(client().models.embedContent({ model, contents: ['short', 'word '.repeat(3_000)] }))
      expect((error as ApiError).status).toBe(400)
      const { error: body } = envelopeOf(error)
      expect(body.status).toBe('INVALID_ARGUMENT')
      expect(body.message).toMatch(/maximum context length is 2048 tokens\. However, you requested \d{4} tokens/)
    })

    it('refuses a chat model, and generateContent refuses the embedding model', async () => {
      const chatModel = await rejection(client().models.embedContent({ model: 'gemini-2.5-flash', contents: 'Hi' }))
      expect((chatModel as ApiError).status).toBe(400)
      expect(envelopeOf(chatModel).error.message).toContain("The model 'gemini-2.5-flash' is a chat model and cannot create embeddings")
      const generate = await rejection(client().models.generateContent({ model, contents: 'Hi' }))
      expect((generate as ApiError).status).toBe(400)
      expect(envelopeOf(generate).error.message).toContain(`The model '${model}' is an embedding model and cannot generate text`)
    })

    it('answers a bad key 401 in Google’s envelope', async () => {
      const error = await rejection(client('sk-nobody').models.embedContent({ model, contents: 'Hi' }))
      expect((error as ApiError).status).toBe(401)
      expect(envelopeOf(error).error.status).toBe('UNAUTHENTICATED')
    })

    it('follows a scenario that fails the request', async () => {
      await harness.gateway.useScenario({
        name: 'embed quota',
        rules: [{ when: { model }, then: { fail: { code: 'rate_limit_exceeded' } } }],
      })
      try {
        const error = await rejection(client().models.embedContent({ model, contents: 'Hi' }))
        expect((error as ApiError).status).toBe(429)
        expect(envelopeOf(error).error.status).toBe('RESOURCE_EXHAUSTED')
      } finally {
        await harness.gateway.reset()
      }
    })
  })

  it('serves :embedContent too (one content, as the AI SDK and REST callers send it)', async () => {
    const response = await fetch(`${harness.baseUrl}/v1beta/models/${model}:embedContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({
        model: `models/${model}`,
        content: { parts: [{ text: 'Hello' }, { text: 'world' }] },
        outputDimensionality: 8,
      }),
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { embedding: { values: number[] } }
    expect(Object.keys(body)).toEqual(['embedding'])
    expect(body.embedding.values).toHaveLength(8)
  })

  it('refuses a batch of more than 100 requests, as Google does', async () => {
    const requests = Array.from({ length: 101 }, () => ({ content: { parts: [{ text: 'Hi' }] } }))
    const response = await fetch(`${harness.baseUrl}/v1beta/models/${model}:batchEmbedContents`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ requests }),
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'requests: at most 100 requests can be in a batch',
    )
  })
})

describe.each(modes)('@google/genai embedContent as new-api answers it ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })
  const client = () => new GoogleGenAI({ apiKey: 'sk-unrestricted', httpOptions: { baseUrl: harness.baseUrl } })

  it('passes Google’s answer through', async () => {
    const response = await client().models.embedContent({ model, contents: ['one', 'two'] })
    expect(response.embeddings!.map((embedding) => embedding.values!.length)).toEqual([3072, 3072])
  })

  it('relays Google’s refusal when a chat model gets the embedding body, in the OpenAI wrapper', async () => {
    const error = await rejection(client().models.embedContent({ model: 'gemini-2.5-flash', contents: 'Hi' }))
    expect((error as ApiError).status).toBe(400)
    expect(JSON.parse((error as ApiError).message)).toEqual({
      error: {
        message: 'Invalid JSON payload received. Unknown name "requests": Cannot find field.',
        type: 'upstream_error',
        param: '',
        code: 400,
      },
    })
  })
})
