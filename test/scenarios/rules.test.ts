import Anthropic from '@anthropic-ai/sdk'
import { ApiError, GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import type { ScenarioInput } from '../../src/index.ts'
import { drivenTime, settle } from '../support/driven-time.ts'
import { eitherMode, useHarness, type Harness } from '../support/modes.ts'
import { readChatStream, rejection } from '../support/rejection.ts'

const hello = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'Hello there' }] }
const helloClaude = { model: 'claude-sonnet-4-6', max_tokens: 256, messages: [{ role: 'user' as const, content: 'Hello there, Claude' }] }
const flash = 'gemini-2.5-flash'

/** A failure that no SDK retries, so a test sees exactly one attempt. */
const teapot = { fail: { code: 'upstream_error' as const, status: 502, message: 'Scenario says no.', shouldRetry: false } }

/** A plain chat completion over fetch: status and parsed body. */
async function chat(harness: Harness, body: Record<string, unknown> = {}, key = 'sk-unrestricted') {
  const response = await fetch(`${harness.baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...hello, ...body }),
  })
  return { status: response.status, headers: response.headers, body: (await response.json()) as any }
}

/** The statuses of `count` sequential chat requests. */
async function statuses(harness: Harness, count: number, body: Record<string, unknown> = {}, key = 'sk-unrestricted') {
  const seen: number[] = []
  for (let i = 0; i < count; i++) seen.push((await chat(harness, body, key)).status)
  return seen
}

describe.each(eitherMode)('scenario rules ($name)', (mode) => {
  const harness = useHarness(mode)
  afterEach(() => harness.gateway.reset())

  const openai = (options: { apiKey?: string; maxRetries?: number } = {}) =>
    new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0, ...options })
  const anthropic = (apiKey = 'sk-unrestricted') => new Anthropic({ apiKey, baseURL: harness.baseUrl, maxRetries: 0 })
  const genai = (apiKey = 'sk-unrestricted', apiVersion?: string) =>
    new GoogleGenAI({ apiKey, httpOptions: { baseUrl: harness.baseUrl, ...(apiVersion ? { apiVersion } : {}) } })
  const use = (scenario: ScenarioInput) => harness.gateway.useScenario(scenario)
  const entries = () => harness.gateway.journal.entries

  describe('matching', () => {
    it('on route: method and path, with * and a suffix match', async () => {
      await use({
        name: 'routes',
        rules: [
          { when: { route: 'POST /v1/messages' }, then: teapot },
          { when: { route: '/v1beta/models/*' }, then: teapot },
        ],
      })
      await expect(openai().chat.completions.create(hello)).resolves.toBeDefined()
      expect(await rejection(anthropic().messages.create(helloClaude))).toMatchObject({ status: 502 })
      // genai 3 calls /v1/models/…, which `/v1beta/models/*` does not match; pinned to v1beta it does.
      await expect(genai().models.generateContent({ model: flash, contents: 'Hi' })).resolves.toBeDefined()
      expect(
        (await rejection(genai('sk-unrestricted', 'v1beta').models.generateContent({ model: flash, contents: 'Hi' }))) as ApiError,
      ).toMatchObject({
        status: 502,
      })
      await use({ name: 'wrong method', rules: [{ when: { route: 'GET /v1/chat/completions' }, then: teapot }] })
      await expect(openai().chat.completions.create(hello)).resolves.toBeDefined()
    })

    it('on surface: the same model fails on the Gemini surface and works through the OpenAI one', async () => {
      await use({ name: 'gemini down', rules: [{ when: { surface: 'gemini' }, then: teapot }] })
      const error = await rejection(genai().models.generateContent({ model: flash, contents: 'Hi' }))
      expect(error).toBeInstanceOf(ApiError)
      expect(JSON.parse((error as ApiError).message).error).toMatchObject({ code: 502, message: 'Scenario says no.' })
      await expect(openai().chat.completions.create({ ...hello, model: flash })).resolves.toMatchObject({ model: flash })
      await expect(anthropic().messages.create(helloClaude)).resolves.toMatchObject({ type: 'message' })
    })

    it('on model', async () => {
      await use({ name: 'gpt-4o down', rules: [{ when: { model: 'gpt-4o' }, then: teapot }] })
      expect(await rejection(openai().chat.completions.create({ ...hello, model: 'gpt-4o' }))).toBeInstanceOf(OpenAI.InternalServerError)
      await expect(openai().chat.completions.create(hello)).resolves.toMatchObject({ model: 'gpt-4o-mini' })
    })

    it('on key, in any spelling, whichever header carries it', async () => {
      for (const key of ['sk-vip', 'vip', 'Bearer sk-vip']) {
        await use({ name: 'vip key', rules: [{ when: { key }, then: teapot }] })
        expect(await rejection(openai({ apiKey: 'sk-vip' }).chat.completions.create({ ...hello, model: 'gpt-4o' }))).toMatchObject({
          status: 502,
        })
        // The Anthropic SDK sends Bearer; x-api-key is the same key.
        const viaHeader = await fetch(`${harness.baseUrl}/v1/messages`, {
          method: 'POST',
          headers: { 'x-api-key': 'sk-vip', 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
          body: JSON.stringify({ ...helloClaude, model: 'claude-opus-4-1' }),
        })
        expect(viaHeader.status).toBe(502)
        await expect(openai().chat.completions.create(hello)).resolves.toBeDefined()
      }
    })

    it('on user: a username or a user id', async () => {
      const bob = {
        users: [{ id: 3, username: 'bob', quota: 1_000_000, accessToken: 'at-bob' }],
        tokens: [{ key: 'sk-bob', name: 'bob', userId: 3, unlimitedQuota: true }],
      }
      await use({ name: 'bob', world: bob, rules: [{ when: { user: 'bob' }, then: teapot }] })
      expect((await chat(harness, {}, 'sk-bob')).status).toBe(502)
      expect((await chat(harness, {}, 'sk-unrestricted')).status).toBe(200)
      await use({ name: 'alice by id', world: bob, rules: [{ when: { user: 1 }, then: teapot }] })
      expect((await chat(harness, {}, 'sk-bob')).status).toBe(200)
      expect((await chat(harness, {}, 'sk-vip')).status).toBe(502)
      expect((await chat(harness, {}, 'sk-limited')).status).toBe(502)
    })

    it('on stream', async () => {
      await use({ name: 'no streams', rules: [{ when: { stream: true }, then: teapot }] })
      await expect(openai().chat.completions.create(hello)).resolves.toBeDefined()
      expect(await rejection(openai().chat.completions.create({ ...hello, stream: true }))).toMatchObject({ status: 502 })
      expect((await rejection(genai().models.generateContentStream({ model: flash, contents: 'Hi' }))) as ApiError).toMatchObject({
        status: 502,
      })
      await expect(genai().models.generateContent({ model: flash, contents: 'Hi' })).resolves.toBeDefined()
    })

    it('only on generation requests: model lists and token counts are untouched', async () => {
      await use({ name: 'everything fails', rules: [{ when: {}, then: teapot }] })
      expect((await openai().models.list()).data.length).toBeGreaterThan(0)
      await expect(anthropic().messages.countTokens({ model: helloClaude.model, messages: helloClaude.messages })).resolves.toMatchObject({
        input_tokens: expect.any(Number),
      })
      await expect(genai().models.countTokens({ model: flash, contents: 'Hi' })).resolves.toMatchObject({ totalTokens: expect.any(Number) })
      expect((await chat(harness)).status).toBe(502)
    })

    it('every criterion given must hold', async () => {
      await use({ name: 'narrow', rules: [{ when: { model: 'gpt-4o', key: 'sk-vip', stream: false }, then: teapot }] })
      expect((await chat(harness, { model: 'gpt-4o' }, 'sk-vip')).status).toBe(502)
      expect((await chat(harness, { model: 'gpt-4o' }, 'sk-unrestricted')).status).toBe(200)
      expect((await chat(harness, { model: 'gpt-4o-mini' }, 'sk-unrestricted')).status).toBe(200)
      const streamed = await fetch(`${harness.baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-vip', 'content-type': 'application/json' },
        body: JSON.stringify({ ...hello, model: 'gpt-4o', stream: true }),
      })
      expect(streamed.status).toBe(200)
      await streamed.text()
    })
  })

  describe('which matching requests a rule fires on', () => {
    it('call N: only the Nth matching request', async () => {
      await use({ name: 'second', rules: [{ when: { model: 'gpt-4o', call: 2 }, then: teapot }] })
      const seen = []
      for (const model of ['gpt-4o', 'gpt-4o-mini', 'gpt-4o', 'gpt-4o-mini', 'gpt-4o']) seen.push((await chat(harness, { model })).status)
      expect(seen).toEqual([200, 200, 502, 200, 200])
    })

    it('after N: every matching request but the first N', async () => {
      await use({ name: 'after two', rules: [{ when: { after: 2 }, then: teapot }] })
      expect(await statuses(harness, 5)).toEqual([200, 200, 502, 502, 502])
    })

    it('times N: at most N times', async () => {
      await use({ name: 'once', rules: [{ when: { times: 1 }, then: teapot }] })
      expect(await statuses(harness, 3)).toEqual([502, 200, 200])
      await use({ name: 'after one, twice', rules: [{ when: { after: 1, times: 2 }, then: teapot }] })
      expect(await statuses(harness, 5)).toEqual([200, 502, 502, 200, 200])
    })

    it('a request refused before the scenario (bad key, bad body) does not count', async () => {
      await use({ name: 'first', rules: [{ when: { call: 1 }, then: teapot }] })
      expect((await chat(harness, {}, 'sk-nobody')).status).toBe(401)
      expect((await chat(harness, { messages: 'not a list' })).status).toBe(400)
      expect(await statuses(harness, 2)).toEqual([502, 200])
    })

    it('the first rule that fires applies; the journal names it', async () => {
      await use({
        name: 'layers',
        rules: [
          { name: 'gpt-4o outage', when: { model: 'gpt-4o' }, then: teapot },
          { when: { times: 2 }, then: { fail: { code: 'internal_error', shouldRetry: false } } },
        ],
      })
      const seen = []
      for (const model of ['gpt-4o', 'gpt-4o-mini', 'gpt-4o-mini', 'gpt-4o-mini']) seen.push((await chat(harness, { model })).status)
      expect(seen).toEqual([502, 500, 500, 200])
      expect(entries().map((entry) => entry.decidedBy)).toEqual([
        'scenario "layers" rule "gpt-4o outage"',
        'scenario "layers" rule #2',
        'scenario "layers" rule #2',
        undefined,
      ])
      expect(entries().map((entry) => entry.code)).toEqual(['upstream_error', 'internal_error', 'internal_error', undefined])
    })
  })

  describe('actions', () => {
    it("fail with a status override: OpenAI's 429 insufficient_quota is a RateLimitError with that code", async () => {
      await use({ name: 'openai quota', rules: [{ then: { fail: { code: 'insufficient_quota', status: 429 } } }] })
      const error = await rejection(openai().chat.completions.create(hello))
      expect(error).toBeInstanceOf(OpenAI.RateLimitError)
      expect(error).toMatchObject({ status: 429, code: 'insufficient_quota', type: 'insufficient_quota' })
      expect((error as Error).message).toBe('429 You exceeded your current quota, please check your plan and billing details.')
      const claude = await rejection(anthropic().messages.create(helloClaude))
      expect(claude).toBeInstanceOf(Anthropic.RateLimitError)
      expect(claude).toMatchObject({ type: 'rate_limit_error' })
    })

    it('fail with retryAfterMs, shouldRetry and extra headers', async () => {
      await use({
        name: 'headers',
        rules: [
          { then: { fail: { code: 'rate_limit_exceeded', retryAfterMs: 1500, shouldRetry: false, headers: { 'x-upstream': 'mock-1' } } } },
        ],
      })
      const error = await rejection(openai({ maxRetries: 2 }).chat.completions.create(hello))
      expect(error).toBeInstanceOf(OpenAI.RateLimitError)
      const headers = (error as InstanceType<typeof OpenAI.RateLimitError>).headers!
      expect(headers.get('retry-after-ms')).toBe('1500')
      expect(headers.get('retry-after')).toBe('2')
      expect(headers.get('x-should-retry')).toBe('false')
      expect(headers.get('x-upstream')).toBe('mock-1')
      // x-should-retry: false beats the SDK's default two retries of a 429.
      expect(entries()).toHaveLength(1)

      const gemini = await rejection(genai().models.generateContent({ model: flash, contents: 'Hi' }))
      const details = JSON.parse((gemini as ApiError).message).error.details
      expect(details).toContainEqual({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '2s' })
    })

    it('shouldRetry true makes the SDK retry even a 400, obeying retry-after-ms', async () => {
      await use({
        name: 'retry a 400',
        rules: [{ when: { times: 1 }, then: { fail: { code: 'invalid_request_error', shouldRetry: true, retryAfterMs: 10 } } }],
      })
      const completion = await openai({ maxRetries: 2 }).chat.completions.create(hello)
      expect(completion.choices[0]!.message.content).toContain('Hello there')
      expect(entries().map((entry) => entry.status)).toEqual([400, 200])
    })

    it('reply override: text, finish reason and usage are what the SDK returns and what quota is debited', async () => {
      await use({
        name: 'fixed reply',
        rules: [
          {
            then: {
              reply: { text: 'Fixed by the scenario.', finishReason: 'length', usage: { promptTokens: 1000, completionTokens: 10 } },
            },
          },
        ],
      })
      const token = harness.gateway.world.findToken('sk-vip')!
      const before = token.remainQuota
      const completion = await openai({ apiKey: 'sk-vip' }).chat.completions.create({ ...hello, model: 'gpt-4o' })
      expect(completion.choices[0]).toMatchObject({ finish_reason: 'length', message: { content: 'Fixed by the scenario.' } })
      expect(completion.usage).toMatchObject({ prompt_tokens: 1000, completion_tokens: 10, total_tokens: 1010 })
      // gpt-4o: ratio 1.25, completion ratio 4; vip group ratio 1.5.
      const cost = Math.round((1000 + 10 * 4) * 1.25 * 1.5)
      expect(before - token.remainQuota).toBe(cost)
      expect(entries().at(-1)).toMatchObject({ quota: cost, usage: { promptTokens: 1000, completionTokens: 10 } })

      // Streamed, the same text arrives chunk by chunk.
      const stream = await openai().chat.completions.create({ ...hello, stream: true })
      let text = ''
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? ''
      expect(text).toBe('Fixed by the scenario.')

      const claude = await anthropic().messages.create(helloClaude)
      expect(claude.content).toEqual([expect.objectContaining({ type: 'text', text: 'Fixed by the scenario.' })])
      expect(claude).toMatchObject({ stop_reason: 'max_tokens', usage: { input_tokens: 1000, output_tokens: 10 } })
    })

    it('reply override: tool calls reach every SDK as tool calls', async () => {
      await use({ name: 'tools', rules: [{ then: { reply: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] } } }] })
      const completion = await openai().chat.completions.create(hello)
      const choice = completion.choices[0]!
      expect(choice.finish_reason).toBe('tool_calls')
      expect(choice.message.tool_calls).toHaveLength(1)
      const call = choice.message.tool_calls![0]!
      expect(call.type === 'function' && call.function).toEqual({ name: 'get_weather', arguments: '{"city":"Oslo"}' })

      const claude = await anthropic().messages.create(helloClaude)
      expect(claude.stop_reason).toBe('tool_use')
      expect(claude.content).toEqual([expect.objectContaining({ type: 'tool_use', name: 'get_weather', input: { city: 'Oslo' } })])

      const gemini = await genai().models.generateContent({ model: flash, contents: 'Hi' })
      expect(gemini.functionCalls).toEqual([expect.objectContaining({ name: 'get_weather', args: { city: 'Oslo' } })])
    })

    it("breakStream with disconnect: the first N chunks' text, then a connection error; the server serves on", async () => {
      await use({
        name: 'cut',
        rules: [{ name: 'cut after 3', when: { stream: true }, then: { breakStream: { afterChunks: 3, disconnect: true } } }],
      })
      const full = (await openai().chat.completions.create(hello)).choices[0]!.message.content!
      const stream = await openai().chat.completions.create({ ...hello, stream: true })
      const { pieces, error } = await readChatStream(stream)
      // undici's "terminated" (a TypeError), or the SDK's connection error wrapping it: not an APIError with a status.
      expect(error instanceof TypeError || error instanceof OpenAI.APIConnectionError).toBe(true)
      expect(String((error as Error).message)).toMatch(/terminated|Connection error/)
      expect(pieces).toHaveLength(3)
      expect(full.startsWith(pieces.join(''))).toBe(true)
      expect(entries().at(-1)).toMatchObject({ status: 200, decidedBy: 'scenario "cut" rule "cut after 3"' })

      // The next request is served normally.
      await expect(openai().chat.completions.create(hello)).resolves.toMatchObject({
        choices: [expect.objectContaining({ finish_reason: 'stop' })],
      })
    })

    it('breakStream with an error after 0 chunks: the role chunk, then the error', async () => {
      await use({
        name: 'early',
        rules: [{ then: { breakStream: { afterChunks: 0, error: { code: 'internal_error', message: 'Broke at once.' } } } }],
      })
      const stream = await openai().chat.completions.create({ ...hello, stream: true })
      const chunks: OpenAI.ChatCompletionChunk[] = []
      const error = await rejection(
        (async () => {
          for await (const chunk of stream) chunks.push(chunk)
        })(),
      )
      expect(error).toBeInstanceOf(OpenAI.APIError)
      expect(error).toMatchObject({ message: 'Broke at once.', code: 'internal_error' })
      expect(chunks.map((chunk) => chunk.choices[0]?.delta.content)).toEqual([''])
    })

    // A break never follows the stream's own ending: on the OpenAI surface that would come after [DONE].
    it('breakStream after the last content chunk: all the text, then the error (not after [DONE])', async () => {
      await use({
        name: 'late',
        rules: [{ then: { breakStream: { afterChunks: 1000, error: { code: 'internal_error', message: 'Broke at the end.' } } } }],
      })
      const full = (await openai().chat.completions.create(hello)).choices[0]!.message.content!
      const stream = await openai().chat.completions.create({ ...hello, stream: true })
      let text = ''
      const error = await rejection(
        (async () => {
          for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? ''
        })(),
      )
      expect(text).toBe(full)
      expect(error).toMatchObject({ message: 'Broke at the end.' })
    })

    it('breakStream disconnect on a paced stream (timers): the first N chunks, then a connection error', async () => {
      await use({
        name: 'paced cut',
        world: { models: [{ id: 'gpt-4o-mini', streaming: { firstTokenMs: 20, tokensPerSecond: 400 } }] },
        rules: [{ when: { stream: true }, then: { breakStream: { afterChunks: 4, disconnect: true } } }],
      })
      const stream = await openai().chat.completions.create({ ...hello, stream: true })
      const { pieces, error } = await readChatStream(stream)
      expect(error instanceof TypeError || error instanceof OpenAI.APIConnectionError).toBe(true)
      expect(pieces.join('')).toBe('This is a mock')
      await expect(openai().chat.completions.create(hello)).resolves.toBeDefined()
    })

    it('a 529 override is what Anthropic calls overloaded', async () => {
      await use({ name: 'overloaded', rules: [{ then: { fail: { code: 'upstream_error', status: 529, shouldRetry: false } } }] })
      const error = await rejection(anthropic().messages.create(helloClaude))
      expect(error).toBeInstanceOf(Anthropic.OverloadedError)
      expect(error).toMatchObject({ status: 529, type: 'overloaded_error' })
      const gemini = await rejection(genai().models.generateContent({ model: flash, contents: 'Hi' }))
      expect((gemini as ApiError).status).toBe(529)
      expect(JSON.parse((gemini as ApiError).message).error.status).toBe('UNAVAILABLE')
    })
  })
})

// The gateway waits on a time the test drives: what a delay does is seen, not timed.
describe.each(eitherMode)('scenario delays on a driven clock ($name)', (mode) => {
  const time = drivenTime()
  const harness = useHarness(mode, { time })
  afterEach(() => harness.gateway.reset())

  const openai = (apiKey = 'sk-unrestricted') => new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const entries = () => harness.gateway.journal.entries
  /** Starts `call`, noting when it settles. */
  const watch = <T>(call: Promise<T>) => {
    const watched = { settled: false, call }
    void call.then(
      () => (watched.settled = true),
      () => (watched.settled = true),
    )
    return watched
  }

  it('delayMs holds the answer back until that much time has passed, and only where the rule matches', async () => {
    await harness.gateway.useScenario({ name: 'slow', rules: [{ when: { model: 'gpt-4o' }, then: { delayMs: 150 } }] })
    const slow = watch(openai().chat.completions.create({ ...hello, model: 'gpt-4o' }))
    await expect.poll(() => time.pending()).toBe(1)
    expect(time.asked.at(-1)).toBe(150)
    time.advance(149)
    await settle()
    expect(slow.settled).toBe(false)
    expect(entries()).toEqual([])
    time.advance(1)
    expect((await slow.call).choices[0]!.message.content).toContain('Hello there')
    // A request the rule does not match waits for nothing.
    const asked = time.asked.length
    await openai().chat.completions.create(hello)
    expect(time.asked.length).toBe(asked)
    expect(entries().map((entry) => entry.status)).toEqual([200, 200])
  })

  // The real gateway cancels the relay when the client leaves: nothing is answered or charged.
  it('a client that gives up during delayMs is not charged, and the wait ends with it', async () => {
    await harness.gateway.useScenario({ name: 'very slow', rules: [{ then: { delayMs: 300 } }] })
    const token = harness.gateway.world.findToken('sk-limited')!
    const before = token.remainQuota
    const leaving = new AbortController()
    const call = openai('sk-limited').chat.completions.create(hello, { signal: leaving.signal })
    await expect.poll(() => time.pending()).toBe(1)
    leaving.abort()
    expect(await rejection(call)).toBeInstanceOf(OpenAI.APIUserAbortError)
    await expect.poll(() => entries().length).toBe(1)
    expect(time.pending()).toBe(0)
    expect(token.remainQuota).toBe(before)
    expect(entries()[0]!.quota ?? 0).toBe(0)
  })

  it('delay and fail together: the failure comes once the delay is over', async () => {
    await harness.gateway.useScenario({ name: 'slow failure', rules: [{ then: { delayMs: 100, ...teapot } }] })
    const failing = watch(rejection(openai().chat.completions.create(hello)))
    await expect.poll(() => time.pending()).toBe(1)
    time.advance(99)
    await settle()
    expect(failing.settled).toBe(false)
    time.advance(1)
    expect(await failing.call).toMatchObject({ status: 502 })
  })
})

describe.each(eitherMode)('probability rules ($name)', (mode) => {
  const coin = (seed: number): ScenarioInput => ({
    name: 'coin',
    seed,
    rules: [{ name: 'flip', when: { probability: 0.3 }, then: teapot }],
  })

  /** A fresh gateway with the scenario, and the pass/fail sequence of `count` requests to it. */
  async function sequence(seed: number, count: number): Promise<boolean[]> {
    const harness = await mode.start({ scenarios: [coin(seed)] })
    try {
      return (await statuses(harness, count)).map((status) => status === 200)
    } finally {
      await harness.close()
    }
  }

  it('repeats with the same seed, differs with another, and roughly honours p', async () => {
    const first = await sequence(7, 60)
    const second = await sequence(7, 60)
    const other = await sequence(8, 60)
    expect(second).toEqual(first)
    expect(other).not.toEqual(first)
    for (const run of [first, other]) {
      const failures = run.filter((ok) => !ok).length
      // p = 0.3 over 60: mean 18, sd ≈ 3.5 (seeded, so the same counts every run).
      expect(failures).toBeGreaterThan(7)
      expect(failures).toBeLessThan(29)
    }
  })

  it('p = 0 never fires and p = 1 always does', async () => {
    const harness = await mode.start()
    try {
      await harness.gateway.useScenario({ name: 'never', rules: [{ when: { probability: 0 }, then: teapot }] })
      expect(new Set(await statuses(harness, 20))).toEqual(new Set([200]))
      await harness.gateway.useScenario({ name: 'always', rules: [{ when: { probability: 1 }, then: teapot }] })
      expect(new Set(await statuses(harness, 20))).toEqual(new Set([502]))
    } finally {
      await harness.close()
    }
  })
})
