import Anthropic from '@anthropic-ai/sdk'
import { ApiError, GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import type { ErrorName, Gateway, GatewayOptions, ScenarioInput } from '../../src/index.ts'
import { overHttp, type Harness, type Mode } from './modes.ts'
import { chatExchange, recording } from './recordings.ts'

export type SurfaceName = 'openai' | 'anthropic' | 'gemini' | 'dashboard' | 'admin'
export type GenerationSurface = 'openai' | 'anthropic' | 'gemini'

/** A generation request on a surface's own route, as its official SDK would send it, with changes. */
export interface GenerationTrigger {
  kind: 'generation'
  /** `null`: no key at all. */
  key?: string | null
  model?: string
  prompt?: string
  maxTokens?: number
  /** The raw body text instead of the JSON the trigger would send (no SDK call then). */
  raw?: string
  /** Fields merged into (or, `undefined`, removed from) the JSON body (no SDK call then). */
  body?: Record<string, unknown>
  headers?: Record<string, string>
  /** Send it this many times; the last answer is the one checked. */
  repeat?: number
}

/** Any request, raw. */
export interface HttpTrigger {
  kind: 'http'
  method: string
  path: string
  headers?: Record<string, string>
  body?: string
}

export interface CatalogueCase {
  surface: SurfaceName
  send: GenerationTrigger | HttpTrigger
  /** Gateway options for this case (a fresh gateway is started when given). */
  options?: GatewayOptions
  /** Changes to the live world or scenarios before the request. */
  setup?: (gateway: Gateway) => Promise<unknown> | unknown
  status: number
  /** The body exactly as the client receives it (asymmetric matchers where ids or numbers vary). */
  body: unknown
  /** Headers that must be there (a value to match) or absent (`null`). */
  headers?: Record<string, string | RegExp | null>
}

/** Every name of a profile's catalogue: its cases, or why no client can meet it in this profile. */
export type CatalogueTable = Record<ErrorName, CatalogueCase[] | { unreachable: string }>

const flash = 'gemini-2.5-flash'

function generationRequest(surface: GenerationSurface, trigger: GenerationTrigger, baseUrl: string): { url: string; init: RequestInit } {
  const model = trigger.model ?? (surface === 'gemini' ? flash : 'gpt-4o-mini')
  const prompt = trigger.prompt ?? 'Hello'
  const key = trigger.key === undefined ? 'sk-unrestricted' : trigger.key
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  let url: string
  let body: Record<string, unknown>
  if (surface === 'openai') {
    url = `${baseUrl}/v1/chat/completions`
    if (key !== null) headers.authorization = `Bearer ${key}`
    body = { model, messages: [{ role: 'user', content: prompt }], ...(trigger.maxTokens ? { max_tokens: trigger.maxTokens } : {}) }
  } else if (surface === 'anthropic') {
    url = `${baseUrl}/v1/messages`
    headers['anthropic-version'] = '2023-06-01'
    if (key !== null) headers['x-api-key'] = key
    body = { model, max_tokens: trigger.maxTokens ?? 64, messages: [{ role: 'user', content: prompt }] }
  } else {
    url = `${baseUrl}/v1beta/models/${model}:generateContent`
    if (key !== null) headers['x-goog-api-key'] = key
    body = {
      contents: [{ role: 'user', parts: [{ text: prompt }] }],
      ...(trigger.maxTokens ? { generationConfig: { maxOutputTokens: trigger.maxTokens } } : {}),
    }
  }
  for (const [name, value] of Object.entries(trigger.body ?? {})) {
    if (value === undefined) delete body[name]
    else body[name] = value
  }
  return { url, init: { method: 'POST', headers: { ...headers, ...trigger.headers }, body: trigger.raw ?? JSON.stringify(body) } }
}

/** The same generation through the surface's official SDK, which must reject. */
function generationCall(surface: GenerationSurface, trigger: GenerationTrigger, baseUrl: string): Promise<unknown> {
  const model = trigger.model ?? (surface === 'gemini' ? flash : 'gpt-4o-mini')
  const prompt = trigger.prompt ?? 'Hello'
  const key = trigger.key ?? 'sk-unrestricted'
  const headers = trigger.headers
  if (surface === 'openai') {
    const client = new OpenAI({ apiKey: key, baseURL: `${baseUrl}/v1`, maxRetries: 0, defaultHeaders: headers })
    return client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: prompt }],
      ...(trigger.maxTokens ? { max_tokens: trigger.maxTokens } : {}),
    })
  }
  if (surface === 'anthropic') {
    const client = new Anthropic({ apiKey: key, baseURL: baseUrl, maxRetries: 0, defaultHeaders: headers })
    return client.messages.create({ model, max_tokens: trigger.maxTokens ?? 64, messages: [{ role: 'user', content: prompt }] })
  }
  const client = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl, apiVersion: 'v1beta', headers } })
  return client.models.generateContent({
    model,
    contents: prompt,
    ...(trigger.maxTokens ? { config: { maxOutputTokens: trigger.maxTokens } } : {}),
  })
}

// What each official SDK throws for an error status: written out, not derived from the gateway.
const sdkClasses: Record<number, string> = {
  400: 'BadRequestError',
  401: 'AuthenticationError',
  403: 'PermissionDeniedError',
  404: 'NotFoundError',
  413: 'APIError',
  429: 'RateLimitError',
}

async function expectSdkRejection(surface: GenerationSurface, status: number, call: Promise<unknown>): Promise<void> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  const expected = surface === 'gemini' ? 'ApiError' : status >= 500 ? 'InternalServerError' : (sdkClasses[status] ?? 'APIError')
  const sdk = (surface === 'openai' ? OpenAI : surface === 'anthropic' ? Anthropic : { ApiError }) as unknown as Record<string, unknown>
  const errorClass = sdk[expected] as new (...args: never[]) => Error
  expect(
    { isExpectedClass: error instanceof errorClass, status: (error as { status?: number } | undefined)?.status },
    `${surface} SDK: ${String(error)}`,
  ).toEqual({
    isExpectedClass: true,
    status,
  })
}

/** A header's expected value as a matcher: patterns match, anything else is equal. */
function asMatcher(value: string | RegExp | null): unknown {
  return value instanceof RegExp ? expect.stringMatching(value) : value
}

async function send(harness: Harness, testCase: CatalogueCase): Promise<Response> {
  const { send: trigger, surface } = testCase
  if (trigger.kind === 'http') {
    return fetch(`${harness.baseUrl}${trigger.path}`, { method: trigger.method, headers: trigger.headers, body: trigger.body })
  }
  const { url, init } = generationRequest(surface as GenerationSurface, trigger, harness.baseUrl)
  let response = await fetch(url, init)
  for (let i = 1; i < (trigger.repeat ?? 1); i++) {
    await response.arrayBuffer()
    response = await fetch(url, init)
  }
  return response
}

/**
 * Walks a profile's catalogue: every error name has its cases (or says why none can be met),
 * and each case gets exactly the status, body and headers the table gives, from raw HTTP and,
 * for generations an SDK can send, from the surface's official SDK as the error class it throws.
 */
export function walkCatalogue(
  profile: 'spec' | 'new-api',
  table: CatalogueTable,
  catalogueNames: readonly string[],
  headerRules: (headers: Headers, surface: SurfaceName, body: unknown) => { actual: unknown; expected: unknown },
): void {
  it(`the table names every error of the ${profile} catalogue, and nothing else`, () => {
    expect(Object.keys(table).sort()).toEqual([...catalogueNames].sort())
  })

  describe.each(overHttp)(`the ${profile} catalogue ($name)`, (mode: Mode) => {
    let shared: Harness | undefined
    const harnessFor = async (options?: GatewayOptions) => {
      if (!options) return (shared ??= await mode.start({ profile }))
      // msw intercepts for one server at a time: the shared gateway steps aside for this one.
      await shared?.close()
      shared = undefined
      return mode.start({ profile, ...options })
    }
    afterEach(async () => {
      await shared?.gateway.reset()
    })
    afterAll(async () => {
      await shared?.close()
    })

    // Each error is rendered the same whatever carries it (the SDK contract files run both modes),
    // so the whole catalogue runs over the HTTP server: the one mode that has every case, those
    // about the server too, and the cheaper one for the test process (docs/testing.md).
    const cases = Object.entries(table).flatMap(([name, entry]) =>
      Array.isArray(entry)
        ? entry.map((testCase, index) => ({ title: `${name} on ${testCase.surface}${entry.length > 1 ? ` #${index + 1}` : ''}`, testCase }))
        : [],
    )
    it.each(cases)('$title', async ({ testCase }) => {
      const harness = await harnessFor(testCase.options)
      // An `internal` case is a bug on purpose: the gateway reports it on stderr, which the test keeps quiet.
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
      try {
        await testCase.setup?.(harness.gateway)
        const response = await send(harness, testCase)
        const text = await response.text()
        const body: unknown = text === '' ? '' : JSON.parse(text)
        expect({ status: response.status, body }).toEqual({ status: testCase.status, body: testCase.body })
        const rules = headerRules(response.headers, testCase.surface, body)
        expect(rules.actual).toEqual(rules.expected)
        const listed = Object.entries(testCase.headers ?? {})
        expect(Object.fromEntries(listed.map(([name]) => [name, response.headers.get(name)]))).toEqual(
          Object.fromEntries(listed.map(([name, value]) => [name, asMatcher(value)])),
        )
        const trigger = testCase.send
        const sdkCan = trigger.kind === 'generation' && trigger.raw === undefined && trigger.body === undefined && trigger.key !== null
        if (sdkCan && testCase.status >= 400 && ['openai', 'anthropic', 'gemini'].includes(testCase.surface)) {
          await harness.gateway.reset()
          await testCase.setup?.(harness.gateway)
          for (let i = 1; i < (trigger.repeat ?? 1); i++) await send(harness, testCase)
          await expectSdkRejection(
            testCase.surface as GenerationSurface,
            testCase.status,
            generationCall(testCase.surface as GenerationSurface, trigger, harness.baseUrl),
          )
        }
      } finally {
        quiet.mockRestore()
        if (testCase.options) await harness.close()
      }
    })
  })
}

/** A scenario whose every generation fails with `code`. */
export function failingWith(code: string): (gateway: Gateway) => Promise<void> {
  return (gateway) => gateway.useScenario({ name: `fail ${code}`, rules: [{ then: { fail: { code } } }] } as ScenarioInput)
}

/** Setup helpers on the default world. */
export const setups = {
  ownerGone: (gateway: Gateway) => gateway.world.users.delete((q) => q.where({ id: 2 })),
  aliceDisabled: (gateway: Gateway) =>
    gateway.world.users.update((q) => q.where({ id: 1 }), { data: (user) => void (user.status = 'disabled') }),
  /** A signed-in session of alice's, its login token `at-session` and its cookie `session=session-of-alice`, as `changes` leave it. */
  aliceSession: (changes: { accessExpiresAt?: number; revoked?: boolean }) => (gateway: Gateway) => {
    const now = gateway.clock.now()
    gateway.world.sessions.set('session-of-alice', {
      id: 'session-of-alice',
      sid: '00000000-0000-4000-8000-000000000000',
      userId: 1,
      accessToken: 'at-session',
      accessExpiresAt: now + 60_000,
      expiresAt: now + 60_000,
      createdAt: now,
      ...changes,
    })
  },
  /** The world asks for New-Api-User beside the credential, as releases before 2026-07-20 did. */
  newApiUserRequired: (gateway: Gateway) => void (gateway.world.settings.requireNewApiUser = true),
  aliceNearlyBroke: (gateway: Gateway) => gateway.world.users.update((q) => q.where({ id: 1 }), { data: (user) => void (user.quota = 5) }),
  /** sk-unrestricted works only from 10.0.0.0/8: a client on this machine is refused. */
  unrestrictedFromTenNet: (gateway: Gateway) =>
    gateway.world.tokens.update((q) => q.where({ key: 'sk-unrestricted' }), { data: (token) => void (token.allowIps = ['10.0.0.0/8']) }),
  lowQuotaExhausted: (gateway: Gateway) =>
    gateway.world.tokens.update((q) => q.where({ key: 'sk-low-quota' }), { data: (token) => void (token.remainQuota = 0) }),
  oneRequestAMinute: (gateway: Gateway) =>
    gateway.world.tokens.update((q) => q.where({ key: 'sk-unrestricted' }), {
      data: (token) => void (token.rateLimit = { requests: 1, windowMs: 60_000 }),
    }),
  // A model whose reply setting the schema would never let in: composing it throws, as a bug in the gateway would.
  // A model whose reply setting the schema would never let in (set on the live record, past the
  // collection's validation): composing it throws, as a bug in the gateway would.
  brokenModel: (gateway: Gateway) => {
    ;(gateway.world.findModel('gpt-4o-mini') as { reply: unknown }).reply = { type: 'bogus' }
  },
  strictScript: (gateway: Gateway) =>
    gateway.useScenario({ name: 'strict', strict: true, steps: [{ when: { model: 'nothing-asked-for' } }] }),
  /** Gateway options: a strict replay of one chat exchange, about "Goodbye". */
  strictReplay: {
    replayStrict: true,
    replay: recording([chatExchange(1, 'Goodbye', { text: 'Bye.' })], 'catalogue'),
  } satisfies GatewayOptions,
}

/** A long prompt (about 5 000 tokens): over small-context-4k's window. */
export const longPrompt = 'word '.repeat(5_000)

/** A generation request on the case's surface, with changes to its defaults. */
export const generation = (changes: Omit<GenerationTrigger, 'kind'> = {}): GenerationTrigger => ({ kind: 'generation', ...changes })
/** Any request, raw. */
export const http = (method: string, path: string, headers?: Record<string, string>, body?: string): HttpTrigger => ({
  kind: 'http',
  method,
  path,
  headers,
  body,
})
/** The admin API's own envelope. */
export const admin = (code: string, message: unknown) => ({ error: { code, message } })

/**
 * Errors no request over HTTP can bring about, whatever the profile (a socket's, or the record
 * command's), each with where it is tested instead: the same entries in every catalogue.
 */
export const unreachableOverHttp = {
  upstream_unreachable: {
    unreachable: 'only the record command answers it, when its upstream does not answer (test/recording/record.test.ts)',
  },
  websocket_handshake_invalid: {
    unreachable:
      "a handshake the server's `ws` package refuses: test/node/server/serve-websockets.test.ts sends one with a bad Sec-WebSocket-Key",
  },
  query_model_missing: {
    unreachable: 'a WebSocket handshake (/v1/realtime without ?model=): test/surfaces/openai/realtime.test.ts opens sockets',
  },
  model_not_realtime: {
    unreachable: 'a WebSocket handshake refusal: test/surfaces/openai/realtime.test.ts checks it in both profiles and both bindings',
  },
  socket_event_invalid: {
    unreachable: 'a client event on an open socket, answered with an error event: test/surfaces/openai/realtime.test.ts',
  },
  socket_event_unknown: {
    unreachable: 'a client event on an open socket, answered with an error event: test/surfaces/openai/realtime.test.ts',
  },
  realtime_response_active: { unreachable: 'a second response.create on a Realtime socket while one is going' },
  realtime_response_not_active: {
    unreachable: 'a response.cancel on a Realtime socket with nothing going: test/surfaces/openai/realtime.test.ts',
  },
  realtime_audio_too_short: { unreachable: 'an input_audio_buffer.commit on a Realtime socket: test/surfaces/openai/realtime.test.ts' },
  realtime_item_not_found: { unreachable: 'a conversation item id on a Realtime socket' },
}

/** The mock's own admin API answers in its own terms whatever the profile: the same cases in every catalogue. */
export const adminCases = {
  admin_call_not_json: [
    {
      surface: 'admin',
      send: http('POST', '/__mock/reset', { 'content-type': 'application/x-www-form-urlencoded' }, 'x=1'),
      status: 415,
      body: admin(
        'invalid_request_error',
        'POST /__mock/reset changes the gateway, and its body is of a type a form on another web page can send: send it as Content-Type: application/json, with no body, or with the admin token as a header.',
      ),
    },
  ],
  journal_limit_invalid: [
    {
      surface: 'admin',
      send: http('GET', '/__mock/journal?limit=-1'),
      status: 400,
      body: admin('invalid_request_error', 'limit must be a non-negative integer, got "-1"'),
    },
  ],
  journal_detail_not_kept: [
    {
      surface: 'admin',
      send: http('GET', '/__mock/journal/no-such-request'),
      status: 404,
      body: admin(
        'invalid_request_error',
        'No request no-such-request in detail: the gateway keeps the last 100 requests in detail (createGateway({ detailLimit }), --journal-details).',
      ),
    },
  ],
  clock_out_of_range: [
    {
      surface: 'admin',
      send: http('POST', '/__mock/clock', { 'content-type': 'application/json' }, '{"advanceMs":1e16}'),
      status: 400,
      body: admin('invalid_request_error', 'advanceMs: 10000000000000000 would move the clock past the last date JavaScript can show'),
    },
  ],
  scenario_invalid: [
    {
      surface: 'admin',
      send: http('POST', '/__mock/scenario', { 'content-type': 'application/json' }, '{"name":"rate-limitd"}'),
      status: 400,
      body: admin(
        'invalid_request_error',
        expect.stringMatching(
          /^Invalid scenario "rate-limitd":\n {2}- \(root\): no built-in scenario has this name\. Did you mean "rate-limited"\?/,
        ),
      ),
    },
  ],
} satisfies Partial<CatalogueTable>
