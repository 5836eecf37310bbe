import Anthropic from '@anthropic-ai/sdk'
import { ApiError, GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import { frozenTime } from '../support/driven-time.ts'
import { eitherMode, useHarness } from '../support/modes.ts'
import { rejection } from '../support/rejection.ts'

const hello = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'Hello there' }] }

describe.each(eitherMode)('counted rate limits ($name)', (mode) => {
  // The clock stands still but for advance(): a window's reset is exact, however slow the machine.
  const harness = useHarness(mode, {
    time: frozenTime(),
    world: {
      extends: 'default',
      groups: [
        { name: 'team', models: ['gpt-4o-mini', 'claude-sonnet-4-6', 'gemini-2.5-flash'], rateLimit: { requests: 4, windowMs: 20_000 } },
      ],
      users: [
        { id: 3, username: 'dave', quota: 100_000_000, accessToken: 'at-dave', rateLimit: { requests: 3, windowMs: 10_000 } },
        { id: 4, username: 'erin', group: 'team', quota: 100_000_000, accessToken: 'at-erin' },
        { id: 5, username: 'frank', group: 'team', quota: 100_000_000, accessToken: 'at-frank' },
      ],
      tokens: [
        // A key limit on an existing key: 2 requests per 10 s.
        { key: 'sk-vip', rateLimit: { requests: 2, windowMs: 10_000 } },
        { key: 'sk-dave-a', name: 'dave a', userId: 3, unlimitedQuota: true, rateLimit: { requests: 10, windowMs: 60_000 } },
        { key: 'sk-dave-b', name: 'dave b', userId: 3, unlimitedQuota: true },
        { key: 'sk-erin', name: 'erin', userId: 4, unlimitedQuota: true },
        { key: 'sk-frank', name: 'frank', userId: 5, unlimitedQuota: true },
      ],
    },
  })
  afterEach(() => harness.gateway.reset())

  const openai = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const chat = (key: string, body: Record<string, unknown> = {}) =>
    fetch(`${harness.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      // sk-vip serves from the vip group, which has gpt-4o but not gpt-4o-mini.
      body: JSON.stringify({ ...hello, ...(key === 'sk-vip' ? { model: 'gpt-4o' } : {}), ...body }),
    })
  const status = async (key: string) => {
    const response = await chat(key)
    await response.arrayBuffer()
    return response.status
  }
  const limitHeaders = (headers: Headers) => ({
    limit: headers.get('x-ratelimit-limit-requests'),
    remaining: headers.get('x-ratelimit-remaining-requests'),
    reset: headers.get('x-ratelimit-reset-requests'),
  })
  const advance = (ms: number) => harness.gateway.clock.advance(ms)

  it("per key: a limited key runs out, the owner's other keys do not", async () => {
    const first = await chat('sk-vip', { model: 'gpt-4o' })
    expect(first.status).toBe(200)
    expect(limitHeaders(first.headers)).toEqual({ limit: '2', remaining: '1', reset: '10s' })
    expect(await status('sk-vip')).toBe(200)

    const refused = await rejection(openai('sk-vip').chat.completions.create({ ...hello, model: 'gpt-4o' }))
    expect(refused).toBeInstanceOf(OpenAI.RateLimitError)
    expect(refused).toMatchObject({ status: 429, code: 'rate_limit_exceeded', type: 'requests' })
    expect((refused as Error).message).toMatch(/^429 Rate limit reached for API key sk-v…: 2 requests per 10s\. Retry in \d+s\.$/)
    expect(await status('sk-unrestricted')).toBe(200)
    expect((await chat('sk-unrestricted')).headers.get('x-ratelimit-limit-requests')).toBeNull()
  })

  it('per user: every key of the user shares one window; the headers show the tightest limit', async () => {
    const first = await chat('sk-dave-a')
    // sk-dave-a allows 10 a minute, dave 3 per 10 s: the user's limit is the tighter.
    expect(limitHeaders(first.headers)).toEqual({ limit: '3', remaining: '2', reset: '10s' })
    expect(await status('sk-dave-b')).toBe(200)
    expect(await status('sk-dave-a')).toBe(200)
    const refused = await chat('sk-dave-b')
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('user "dave": 3 requests per 10s')
    expect(await status('sk-unrestricted')).toBe(200)
  })

  it("per group: the serving group's window is shared by all its users and surfaces", async () => {
    expect(await status('sk-erin')).toBe(200)
    expect(await status('sk-frank')).toBe(200)
    await new Anthropic({ apiKey: 'sk-erin', baseURL: harness.baseUrl, maxRetries: 0 }).messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Hi' }],
    })
    const fourth = await new GoogleGenAI({ apiKey: 'sk-frank', httpOptions: { baseUrl: harness.baseUrl } }).models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'Hi',
    })
    expect(fourth.text).toBeDefined()
    const refused = await chat('sk-frank')
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('group "team": 4 requests per 20s')
    expect(await status('sk-erin')).toBe(429)
  })

  it('live headers: remaining counts down, reset shrinks with the clock, Retry-After and retry-after-ms agree', async () => {
    const seen = []
    for (let i = 0; i < 3; i++) {
      seen.push(limitHeaders((await chat('sk-dave-b')).headers))
      advance(2_000)
    }
    // The reset is when the oldest request leaves the window: 10 s after the first one.
    expect(seen).toEqual([
      { limit: '3', remaining: '2', reset: '10s' },
      { limit: '3', remaining: '1', reset: '8s' },
      { limit: '3', remaining: '0', reset: '6s' },
    ])
    const refused = await chat('sk-dave-b')
    expect(refused.status).toBe(429)
    const retryAfterMs = Number(refused.headers.get('retry-after-ms'))
    expect(retryAfterMs).toBe(4_000)
    expect(refused.headers.get('retry-after')).toBe(String(Math.ceil(retryAfterMs / 1000)))
    expect(limitHeaders(refused.headers)).toEqual({ limit: '3', remaining: '0', reset: '4s' })
  })

  it('the window slides: each request frees its slot windowMs after it was made', async () => {
    expect(await status('sk-vip')).toBe(200) // t = 0
    advance(6_000)
    expect(await status('sk-vip')).toBe(200) // t = 6 s
    const refused = await chat('sk-vip')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after-ms')).toBe('4000')

    advance(4_000) // t = 10 s: the first request leaves the window, the second stays.
    expect(await status('sk-vip')).toBe(200)
    const again = await chat('sk-vip')
    expect(again.status).toBe(429)
    // Now the oldest is the one made at t = 6 s: it leaves at t = 16 s.
    expect(again.headers.get('retry-after-ms')).toBe('6000')
    advance(5_000)
    expect(await status('sk-vip')).toBe(429)
    advance(1_000)
    expect(await status('sk-vip')).toBe(200)
  })

  it('refused requests do not use up the window', async () => {
    expect([await status('sk-vip'), await status('sk-vip')]).toEqual([200, 200])
    for (let i = 0; i < 5; i++) expect(await status('sk-vip')).toBe(429)
    advance(10_000)
    // Had the five refusals counted, the window would still be full.
    expect([await status('sk-vip'), await status('sk-vip'), await status('sk-vip')]).toEqual([200, 200, 429])
  })

  it('a request refused by one limit is not counted against the others', async () => {
    // dave's user limit (3) refuses the 4th; sk-dave-a's own window (10 a minute) must not see it.
    for (let i = 0; i < 3; i++) expect(await status('sk-dave-a')).toBe(200)
    for (let i = 0; i < 4; i++) expect(await status('sk-dave-a')).toBe(429)
    advance(10_000)
    for (let i = 0; i < 3; i++) expect(await status('sk-dave-a')).toBe(200)
    advance(10_000)
    for (let i = 0; i < 3; i++) expect(await status('sk-dave-a')).toBe(200)
    advance(10_000)
    // 3 + 3 + 3 + 1 = 10 counted against sk-dave-a's 10 a minute: had the refusals counted, it would be full by now.
    expect(await status('sk-dave-a')).toBe(200)
    // …and now the key's own limit is the one that refuses.
    const refused = await chat('sk-dave-a')
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('API key sk-d…: 10 requests per 1m0s')
  })

  it('streams carry the headers too; token counts and model lists are not counted', async () => {
    const streamed = await chat('sk-vip', { stream: true })
    expect(streamed.status).toBe(200)
    expect(limitHeaders(streamed.headers)).toMatchObject({ limit: '2', remaining: '1' })
    await streamed.text()
    expect(await status('sk-vip')).toBe(200)
    expect(await status('sk-vip')).toBe(429)

    const models = await fetch(`${harness.baseUrl}/v1/models`, { headers: { authorization: 'Bearer sk-vip' } })
    expect(models.status).toBe(200)
    const counted = await new Anthropic({ apiKey: 'sk-vip', baseURL: harness.baseUrl, maxRetries: 0 }).messages.countTokens({
      model: 'claude-opus-4-1',
      messages: [{ role: 'user', content: 'Hi' }],
    })
    expect(counted.input_tokens).toBeGreaterThan(0)
  })

  it('Gemini: ApiError 429 whose envelope carries RetryInfo with the retry delay', async () => {
    const ai = new GoogleGenAI({ apiKey: 'sk-vip', httpOptions: { baseUrl: harness.baseUrl } })
    await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hi' })
    advance(3_000)
    await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hi' })
    const error = await rejection(ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hi' }))
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(429)
    const envelope = JSON.parse((error as ApiError).message) as {
      error: { code: number; status: string; details: Record<string, string>[] }
    }
    expect(envelope.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' })
    expect(envelope.error.details).toEqual([
      expect.objectContaining({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'rate_limit_exceeded' }),
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' },
    ])

    // The same delay as the headers say, over raw HTTP.
    const raw = await fetch(`${harness.baseUrl}/v1beta/models/gemini-2.5-flash:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'sk-vip', 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ parts: [{ text: 'Hi' }] }] }),
    })
    const body = (await raw.json()) as { error: { details: Record<string, string>[] } }
    expect(body.error.details[1]!.retryDelay).toBe(`${raw.headers.get('retry-after')}s`)
  })

  it('Anthropic: RateLimitError with rate_limit_error and the retry headers; success carries the x-ratelimit headers', async () => {
    const client = new Anthropic({ apiKey: 'sk-vip', baseURL: harness.baseUrl, maxRetries: 0 })
    const ask = { model: 'claude-opus-4-1', max_tokens: 64, messages: [{ role: 'user' as const, content: 'Hi' }] }
    const { response } = await client.messages.create(ask).withResponse()
    expect(limitHeaders(response.headers)).toEqual({ limit: '2', remaining: '1', reset: '10s' })
    await client.messages.create(ask)
    const error = await rejection(client.messages.create(ask))
    expect(error).toBeInstanceOf(Anthropic.RateLimitError)
    expect(error).toMatchObject({ status: 429, type: 'rate_limit_error' })
    const headers = (error as InstanceType<typeof Anthropic.RateLimitError>).headers!
    expect(headers.get('retry-after')).toBe('10')
    expect(headers.get('retry-after-ms')).toBe('10000')
  })

  it('a scenario can add limits, and its failures are decided before the limit counts', async () => {
    await harness.gateway.useScenario({
      name: 'tight',
      world: { tokens: [{ key: 'sk-unrestricted', rateLimit: { requests: 1, windowMs: 1_000 } }] },
      rules: [{ when: { times: 1 }, then: { fail: { code: 'upstream_error', shouldRetry: false } } }],
    })
    expect(await status('sk-unrestricted')).toBe(503)
    expect(await status('sk-unrestricted')).toBe(200)
    expect(await status('sk-unrestricted')).toBe(429)
    advance(1_000)
    expect(await status('sk-unrestricted')).toBe(200)
    // The world's own limits are still there under the scenario.
    expect([await status('sk-vip'), await status('sk-vip'), await status('sk-vip')]).toEqual([200, 200, 429])
  })
})
