import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin } from '../support/paths.ts'

// The server runs in its own process (the built binary, as `npx llm-gateway-mock` runs it): a
// count that held its event loop for minutes would then fail these tests by their timeout
// instead of holding the test process too.
// Generous, for a shared machine; the count used to take about ten minutes.
const timeout = 60_000

const mebibyte = 2 ** 20
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32
}
const randomText = (alphabet: string, seed: number) => {
  const random = seeded(seed)
  return Array.from({ length: mebibyte }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
}
const prose = () => {
  const words = 'the of and to in a is that for it as was with be by on not he this are or his from at which but have an they you'.split(
    ' ',
  )
  const random = seeded(3)
  let text = ''
  while (text.length < mebibyte)
    text += `${words[Math.floor(random() * words.length)]}${random() < 0.1 ? '. ' : random() < 0.1 ? ', ' : ' '}`
  return text.slice(0, mebibyte)
}

/** 1 MiB prompts of the shapes people send to provoke context_length_exceeded. */
const shapes: Record<string, () => string> = {
  'one letter': () => 'x'.repeat(mebibyte),
  'random letters': () => randomText('abcdefghijklmnopqrstuvwxyz', 1),
  digits: () => randomText('0123456789', 2),
  prose,
}

const headers = {
  authorization: 'Bearer sk-unrestricted',
  'x-api-key': 'sk-unrestricted',
  'x-goog-api-key': 'sk-unrestricted',
  'content-type': 'application/json',
}
const model = 'small-context-4k'

/** Each surface's request for a one-message prompt and, where the API has one, its count route, which must agree. */
const surfaces = {
  chat: {
    generate: (text: string) => ['/v1/chat/completions', { model, messages: [{ role: 'user', content: text }] }] as const,
  },
  messages: {
    generate: (text: string) => ['/v1/messages', { model, max_tokens: 16, messages: [{ role: 'user', content: text }] }] as const,
    count: async (text: string) => {
      const response = await post('/v1/messages/count_tokens', { model, messages: [{ role: 'user', content: text }] })
      return ((await response.json()) as { input_tokens: number }).input_tokens
    },
  },
  generateContent: {
    generate: (text: string) => [`/v1beta/models/${model}:generateContent`, { contents: [{ role: 'user', parts: [{ text }] }] }] as const,
    count: async (text: string) => {
      const response = await post(`/v1beta/models/${model}:countTokens`, { contents: [{ role: 'user', parts: [{ text }] }] })
      return ((await response.json()) as { totalTokens: number }).totalTokens
    },
  },
}

let running: CliProcess
let url: string
const post = async (path: string, body: unknown) => fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
const generate = async (surface: keyof typeof surfaces, text: string) => {
  const [path, body] = surfaces[surface].generate(text)
  return post(path, body)
}

/** What each client library reads of a context error: OpenAI's code, Anthropic's error type, Google's ErrorInfo reason. */
const errorKinds = { chat: 'context_length_exceeded', messages: 'invalid_request_error', generateContent: 'context_length_exceeded' }

/** The kind of a 400, and the window and the prompt's tokens from its message, in the envelope of `surface`. */
async function contextError(surface: keyof typeof surfaces, response: Response) {
  const { error } = (await response.json()) as {
    error: { message: string; code?: unknown; type?: string; details?: { reason?: string }[] }
  }
  const kind = { chat: error.code, messages: error.type, generateContent: error.details?.[0]?.reason }[surface]
  const [, window, prompt] =
    error.message.match(/maximum context length is (\d+) tokens\. However, you requested \d+ tokens \((\d+) in the/) ?? []
  return { status: response.status, kind, window: Number(window), prompt: Number(prompt) }
}

describe('1 MiB prompts (the binary over HTTP)', () => {
  beforeAll(async () => {
    running = spawnCli(process.execPath, [bin, '--port', '0', '--quiet'])
    ;[, url] = (await running.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)) as [string, string]
  })
  afterAll(async () => {
    await running.stop('SIGKILL')
  })

  it.each(Object.keys(surfaces) as (keyof typeof surfaces)[])(
    '%s: 1 MiB of one letter gets 400 context_length_exceeded with the window and the prompt count',
    async (surface) => {
      const error = await contextError(surface, await generate(surface, 'x'.repeat(mebibyte)))
      // 8 x a token, as o200k_base counts them, plus the message framing (3 + 3).
      expect(error).toEqual({ status: 400, kind: errorKinds[surface], window: 4096, prompt: mebibyte / 8 + 6 })
    },
    timeout,
  )

  it.each(Object.keys(shapes))(
    'chat: 1 MiB of %s gets 400 context_length_exceeded with both numbers, and count_tokens agrees',
    async (shape) => {
      const text = shapes[shape]!()
      const chat = await contextError('chat', await generate('chat', text))
      expect(chat).toMatchObject({ status: 400, kind: 'context_length_exceeded', window: 4096 })
      expect(chat.prompt).toBeGreaterThan(mebibyte / 8)
      expect(await surfaces.messages.count(text)).toBe(chat.prompt)
      expect(await surfaces.generateContent.count(text)).toBe(chat.prompt)
    },
    timeout,
  )

  it(
    'reports as usage, for a long prompt that fits, the count that count_tokens, countTokens and the context check give',
    async () => {
      // A quarter of a MiB of prose: about 65 K tokens, within the windows of the models below.
      const text = shapes.prose!().slice(0, mebibyte / 4)
      const chat = await post('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: text }] })
      const messages = await post('/v1/messages', {
        model: 'claude-sonnet-4-6',
        max_tokens: 16,
        messages: [{ role: 'user', content: text }],
      })
      const gemini = await post('/v1beta/models/gemini-2.5-flash:generateContent', { contents: [{ role: 'user', parts: [{ text }] }] })
      const usage = [
        ((await chat.json()) as { usage: { prompt_tokens: number } }).usage.prompt_tokens,
        ((await messages.json()) as { usage: { input_tokens: number } }).usage.input_tokens,
        ((await gemini.json()) as { usageMetadata: { promptTokenCount: number } }).usageMetadata.promptTokenCount,
      ]
      const { prompt } = await contextError('chat', await generate('chat', text))
      expect(prompt).toBeGreaterThan(60_000)
      expect(usage).toEqual([prompt, prompt, prompt])
      expect(await surfaces.messages.count(text)).toBe(prompt)
      expect(await surfaces.generateContent.count(text)).toBe(prompt)
    },
    timeout,
  )

  it(
    'answers GET /v1/models while a 1 MiB prompt is being counted, and still stops on SIGTERM',
    async () => {
      const order: string[] = []
      const long = generate('chat', shapes['random letters']!()).then(async (response) => {
        order.push('long prompt')
        return contextError('chat', response)
      })
      const models = await fetch(`${url}/v1/models`, { headers })
      order.push('models')
      expect(models.status).toBe(200)
      expect(await long).toMatchObject({ status: 400, window: 4096 })
      expect(order).toEqual(['models', 'long prompt'])

      void generate('chat', shapes.digits!()).catch(() => undefined)
      expect(await running.stop('SIGTERM', timeout)).toBe(0)
      expect(running.output()).toContain('SIGTERM: stopping')
    },
    timeout,
  )
})
