import OpenAI, { toFile } from 'openai'
import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../../src/index.ts'
import { eitherMode, useHarness } from '../support/modes.ts'
import { rejection } from '../support/rejection.ts'
import { tinyWav } from '../support/sweep-routes.ts'

/** Each new route, called the way its client calls it, by `key`. */
function calls(baseUrl: string, key = 'sk-unrestricted') {
  const client = new OpenAI({ apiKey: key, baseURL: `${baseUrl}/v1`, maxRetries: 0 })
  return {
    '/v1/completions': () => client.completions.create({ model: 'gpt-3.5-turbo-instruct', prompt: 'Hi', max_tokens: 50 }),
    '/v1/moderations': () => client.moderations.create({ input: 'Hi' }),
    '/v1/rerank': async () => {
      const response = await fetch(`${baseUrl}/v1/rerank`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'jina-reranker-v2-base-multilingual', query: 'q', documents: ['a', 'b'], top_n: null }),
      })
      if (!response.ok) throw Object.assign(new Error('rerank failed'), { status: response.status, body: await response.json() })
      return response.json()
    },
    '/v1/images/generations': () =>
      client.images.generate({ model: 'dall-e-3', prompt: 'Hi', size: '256x256', response_format: 'b64_json' }),
    '/v1/audio/speech': () => client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hi', response_format: 'pcm' }),
    '/v1/audio/transcriptions': async () =>
      client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(tinyWav(), 'a.wav') }),
    '/v1/audio/translations': async () => client.audio.translations.create({ model: 'whisper-1', file: await toFile(tinyWav(), 'a.wav') }),
  }
}
const routes = Object.keys(calls('')) as (keyof ReturnType<typeof calls>)[]

describe.each(eitherMode)('scenarios and refusals on every new route ($name)', (mode) => {
  const log: RequestLogEntry[] = []
  const harness = useHarness(mode, { onRequest: (entry) => log.push(entry) })

  it.each(routes)('%s: a scenario fails it in the OpenAI envelope, with the status and headers it asks for', async (route) => {
    await harness.gateway.useScenario({
      name: 'down',
      rules: [{ name: 'upstream down', when: { route }, then: { fail: { code: 'upstream_error', status: 502, retryAfterMs: 2000 } } }],
    })
    try {
      const error = await rejection(calls(harness.baseUrl)[route]())
      expect(error).toMatchObject({ status: 502 })
      if (error instanceof OpenAI.APIError) {
        expect(error.code).toBe('upstream_error')
        expect(error.headers?.get('retry-after')).toBe('2')
      }
      expect(log.at(-1)).toMatchObject({
        path: route,
        status: 502,
        code: 'upstream_error',
        decidedBy: 'scenario "down" rule "upstream down"',
      })
    } finally {
      await harness.gateway.useScenario()
    }
  })

  it.each(routes)('%s: a scenario delays it and the answer still comes', async (route) => {
    await harness.gateway.useScenario({ name: 'slow', rules: [{ when: { route }, then: { delayMs: 20 } }] })
    try {
      await calls(harness.baseUrl)[route]()
      expect(log.at(-1)).toMatchObject({ path: route, status: 200, decidedBy: 'scenario "slow" rule #1' })
    } finally {
      await harness.gateway.useScenario()
    }
  })

  it.each(routes)('%s: a key that cannot see the model gets model_not_found; a user without quota gets 403', async (route) => {
    expect(await rejection(calls(harness.baseUrl, 'sk-limited')[route]())).toMatchObject({ status: 404 })
    expect(await rejection(calls(harness.baseUrl, 'sk-broke-user')[route]())).toMatchObject({ status: 403 })
  })

  it('reply.text is the completion, the transcript and the revised prompt', async () => {
    await harness.gateway.useScenario({ name: 'scripted', rules: [{ then: { reply: { text: 'Scripted.' } } }] })
    try {
      const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
      const completion = await client.completions.create({ model: 'gpt-3.5-turbo-instruct', prompt: 'Hi' })
      expect(completion.choices[0]!.text).toBe('Scripted.')
      const transcript = await client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(tinyWav(), 'a.wav') })
      expect(transcript.text).toBe('Scripted.')
      const image = await client.images.generate({ model: 'dall-e-3', prompt: 'a cat', size: '256x256', response_format: 'b64_json' })
      expect(image.data![0]!.revised_prompt).toBe('Scripted.')
    } finally {
      await harness.gateway.useScenario()
    }
  })

  it('breaks a completions stream where the scenario says', async () => {
    await harness.gateway.useScenario({
      name: 'broken',
      rules: [{ when: { route: '/v1/completions' }, then: { breakStream: { afterChunks: 2, error: { code: 'upstream_error' } } } }],
    })
    try {
      const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
      const stream = await client.completions.create({ model: 'gpt-3.5-turbo-instruct', prompt: 'Hi', max_tokens: 50, stream: true })
      const pieces: string[] = []
      const error = await rejection(
        (async () => {
          for await (const chunk of stream) pieces.push(chunk.choices[0]?.text ?? '')
        })(),
      )
      expect(pieces).toEqual(['This', ' is'])
      expect(error).toBeInstanceOf(OpenAI.APIError)
    } finally {
      await harness.gateway.useScenario()
    }
  })
})
