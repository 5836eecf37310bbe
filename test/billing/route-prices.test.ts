import OpenAI, { toFile } from 'openai'
import { describe, expect, it } from 'vitest'
import type { RequestLogEntry, WorldDefinition } from '../../src/index.ts'
import { eitherMode, useHarness } from '../support/modes.ts'

// Each kind's pricing rule (docs/routes.md), checked against the debit the journal records and
// the key's quota: a world of one key in a group priced at 2x, with models priced to make each rule show.
const world: WorldDefinition = {
  extends: 'default',
  groups: [{ name: 'double', ratio: 2, models: ['instruct', 'image-call', 'image-tokens', 'speech', 'whisper', 'moderation', 'rerank'] }],
  users: [{ id: 9, username: 'payer', group: 'double', quota: 100_000_000, accessToken: 'at-payer' }],
  tokens: [{ key: 'sk-payer', name: 'payer', userId: 9, remainQuota: 50_000_000 }],
  models: [
    { id: 'instruct', kind: 'completion', pricing: { ratio: 0.5, completionRatio: 3 } },
    { id: 'image-call', kind: 'image', endpointTypes: ['image-generation'], pricing: { pricePerCall: 0.04 } },
    { id: 'image-tokens', kind: 'image', endpointTypes: ['image-generation'], pricing: { ratio: 2.5, completionRatio: 8 } },
    { id: 'speech', kind: 'speech', pricing: { ratio: 7.5, completionRatio: 2 } },
    { id: 'whisper', kind: 'transcription', pricing: { ratio: 3 } },
    { id: 'moderation', kind: 'moderation', pricing: { ratio: 0.5 } },
    { id: 'rerank', kind: 'rerank', endpointTypes: ['jina-rerank'], pricing: { ratio: 0.025 } },
  ],
}

describe.each(eitherMode)('what each kind of route costs ($name)', (mode) => {
  const log: RequestLogEntry[] = []
  const harness = useHarness(mode, { world, onRequest: (entry) => log.push(entry) })
  const client = () => new OpenAI({ apiKey: 'sk-payer', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const remain = () => harness.gateway.world.findToken('sk-payer')!.remainQuota
  /** The debit of the next request: what the journal says, checked against the key's quota. */
  async function debit(call: () => Promise<unknown>): Promise<RequestLogEntry> {
    const before = remain()
    await call()
    const entry = log.at(-1)!
    expect(before - remain()).toBe(entry.quota)
    return entry
  }

  it('completions: (prompt + completion × completionRatio) × ratio × group ratio', async () => {
    const entry = await debit(() => client().completions.create({ model: 'instruct', prompt: 'Price me', max_tokens: 100 }))
    const { promptTokens, completionTokens } = entry.usage!
    expect(entry.quota).toBe(Math.round((promptTokens + completionTokens * 3) * 0.5 * 2))
  })

  it('images, priced per call: price × images × size × quality × group ratio', async () => {
    const hd = await debit(() =>
      client().images.generate({ model: 'image-call', prompt: 'x', n: 3, size: '1024x1024', quality: 'hd', response_format: 'b64_json' }),
    )
    expect(hd.quota).toBe(Math.round(0.04 * 3 * 2 * 500_000 * 2))
    const small = await debit(() =>
      client().images.generate({ model: 'image-call', prompt: 'x', size: '512x512', response_format: 'b64_json' }),
    )
    expect(small.quota).toBe(Math.round(0.04 * 0.45 * 500_000 * 2))
    const wide = await debit(() =>
      client().images.generate({ model: 'image-call', prompt: 'x', size: '1792x1024', quality: 'hd', response_format: 'b64_json' }),
    )
    expect(wide.quota).toBe(Math.round(0.04 * 2 * 1.5 * 500_000 * 2))
  })

  it('images, priced by tokens: the prompt, and each image’s tokens as the completion, with usage in the answer', async () => {
    let response!: OpenAI.ImagesResponse
    const entry = await debit(async () => {
      response = await client().images.generate({
        model: 'image-tokens',
        prompt: 'a cat',
        n: 2,
        quality: 'high',
        response_format: 'b64_json',
      })
    })
    expect(entry.usage).toEqual({ promptTokens: 2, completionTokens: 2 * 4160 })
    expect(entry.quota).toBe(Math.round((2 + 2 * 4160 * 8) * 2.5 * 2))
    expect(response.usage).toMatchObject({ input_tokens: 2, output_tokens: 8320, total_tokens: 8322 })
  })

  it('speech: characters, and the audio at 1000 tokens a minute × completionRatio', async () => {
    const input = 'one two three four five six seven eight nine ten'
    const entry = await debit(() => client().audio.speech.create({ model: 'speech', voice: 'alloy', input, response_format: 'pcm' }))
    // Ten words at 150 a minute: 4 seconds, 67 tokens.
    expect(entry.usage).toEqual({ promptTokens: input.length, completionTokens: 67 })
    expect(entry.quota).toBe(Math.round((input.length + 67 * 2) * 7.5 * 2))
  })

  it('transcription: the uploaded audio at 1000 tokens a minute, every started second', async () => {
    const wav = Buffer.from(
      await (
        await client().audio.speech.create({ model: 'speech', voice: 'alloy', input: 'a b c d e f g h i j k', response_format: 'wav' })
      ).arrayBuffer(),
    )
    const entry = await debit(async () => client().audio.transcriptions.create({ model: 'whisper', file: await toFile(wav, 'a.wav') }))
    // Eleven words: 4.4 seconds, counted as 5.
    expect(entry.usage).toEqual({ promptTokens: 83, completionTokens: 0 })
    expect(entry.quota).toBe(Math.round(83 * 3 * 2))
  })

  it('moderation and rerank: their inputs’ tokens × ratio × group ratio', async () => {
    const moderation = await debit(() => client().moderations.create({ model: 'moderation', input: ['hello there', 'and again'] }))
    expect(moderation.quota).toBe(Math.max(1, Math.round(moderation.usage!.promptTokens * 0.5 * 2)))
    const rerank = await debit(() =>
      fetch(`${harness.baseUrl}/v1/rerank`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-payer', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'rerank', query: 'q', documents: ['a', 'b'] }),
      }),
    )
    expect(rerank.usage!.promptTokens).toBe(3)
    expect(rerank.quota).toBe(Math.max(1, Math.round(3 * 0.025 * 2)))
  })

  it('refuses a request the key cannot pay for, before any work', async () => {
    await harness.gateway.useScenario({ name: 'broke', world: { tokens: [{ key: 'sk-payer', remainQuota: 10 }] } })
    try {
      const error = await client()
        .images.generate({ model: 'image-call', prompt: 'x', response_format: 'b64_json' })
        .catch((caught: unknown) => caught)
      expect(error).toMatchObject({ status: 403, code: 'insufficient_quota' })
    } finally {
      await harness.gateway.useScenario()
    }
  })
})
