import { createOpenAI } from '@ai-sdk/openai'
import Anthropic from '@anthropic-ai/sdk'
import { ApiError, GoogleGenAI } from '@google/genai'
import { generateText, streamText } from 'ai'
import OpenAI from 'openai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { builtInScenarioNames } from '../../src/index.ts'
import { drivenTime, settle } from '../support/driven-time.ts'
import { eitherMode, useHarness } from '../support/modes.ts'
import { readChatStream, rejection } from '../support/rejection.ts'

const hello = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'Hello there' }] }
const helloClaude = { model: 'claude-sonnet-4-6', max_tokens: 256, messages: [{ role: 'user' as const, content: 'Hello there, Claude' }] }
const flash = 'gemini-2.5-flash'

/** The parsed Google error envelope genai puts in `ApiError.message`. */
function googleEnvelope(error: unknown): { error: { code: number; message: string; status: string; details: Record<string, string>[] } } {
  expect(error).toBeInstanceOf(ApiError)
  return JSON.parse((error as ApiError).message)
}

it('ships the seven built-ins this file exercises', () => {
  expect([...builtInScenarioNames].sort()).toEqual(
    ['context-overflow', 'flaky-upstream', 'mid-stream-error', 'model-missing', 'quota-exhausted', 'rate-limited', 'slow-stream'].sort(),
  )
})

describe.each(eitherMode)('built-in scenarios through the official SDKs ($name)', (mode) => {
  const harness = useHarness(mode)
  afterEach(() => harness.gateway.reset())

  // Clients are built inside each test: openai and Anthropic capture fetch when constructed (after msw listens).
  const openai = (options: { apiKey?: string; maxRetries?: number; fetch?: typeof fetch } = {}) =>
    new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0, ...options })
  const anthropic = (apiKey = 'sk-unrestricted') => new Anthropic({ apiKey, baseURL: harness.baseUrl, maxRetries: 0 })
  const genai = (apiKey = 'sk-unrestricted', apiVersion?: string) =>
    new GoogleGenAI({ apiKey, httpOptions: { baseUrl: harness.baseUrl, ...(apiVersion ? { apiVersion } : {}) } })
  const entries = () => harness.gateway.journal.entries

  describe('quota-exhausted', () => {
    it("refuses alice's keys with 403 insufficient_quota, which the SDK does not retry", async () => {
      // Before: the same call succeeds, so the failure below is the scenario's.
      await expect(openai().chat.completions.create(hello)).resolves.toMatchObject({ object: 'chat.completion' })
      await harness.gateway.useScenario('quota-exhausted')
      harness.gateway.journal.clear()

      // Default maxRetries (2): a 403 is not retried.
      const error = await rejection(openai({ maxRetries: 2 }).chat.completions.create(hello))
      expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError)
      expect(error).toMatchObject({ status: 403, code: 'insufficient_quota', type: 'insufficient_quota' })
      expect((error as Error).message).toMatch(/^403 User "alice" has no quota left/)
      expect(entries()).toHaveLength(1)
      expect(entries()[0]).toMatchObject({ path: '/v1/chat/completions', status: 403, code: 'insufficient_quota' })
    })

    it('shows 0 left on the dashboard and refuses the other surfaces too', async () => {
      await harness.gateway.useScenario('quota-exhausted')
      const response = await fetch(`${harness.baseUrl}/api/user/billing/summary`, { headers: { authorization: 'Bearer at-alice' } })
      expect(response.status).toBe(200)
      const summary = (await response.json()) as { success: boolean; data: { remaining_quota: number; remaining_usd: number } }
      expect(summary).toMatchObject({ success: true, data: { remaining_quota: 0, remaining_usd: 0 } })

      const claude = await rejection(anthropic('sk-vip').messages.create({ ...helloClaude, model: 'claude-opus-4-1' }))
      expect(claude).toBeInstanceOf(Anthropic.PermissionDeniedError)
      expect(claude).toMatchObject({ status: 403, type: 'permission_error' })

      const gemini = googleEnvelope(await rejection(genai().models.generateContent({ model: flash, contents: 'Hi' })))
      expect(gemini.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' })
      expect(gemini.error.details[0]).toMatchObject({ reason: 'insufficient_quota' })
    })
  })

  describe('rate-limited', () => {
    it('allows three calls with a falling remaining count, then 429 with retry headers until the clock moves on', async () => {
      await harness.gateway.useScenario('rate-limited')
      const remaining: (string | null)[] = []
      for (let i = 0; i < 3; i++) {
        const { data, response } = await openai().chat.completions.create(hello).withResponse()
        expect(data.choices[0]!.message.content).toContain('Hello there')
        expect(response.headers.get('x-ratelimit-limit-requests')).toBe('3')
        remaining.push(response.headers.get('x-ratelimit-remaining-requests'))
      }
      expect(remaining).toEqual(['2', '1', '0'])

      const error = await rejection(openai().chat.completions.create(hello))
      expect(error).toBeInstanceOf(OpenAI.RateLimitError)
      const limited = error as InstanceType<typeof OpenAI.RateLimitError>
      expect(limited).toMatchObject({ status: 429, code: 'rate_limit_exceeded' })
      expect(limited.message).toMatch(/group "default": 3 requests per 1m0s/)
      const retryAfter = Number(limited.headers?.get('retry-after'))
      const retryAfterMs = Number(limited.headers?.get('retry-after-ms'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(60)
      expect(retryAfterMs).toBeGreaterThan(55_000)
      expect(retryAfterMs).toBeLessThanOrEqual(60_000)
      expect(retryAfter).toBe(Math.ceil(retryAfterMs / 1000))
      expect(limited.headers?.get('x-ratelimit-remaining-requests')).toBe('0')

      // The group's window is shared by every surface that goes through it.
      const claude = await rejection(anthropic().messages.create(helloClaude))
      expect(claude).toBeInstanceOf(Anthropic.RateLimitError)
      expect(claude).toMatchObject({ status: 429, type: 'rate_limit_error' })

      harness.gateway.clock.advance(60_000)
      const { response } = await openai().chat.completions.create(hello).withResponse()
      expect(response.status).toBe(200)
      expect(response.headers.get('x-ratelimit-remaining-requests')).toBe('2')
    })

    it('limits the vip group on its own window, and the Anthropic SDK sees RateLimitError', async () => {
      await harness.gateway.useScenario('rate-limited')
      for (let i = 0; i < 3; i++) await anthropic('sk-vip').messages.create({ ...helloClaude, model: 'claude-opus-4-1' })
      const error = await rejection(anthropic('sk-vip').messages.create({ ...helloClaude, model: 'claude-opus-4-1' }))
      expect(error).toBeInstanceOf(Anthropic.RateLimitError)
      expect((error as InstanceType<typeof Anthropic.RateLimitError>).headers?.get('retry-after-ms')).toMatch(/^\d+$/)
      // The default group is untouched.
      await expect(openai().chat.completions.create(hello)).resolves.toMatchObject({ object: 'chat.completion' })
    })
  })

  describe('context-overflow', () => {
    const long = 'Please summarise this: ' + 'the quick brown fox jumps over the lazy dog. '.repeat(10)
    const numbers =
      /maximum context length is (\d+) tokens\. However, you requested (\d+) tokens \((\d+) in the messages, (\d+) in the completion\)/

    it('answers a real prompt with 400 context_length_exceeded and both numbers', async () => {
      await expect(openai().chat.completions.create({ ...hello, messages: [{ role: 'user', content: long }] })).resolves.toBeDefined()
      await harness.gateway.useScenario('context-overflow')

      const error = await rejection(openai().chat.completions.create({ ...hello, messages: [{ role: 'user', content: long }] }))
      expect(error).toBeInstanceOf(OpenAI.BadRequestError)
      expect(error).toMatchObject({ status: 400, code: 'context_length_exceeded' })
      const [, window, requested] = (error as Error).message.match(numbers) ?? []
      expect(Number(window)).toBe(0)
      expect(Number(requested)).toBeGreaterThan(100)

      const gemini = googleEnvelope(await rejection(genai().models.generateContent({ model: flash, contents: long })))
      expect(gemini.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' })
      expect(gemini.error.message).toMatch(/maximum context length is 0 tokens/)
      expect(((await rejection(genai().models.generateContent({ model: flash, contents: long }))) as ApiError).status).toBe(400)
    })

    it('refuses the shortest prompt, without max_tokens, on chat, messages and Gemini, streamed or not', async () => {
      // Before: a one-character prompt goes through everywhere.
      await expect(openai().chat.completions.create({ ...hello, messages: [{ role: 'user', content: '.' }] })).resolves.toBeDefined()
      await harness.gateway.useScenario('context-overflow')

      for (const stream of [false, true]) {
        const chat = await rejection(openai().chat.completions.create({ ...hello, messages: [{ role: 'user', content: '.' }], stream }))
        expect(chat).toBeInstanceOf(OpenAI.BadRequestError)
        expect(chat).toMatchObject({ status: 400, code: 'context_length_exceeded' })
        const [, window, total, prompt, output] = (chat as Error).message.match(numbers) ?? []
        expect([Number(window), Number(output)]).toEqual([0, 0])
        expect(Number(prompt)).toBe(Number(total))
        expect(Number(total)).toBeGreaterThan(0)
      }

      const messages = await rejection(
        anthropic().messages.create({ ...helloClaude, max_tokens: 1, messages: [{ role: 'user', content: '.' }] }),
      )
      expect(messages).toBeInstanceOf(Anthropic.BadRequestError)
      expect((messages as Error).message).toMatch(numbers)
      expect((messages as Error).message).toMatch(/1 in the completion/)

      const gemini = await rejection(genai().models.generateContent({ model: flash, contents: '.' }))
      expect((gemini as ApiError).status).toBe(400)
      expect(googleEnvelope(gemini).error.message).toMatch(numbers)
      const streamed = await rejection(
        (async () => {
          for await (const _chunk of await genai().models.generateContentStream({ model: flash, contents: '.' })) void _chunk
        })(),
      )
      expect((streamed as ApiError).status).toBe(400)
    })

    it('refuses the shortest input on the Responses API, streamed or not, naming input', async () => {
      await expect(openai().responses.create({ model: 'gpt-4o-mini', input: '.' })).resolves.toMatchObject({ status: 'completed' })
      await harness.gateway.useScenario('context-overflow')

      for (const stream of [false, true]) {
        const error = await rejection(openai().responses.create({ model: 'gpt-4o-mini', input: '.', stream }))
        expect(error).toBeInstanceOf(OpenAI.BadRequestError)
        expect(error).toMatchObject({ status: 400, code: 'context_length_exceeded', param: 'input' })
        const [, window, total, prompt, output] = (error as Error).message.match(numbers) ?? []
        expect([Number(window), Number(output)]).toEqual([0, 0])
        expect(Number(prompt)).toBe(Number(total))
        expect(Number(total)).toBeGreaterThan(0)
      }
    })

    it('refuses a one-token embedding input on /v1/embeddings and Gemini embedContent', async () => {
      // Before: "Hi" (one token) embeds.
      await expect(openai().embeddings.create({ model: 'text-embedding-3-small', input: 'Hi' })).resolves.toMatchObject({
        usage: { prompt_tokens: 1 },
      })
      await harness.gateway.useScenario('context-overflow')

      const embeddings = await rejection(openai().embeddings.create({ model: 'text-embedding-3-small', input: 'Hi' }))
      expect(embeddings).toBeInstanceOf(OpenAI.BadRequestError)
      expect(embeddings).toMatchObject({ status: 400, code: 'context_length_exceeded', param: 'input' })
      expect((embeddings as Error).message).toMatch(
        /maximum context length is 0 tokens\. However, you requested 1 tokens \(1 in the messages, 0 in the completion\)/,
      )

      const gemini = googleEnvelope(await rejection(genai().models.embedContent({ model: 'gemini-embedding-001', contents: 'Hi' })))
      expect(gemini.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' })
      expect(gemini.error.message).toMatch(/maximum context length is 0 tokens\. However, you requested 1 tokens/)
    })
  })

  describe('model-missing', () => {
    it('withdraws gpt-4o: gone from the list, 404 NotFoundError on generation', async () => {
      const before = (await openai().models.list()).data.map((model) => model.id)
      expect(before).toContain('gpt-4o')
      await harness.gateway.useScenario('model-missing')

      const after = (await openai().models.list()).data.map((model) => model.id)
      expect(after).not.toContain('gpt-4o')
      expect(after).toContain('gpt-4o-mini')
      const error = await rejection(openai().chat.completions.create({ ...hello, model: 'gpt-4o' }))
      expect(error).toBeInstanceOf(OpenAI.NotFoundError)
      expect(error).toMatchObject({ status: 404, code: 'model_not_found' })
      await expect(openai().chat.completions.create(hello)).resolves.toMatchObject({ model: 'gpt-4o-mini' })
    })

    it('withdraws gemini-2.5-pro from the vip group', async () => {
      const names = async () => {
        // genai 3 lists /v1/models, which the gateway keeps for the OpenAI list: pin v1beta.
        const pager = await genai('sk-vip', 'v1beta').models.list()
        const all: string[] = []
        for await (const model of pager) all.push(model.name!)
        return all
      }
      expect(await names()).toContain('models/gemini-2.5-pro')
      await harness.gateway.useScenario('model-missing')
      expect(await names()).not.toContain('models/gemini-2.5-pro')
      expect(await names()).toContain('models/gemini-2.5-flash')

      const error = await rejection(genai('sk-vip').models.generateContent({ model: 'gemini-2.5-pro', contents: 'Hi' }))
      expect((error as ApiError).status).toBe(404)
      expect(googleEnvelope(error).error).toMatchObject({ status: 'NOT_FOUND' })
      expect(googleEnvelope(error).error.details[0]).toMatchObject({ reason: 'model_not_found' })
    })
  })

  describe('flaky-upstream', () => {
    /** The waits `call` asks of the timers, in ms: an SDK's retry waits among them. */
    async function timerWaits<T>(call: () => Promise<T>): Promise<{ result: T; waits: number[] }> {
      const timers = vi.spyOn(globalThis, 'setTimeout')
      try {
        const result = await call()
        return { result, waits: timers.mock.calls.map(([, ms]) => ms ?? 0) }
      } finally {
        timers.mockRestore()
      }
    }

    it('lets openai with its default two retries through, fast, after exactly two 503s', async () => {
      await harness.gateway.useScenario('flaky-upstream')
      const retryCounts: (string | null)[] = []
      const recordingFetch: typeof fetch = (input, init) => {
        retryCounts.push(new Headers(init?.headers).get('x-stainless-retry-count'))
        return fetch(input, init)
      }
      const { result: completion, waits } = await timerWaits(() =>
        openai({ maxRetries: 2, fetch: recordingFetch }).chat.completions.create(hello),
      )

      expect(completion.choices[0]!.message.content).toContain('Hello there')
      expect(retryCounts).toEqual(['0', '1', '2'])
      expect(entries().map((entry) => entry.status)).toEqual([503, 503, 200])
      expect(entries()[0]).toMatchObject({ code: 'upstream_error', decidedBy: 'scenario "flaky-upstream" rule "upstream down twice"' })
      expect(entries()[2]!.decidedBy).toBeUndefined()
      // Each retry waits the retry-after-ms 20 instead of the SDK's 0.5 s, 1 s backoff.
      expect(waits.filter((ms) => ms === 20)).toHaveLength(2)
    })

    it('lets Anthropic and the AI SDK through with their default retries too', async () => {
      await harness.gateway.useScenario('flaky-upstream')
      const claude = await new Anthropic({ apiKey: 'sk-unrestricted', baseURL: harness.baseUrl }).messages.create(helloClaude)
      expect(claude.stop_reason).toBe('end_turn')
      expect(entries().map((entry) => entry.status)).toEqual([503, 503, 200])

      await harness.gateway.useScenario('flaky-upstream')
      harness.gateway.journal.clear()
      const model = createOpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1` }).chat('gpt-4o-mini')
      const { result, waits } = await timerWaits(() => generateText({ model, prompt: 'Hello there' }))
      expect(result.text).toContain('Hello there')
      expect(entries().map((entry) => entry.status)).toEqual([503, 503, 200])
      // The AI SDK honours retry-after-ms (20) instead of its 2 s, 4 s backoff.
      expect(waits.filter((ms) => ms === 20)).toHaveLength(2)
      expect(waits.filter((ms) => ms === 2_000 || ms === 4_000)).toEqual([])
    })

    it('throws InternalServerError 503 with maxRetries 0, and genai (no retries by default) ApiError 503', async () => {
      await harness.gateway.useScenario('flaky-upstream')
      const error = await rejection(openai({ maxRetries: 0 }).chat.completions.create(hello))
      expect(error).toBeInstanceOf(OpenAI.InternalServerError)
      expect(error).toMatchObject({ status: 503, code: 'upstream_error' })
      const headers = (error as InstanceType<typeof OpenAI.InternalServerError>).headers
      expect(headers?.get('retry-after-ms')).toBe('20')
      expect(headers?.get('x-should-retry')).toBe('true')

      const gemini = await rejection(genai().models.generateContent({ model: flash, contents: 'Hi' }))
      expect((gemini as ApiError).status).toBe(503)
      expect(googleEnvelope(gemini).error).toMatchObject({ code: 503, status: 'UNAVAILABLE' })
      // Two failures used up: the third generation succeeds.
      await expect(genai().models.generateContent({ model: flash, contents: 'Hi' })).resolves.toMatchObject({ text: expect.any(String) })
      expect(entries().map((entry) => entry.status)).toEqual([503, 503, 200])
    })
  })

  describe('mid-stream-error', () => {
    it("openai: the first 5 chunks' text, then APIError with the message; non-stream unaffected", async () => {
      await harness.gateway.useScenario('mid-stream-error')
      const full = (await openai().chat.completions.create(hello)).choices[0]!.message.content!
      const stream = await openai().chat.completions.create({ ...hello, stream: true })
      const { pieces, error } = await readChatStream(stream)
      expect(error).toBeInstanceOf(OpenAI.APIError)
      expect(error).toMatchObject({ status: undefined, code: 'upstream_error', message: 'Overloaded: the upstream dropped the stream.' })
      expect(pieces).toHaveLength(5)
      expect(full.startsWith(pieces.join(''))).toBe(true)
      expect(pieces.join('')).toBe('This is a mock reply')
      const streamed = entries().at(-1)!
      expect(streamed).toMatchObject({ status: 200, decidedBy: 'scenario "mid-stream-error" rule "stream breaks"' })
    })

    it('Anthropic: APIError whose type and message show overloaded_error', async () => {
      await harness.gateway.useScenario('mid-stream-error')
      await expect(anthropic().messages.create(helloClaude)).resolves.toMatchObject({ stop_reason: 'end_turn' })
      const texts: string[] = []
      const error = await rejection(
        (async () => {
          const stream = await anthropic().messages.create({ ...helloClaude, stream: true })
          for await (const event of stream) {
            if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') texts.push(event.delta.text)
          }
        })(),
      )
      expect(error).toBeInstanceOf(Anthropic.APIError)
      expect(error).toMatchObject({ status: undefined, type: 'overloaded_error' })
      expect((error as Error).message).toContain('overloaded_error')
      expect((error as Error).message).toContain('Overloaded: the upstream dropped the stream.')
      expect(texts).toHaveLength(5)
    })

    it('genai: ApiError with status 529 after 5 chunks', async () => {
      await harness.gateway.useScenario('mid-stream-error')
      const texts: string[] = []
      const error = await rejection(
        (async () => {
          for await (const chunk of await genai().models.generateContentStream({ model: flash, contents: 'Hello, Gemini' }))
            texts.push(chunk.text ?? '')
        })(),
      )
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).status).toBe(529)
      expect((error as Error).message).toContain('Overloaded: the upstream dropped the stream.')
      expect(texts).toHaveLength(5)
      await expect(genai().models.generateContent({ model: flash, contents: 'Hello, Gemini' })).resolves.toMatchObject({
        text: `This is a mock reply from ${flash}. You said: "Hello, Gemini"`,
      })
    })

    it('AI SDK streamText: an error part after the text, and the stream still ends', async () => {
      await harness.gateway.useScenario('mid-stream-error')
      const model = createOpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1` }).chat('gpt-4o-mini')
      const result = streamText({ model, prompt: 'Hello there', maxRetries: 0, onError: () => {} })
      const parts = []
      for await (const part of result.fullStream) parts.push(part)
      const errorAt = parts.findIndex((part) => part.type === 'error')
      expect(errorAt).toBeGreaterThan(0)
      const deltas = parts.slice(0, errorAt).filter((part) => part.type === 'text-delta')
      expect(deltas).toHaveLength(5)
      expect(deltas.map((part) => part.text).join('')).toBe('This is a mock reply')
      expect(JSON.stringify(parts[errorAt])).toContain('Overloaded: the upstream dropped the stream.')
    })
  })
})

// On a time the test drives: the stream's first wait is the one the scenario sets, and nothing
// comes before it is over.
describe.each(eitherMode)('slow-stream on a driven clock ($name)', (mode) => {
  const time = drivenTime()
  const harness = useHarness(mode, { time, scenarios: ['slow-stream'] })

  it('holds the first token for 300 ms', async () => {
    const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
    const stream = await client.chat.completions.create({ ...hello, stream: true, max_tokens: 2 })
    const pieces: string[] = []
    let done = false
    const reading = (async () => {
      for await (const chunk of stream) pieces.push(chunk.choices[0]?.delta.content ?? '')
    })().finally(() => (done = true))
    await expect.poll(() => time.pending()).toBe(1)
    expect(time.asked).toEqual([300])
    time.advance(299)
    await settle()
    expect(pieces.join('')).toBe('')
    while (!done) {
      time.advance(1_000)
      await settle(2)
    }
    await reading
    expect(pieces.join('')).toBe('This is')
  })
})
