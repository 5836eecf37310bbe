import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type RequestLogEntry } from '../../../src/index.ts'
import { loadTokenizer } from '../../../src/generation/tokenizer.ts'
import { startServer, type RunningServer } from '../../../src/node/index.ts'
import { eitherMode, useHarness } from '../../support/modes.ts'

const model = 'jina-reranker-v2-base-multilingual'
const documents = ['Bread is baked from flour.', 'The weather in Paris is mild in spring.', 'Paris has many museums.', 'Cats sleep a lot.']

describe.each(eitherMode)('rerank as Dify sends it ($name)', (mode) => {
  describe.each(['spec', 'new-api'] as const)('%s profile', (profile) => {
    const log: RequestLogEntry[] = []
    const harness = useHarness(mode, { profile, onRequest: (entry) => log.push(entry) })
    // Dify's OpenAI-compatible provider: {model, query, documents, top_n}, top_n null when unset.
    const rerank = (body: Record<string, unknown>, path = '/v1/rerank') =>
      fetch(`${harness.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
        body: JSON.stringify({ model, ...body }),
      })

    it('ranks the documents by relevance to the query, best first, with top_n null meaning all', async () => {
      const response = await rerank({ query: 'weather in Paris', documents, top_n: null })
      expect(response.status).toBe(200)
      const body = await response.json()
      const indexes = body.results.map((result: { index: number }) => result.index)
      expect(indexes).toHaveLength(4)
      expect(indexes[0]).toBe(1)
      expect(indexes.slice(0, 2)).toEqual([1, 2])
      const scores = body.results.map((result: { relevance_score: number }) => result.relevance_score)
      expect(scores).toEqual([...scores].sort((a, b) => b - a))
      for (const score of scores) expect(score).toBeGreaterThan(0)
      expect(body.results[0]).not.toHaveProperty('document')
      expect(body.usage.prompt_tokens).toBe(log.at(-1)!.usage!.promptTokens)
      expect(log.at(-1)).toMatchObject({ path: '/v1/rerank', model, status: 200, quota: expect.any(Number) })
    })

    it('keeps the top_n best and returns documents as {text} when asked, also at /rerank', async () => {
      const response = await rerank({ query: 'weather in Paris', documents, top_n: 2, return_documents: true }, '/rerank')
      const body = await response.json()
      expect(body.results).toHaveLength(2)
      expect(body.results[0]).toMatchObject({ index: 1, document: { text: documents[1] } })
    })

    it('answers the same request the same way', async () => {
      const [a, b] = await Promise.all([rerank({ query: 'cats', documents }), rerank({ query: 'cats', documents })])
      expect(await b.json()).toEqual(await a.json())
    })

    it('takes its scores from a scenario', async () => {
      await harness.gateway.useScenario({
        name: 'scores',
        rules: [{ when: { model }, then: { reply: { scores: [0.9, 0.1, 0.2, 0.95] } } }],
      })
      try {
        const body = await (await rerank({ query: 'weather in Paris', documents })).json()
        expect(body.results.map((result: { index: number; relevance_score: number }) => [result.index, result.relevance_score])).toEqual([
          [3, 0.95],
          [0, 0.9],
          [2, 0.2],
          [1, 0.1],
        ])
      } finally {
        await harness.gateway.useScenario()
      }
    })

    it(
      profile === 'spec' ? "answers in Jina's shape" : "answers in new-api's re-serialised shape, with its whole usage struct",
      async () => {
        const body = await (await rerank({ query: 'Paris', documents: ['Paris'], return_documents: true })).json()
        if (profile === 'spec') {
          expect(Object.keys(body)).toEqual(['id', 'model', 'results', 'usage'])
          expect(body.results[0]).toEqual({ index: 0, relevance_score: expect.any(Number), document: { text: 'Paris' } })
          expect(body.usage).toEqual({ prompt_tokens: 2, total_tokens: 2 })
        } else {
          expect(Object.keys(body)).toEqual(['results', 'usage'])
          expect(Object.keys(body.results[0])).toEqual(['document', 'index', 'relevance_score'])
          expect(body.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 0, total_tokens: 2, input_tokens_details: null })
        }
      },
    )

    it('ranks 10 000 documents and refuses more, naming the cap', async () => {
      const most = await rerank({ query: 'q', documents: Array(10_000).fill('a document'), top_n: 1 })
      expect(most.status).toBe(200)
      const more = await rerank({ query: 'q', documents: Array(10_001).fill('a document') })
      expect(more.status).toBe(profile === 'spec' ? 400 : 500)
      expect((await more.json()).error.message).toContain('documents: at most 10000 documents per request, got 10001')
    })

    it('refuses a document whose text is not a string, naming it; ranks an object without text as its JSON', async () => {
      const refused = await rerank({ query: 'q', documents: ['a', { text: 5 }] })
      expect(refused.status).toBe(profile === 'spec' ? 400 : 500)
      expect((await refused.json()).error.message).toContain('documents[1]: expected a string, or an object whose text is a string')
      const untitled = await rerank({ query: 'Paris', documents: ['Bread', { title: 'Paris' }], return_documents: true })
      expect(untitled.status).toBe(200)
      expect((await untitled.json()).results[0]).toMatchObject({ index: 1, document: { text: '{"title":"Paris"}' } })
    })

    it('refuses a chat model in the route envelope', async () => {
      const response = await rerank({ model: 'gpt-4o-mini', query: 'q', documents })
      expect(response.status).toBe(400)
      expect((await response.json()).error.message).toContain(
        "The model 'gpt-4o-mini' is a chat model, and POST /v1/rerank takes a rerank model.",
      )
    })
  })
})

describe('a large rerank on the server', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer(await createGateway(), { port: 0 })
  })
  afterAll(() => server.close())

  it('leaves the server to other clients while its documents are scored: a request sent once they are counted is answered first', async () => {
    // 600 different documents of 2 KB: the count is done in slices already, so the status request
    // goes out as the count ends, when the scoring (and the answer's id) is left to do.
    const words = 'the river runs past old mills where bakers sell bread to sailors and cats sleep in warm sun'.split(' ')
    const documents = Array.from({ length: 600 }, (_, index) =>
      `Document ${index}: ${Array.from({ length: 500 }, (_, word) => words[(index * 7 + word * 3) % words.length]).join(' ')}`.slice(
        0,
        2048,
      ),
    )
    const tokenizer = await loadTokenizer()
    const answered: string[] = []
    let status: Promise<void> | undefined
    const countAll = tokenizer.countAll
    // The next count is this rerank's: once it is done, another client asks for the status.
    tokenizer.countAll = (texts) => {
      tokenizer.countAll = countAll
      const counted = countAll(texts)
      status = Promise.resolve(counted).then(async () => {
        await (await fetch(`${server.url}/api/status`)).arrayBuffer()
        answered.push('status')
      })
      return counted
    }
    const response = await fetch(`${server.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'jina-reranker-v2-base-multilingual', query: 'bread for sailors', documents, top_n: 3 }),
    })
    expect(response.status).toBe(200)
    expect((await response.json()).results).toHaveLength(3)
    answered.push('rerank')
    tokenizer.countAll = countAll
    await status
    expect(answered).toEqual(['status', 'rerank'])
  })
})
