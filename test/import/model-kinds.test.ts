import { setupServer } from 'msw/node'
import OpenAI, { toFile } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../src/index.ts'
import { importWorld } from '../../src/node/index.ts'

// The default world has a model of every kind. Imported from it, each key must be able to call
// the same models the same way here as there: an image model answers images, a speech model
// speech, and each refuses the routes of other kinds alike.

const key = 'sk-unrestricted'

describe.each(['spec', 'new-api'] as const)('importing models of every kind from a %s-profile upstream', (profile) => {
  let server: ReturnType<typeof setupServer>
  let imported: Awaited<ReturnType<typeof importWorld>>
  let local: Gateway
  const upstreamBase = `http://upstream-${profile}.test`
  const localBase = `http://imported-${profile}.test`

  beforeAll(async () => {
    const upstream = await createGateway({ profile, baseUrl: upstreamBase })
    server = setupServer(...upstream.handlers)
    server.listen()
    imported = await importWorld({ upstream: upstreamBase, keys: [key] })
    local = await createGateway({ world: imported.world, profile, baseUrl: localBase })
    server.use(...local.handlers)
  })
  afterAll(() => server.close())

  const client = (base: string, apiKey: string) => new OpenAI({ apiKey, baseURL: `${base}/v1`, maxRetries: 0 })
  const localKey = () => imported.keys[0]!.local

  /** What a call gives a client: its status, or what it returned as JSON without the ids and times that differ from run to run. */
  const outcome = async (call: (openai: OpenAI, base: string, apiKey: string) => Promise<unknown>, base: string, apiKey: string) => {
    try {
      const value = await call(client(base, apiKey), base, apiKey)
      if (value instanceof Response) return { status: value.status, type: value.headers.get('content-type') }
      return { status: 200, shape: Object.keys(value as object).sort() }
    } catch (error) {
      const { status, code } = error as { status?: number; code?: string }
      return { status, code }
    }
  }

  const speech = (openai: OpenAI) =>
    openai.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Imported speech.', response_format: 'wav' })

  it.each([
    ['an image', (openai: OpenAI) => openai.images.generate({ model: 'dall-e-3', prompt: 'A lighthouse', size: '1024x1024' })],
    ['speech', speech],
    [
      'a transcription',
      async (openai: OpenAI) => {
        const audio = Buffer.from(await (await speech(openai)).arrayBuffer())
        return openai.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(audio, 'speech.wav') })
      },
    ],
    ['a moderation', (openai: OpenAI) => openai.moderations.create({ model: 'omni-moderation-latest', input: 'Hello' })],
    [
      'a rerank',
      (_: OpenAI, base: string, apiKey: string) =>
        fetch(`${base}/v1/rerank`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'jina-reranker-v2-base-multilingual', query: 'sea', documents: ['a boat', 'a tree'] }),
        }),
    ],
    ['a completion', (openai: OpenAI) => openai.completions.create({ model: 'gpt-3.5-turbo-instruct', prompt: 'Once upon' })],
    [
      'a chat with the speech model',
      (openai: OpenAI) => openai.chat.completions.create({ model: 'tts-1', messages: [{ role: 'user', content: 'Hi' }] }),
    ],
    [
      'a chat with the instruct model',
      (openai: OpenAI) => openai.chat.completions.create({ model: 'gpt-3.5-turbo-instruct', messages: [{ role: 'user', content: 'Hi' }] }),
    ],
    ['an embedding with the image model', (openai: OpenAI) => openai.embeddings.create({ model: 'dall-e-3', input: 'Hi' })],
    [
      'speech with the transcription model',
      (openai: OpenAI) => openai.audio.speech.create({ model: 'whisper-1', voice: 'alloy', input: 'Hi' }),
    ],
  ] as const)('%s: the imported key gets what the upstream key gets', async (_, call) => {
    const there = await outcome(call, upstreamBase, key)
    const here = await outcome(call, localBase, localKey())
    expect(here).toEqual(there)
  })

  it('says which kinds it took from the names, and finds no difference between here and there', () => {
    const kinds = Object.fromEntries(imported.world.models.map((model) => [model.id, model.kind ?? 'chat']))
    expect(kinds).toMatchObject({
      'dall-e-3': 'image',
      'tts-1': 'speech',
      'whisper-1': 'transcription',
      'omni-moderation-latest': 'moderation',
      'jina-reranker-v2-base-multilingual': 'rerank',
      'gpt-3.5-turbo-instruct': 'completion',
      'gpt-realtime': 'realtime',
      'gpt-4o': 'chat',
    })
    expect(imported.notes).toContain(
      'no list tells what gpt-3.5-turbo-instruct (completion), tts-1 (speech), whisper-1 (transcription), omni-moderation-latest (moderation), text-moderation-stable (moderation), gpt-realtime (realtime) do: the kind is taken from the name',
    )
    expect(imported.notes.filter((note) => /upstream but|Gemini list gives it/.test(note))).toEqual([])
  })
})
