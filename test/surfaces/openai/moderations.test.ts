import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../../support/modes.ts'
import { rejection } from '../../support/rejection.ts'

const categories = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
]

describe.each(eitherMode)('moderations naming no model, new-api profile ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })

  it("get new-api's default model, text-moderation-stable, which the default world has", async () => {
    const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
    const response = await client.moderations.create({ input: 'What a lovely day' })
    expect(response.model).toBe('text-moderation-stable')
    expect(response.results).toHaveLength(1)
  })
})

describe.each(eitherMode)('openai SDK moderations ($name)', (mode) => {
  const harness = useHarness(mode)
  const client = () => new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })

  it('classifies a string with the omni-moderation result shape, by the default model', async () => {
    const response = await client().moderations.create({ input: 'What a lovely day' })
    expect(response).toMatchObject({ id: expect.stringMatching(/^modr-/), model: 'omni-moderation-latest' })
    const [result] = response.results
    expect(result!.flagged).toBe(false)
    expect(Object.keys(result!.categories)).toEqual(categories)
    expect(Object.values(result!.categories).every((flag) => flag === false)).toBe(true)
    expect(Object.keys(result!.category_scores)).toEqual(categories)
    for (const score of Object.values(result!.category_scores)) expect(score).toBeLessThan(0.01)
    expect(result!.category_applied_input_types.violence).toEqual(['text'])
  })

  it('gives one result per string of a list, flagging the words that trip a category', async () => {
    const response = await client().moderations.create({
      model: 'omni-moderation-latest',
      input: ['I will kill you', 'hello', 'you idiot'],
    })
    expect(response.results.map((result) => result.flagged)).toEqual([true, false, true])
    expect(response.results[0]!.categories.violence).toBe(true)
    expect(response.results[0]!.category_scores.violence).toBe(0.99)
    expect(response.results[2]!.categories.harassment).toBe(true)
  })

  it('reads text and image parts as one input', async () => {
    const response = await client().moderations.create({
      input: [
        { type: 'text', text: 'a picture' },
        { type: 'image_url', image_url: { url: 'https://example.test/cat.png' } },
      ],
    })
    expect(response.results).toHaveLength(1)
    expect(response.results[0]!.category_applied_input_types.violence).toEqual(['text', 'image'])
    expect(response.results[0]!.category_applied_input_types.harassment).toEqual(['text'])
  })

  it('classifies 2 048 inputs and refuses more, naming the cap', async () => {
    expect((await client().moderations.create({ input: Array(2048).fill('hello') })).results).toHaveLength(2048)
    const error = (await rejection(client().moderations.create({ input: Array(2049).fill('hello') }))) as Error
    expect(error).toMatchObject({ status: 400, param: 'input' })
    expect(error.message).toContain('input: at most 2048 inputs per request, got 2049')
  })

  it('is the same answer for the same input', async () => {
    const [a, b] = await Promise.all([client().moderations.create({ input: 'same' }), client().moderations.create({ input: 'same' })])
    expect(b).toEqual(a)
  })

  it('flags what a scenario says, whatever the words', async () => {
    await harness.gateway.useScenario({
      name: 'flag-sexual',
      rules: [{ when: { route: '/v1/moderations' }, then: { reply: { moderation: { categories: ['sexual', 'hate'] } } } }],
    })
    try {
      const [result] = (await client().moderations.create({ input: 'I will kill you' })).results
      expect(result!.flagged).toBe(true)
      expect(
        Object.entries(result!.categories)
          .filter(([, flag]) => flag)
          .map(([name]) => name),
      ).toEqual(['hate', 'sexual'])
    } finally {
      await harness.gateway.useScenario()
    }
  })
})
