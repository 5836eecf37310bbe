import type { z } from 'zod'
import { maskKey } from '../../auth/mask-key.ts'
import { normalizeKey } from '../../world/normalize-key.ts'
import {
  anthropicListSchema,
  billingUsageSchema,
  geminiListSchema,
  openAIListSchema,
  pricingSchema,
  statusSchema,
  subscriptionSchema,
  tokenUsageSchema,
  userModelsSchema,
  userSelfSchema,
  type UpstreamAnswers,
  type UpstreamKey,
} from '../../world/import/upstream-answers.ts'
import { UpstreamError } from './upstream-error.ts'

export interface ReadUpstreamOptions {
  /** The upstream gateway's base URL (its origin, and a path prefix if it is served below one). */
  upstream: string
  /** Its API keys, each imported as a key of the world. */
  keys: readonly string[]
  /** A user's dashboard access token, to read the user, their groups and their prices. */
  accessToken?: string
  /** How to call the upstream (default: the global `fetch`). */
  fetch?: typeof fetch
  /** How long one request may take (default 30 s). */
  timeoutMs?: number
}

type Outcome<T> = { ok: true; value: T } | { ok: false; status?: number; why: string }

// A bounded number of pages: a list that never ends is a broken upstream, not a big one.
const maxPages = 50
const anthropicVersion = '2023-06-01'

/** What each route's failure costs the import, as the report says it. */
const consequences: Readonly<Record<string, string>> = {
  'GET /v1/models (Anthropic list)': 'display names and token limits come from the Gemini list alone',
  'GET /v1beta/models': 'context windows and output limits come from the Anthropic list alone',
  'GET /api/usage/token': "the keys' quotas come from the billing routes; model limits and expiry are unknown",
  'GET /v1/dashboard/billing/subscription': "the keys' quotas are unknown",
  'GET /v1/dashboard/billing/usage': 'used quota counted as 0',
  'GET /api/pricing': "prices, group ratios and auto groups unknown: groups inferred from the keys' lists",
  'GET /api/status': 'self-use mode and the system name unknown',
  'GET /api/user/self': "the keys' owner is unknown",
  'GET /api/user/models': "the user's group is inferred from the keys' lists",
}

/**
 * Reads what an import needs from an upstream gateway: per key, its model lists (OpenAI,
 * Anthropic, Gemini) and quota (`/api/usage/token`, else the billing routes); once,
 * `/api/status`, `/api/pricing` and, with an access token, the user. A route that fails or does
 * not exist is left out and reported in `notes` (one line per route); a key the upstream refuses
 * on its model list, or an access token it refuses, is an `UpstreamError`. Keys appear in notes
 * and errors masked, never whole.
 */
export async function readUpstream(options: ReadUpstreamOptions): Promise<{ answers: UpstreamAnswers; notes: string[] }> {
  const base = options.upstream.replace(/\/+$/, '')
  const fetchUpstream = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 30_000
  const secrets = [...options.keys, ...(options.accessToken ? [options.accessToken] : [])].filter((secret) => secret.length > 0)
  const failures = new Map<string, { why: string; labels: string[] }>()
  const notes: string[] = []
  const failed = (route: string, why: string, label = '') => {
    const entry = failures.get(route) ?? { why, labels: [] }
    if (label) entry.labels.push(label)
    failures.set(route, entry)
  }

  /** One GET, its JSON answer checked against `schema`. */
  async function get<T extends z.ZodType>(path: string, headers: Record<string, string>, schema: T): Promise<Outcome<z.infer<T>>> {
    let response: Response
    try {
      response = await fetchUpstream(`${base}${path}`, {
        headers: { accept: 'application/json', ...headers },
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      return { ok: false, why: `no answer (${scrub(describeFailure(error), secrets)})` }
    }
    const text = await response.text().catch(() => '')
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return { ok: false, status: response.status, why: `${response.status}, not JSON` }
    }
    const said = messageOf(body)
    if (!response.ok) return { ok: false, status: response.status, why: `${response.status}${said ? ` "${scrub(said, secrets)}"` : ''}` }
    // new-api's controllers answer their failures with 200 and {success: false, message}.
    if (isRecord(body) && body.success === false)
      return { ok: false, status: response.status, why: `refused: "${scrub(said ?? '', secrets)}"` }
    const parsed = schema.safeParse(body)
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, status: response.status, why: 'an answer of another shape' }
  }

  const answers: UpstreamAnswers = { keys: [], groupModels: {} }
  const seen = new Map<string, string>()
  for (const [index, key] of options.keys.entries()) {
    const label = `--key ${index + 1} (${maskKey(key)})`
    const same = seen.get(normalizeKey(key))
    if (same) {
      notes.push(`${label} is ${same} again: imported once`)
      continue
    }
    seen.set(normalizeKey(key), label)
    answers.keys.push(await readKey(key, label))
  }

  async function readKey(key: string, label: string): Promise<UpstreamKey> {
    const bearer = { authorization: `Bearer ${key}` }
    const entry: UpstreamKey = { label, masked: maskKey(key), key, models: undefined }
    const listed = await get('/v1/models', bearer, openAIListSchema)
    const usage = async () => {
      const answer = await get('/api/usage/token', bearer, tokenUsageSchema)
      if (answer.ok) entry.usage = answer.value.data
      return answer
    }
    if (!listed.ok) {
      if (listed.status === 401 || listed.status === 403) {
        // An expired or exhausted key: the relay refuses it, the read-only route still describes it.
        const described = await usage()
        const limit = described.ok ? described.value.data : undefined
        const past = limit && ((limit.expires_at ?? 0) > 0 ? (limit.expires_at ?? 0) * 1000 <= Date.now() : false)
        const empty = limit && !limit.unlimited_quota && limit.total_available <= 0
        if (past || empty) return entry
        throw new UpstreamError(`${label}: the upstream refused this key (GET /v1/models: ${listed.why}). Check the key, or leave it out.`)
      }
      if (listed.status === undefined) throw new UpstreamError(`Cannot reach the upstream ${base}: ${listed.why}.`)
      throw new UpstreamError(`${label}: GET ${base}/v1/models gave ${listed.why}. Is ${base} the gateway's base URL (without /v1)?`)
    }
    entry.models = listed.value.data

    const anthropic = await pages(
      (after) =>
        get(
          `/v1/models?limit=1000${after ? `&after_id=${encodeURIComponent(after)}` : ''}`,
          { 'x-api-key': key, 'anthropic-version': anthropicVersion },
          anthropicListSchema,
        ),
      (page) => page.data,
      (page) => (page.has_more && page.last_id ? page.last_id : undefined),
    )
    if (anthropic.ok) entry.anthropicModels = anthropic.value
    else failed('GET /v1/models (Anthropic list)', anthropic.why, label)

    const gemini = await pages(
      (token) =>
        get(
          `/v1beta/models?pageSize=1000${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`,
          { 'x-goog-api-key': key },
          geminiListSchema,
        ),
      (page) => page.models,
      (page) => page.nextPageToken || undefined,
    )
    if (gemini.ok) entry.geminiModels = gemini.value
    else failed('GET /v1beta/models', gemini.why, label)

    const described = await usage()
    if (!described.ok) {
      failed('GET /api/usage/token', described.why, label)
      const subscription = await get('/v1/dashboard/billing/subscription', bearer, subscriptionSchema)
      if (subscription.ok) entry.subscription = subscription.value
      else failed('GET /v1/dashboard/billing/subscription', subscription.why, label)
      const spent = await get('/v1/dashboard/billing/usage', bearer, billingUsageSchema)
      if (spent.ok) entry.billingUsage = spent.value
      else failed('GET /v1/dashboard/billing/usage', spent.why, label)
    }
    return entry
  }

  const status = await get('/api/status', {}, statusSchema)
  if (status.ok) answers.status = status.value.data
  else failed('GET /api/status', status.why)

  const dashboard: Record<string, string> = options.accessToken ? { authorization: `Bearer ${options.accessToken}` } : {}
  const pricing = await get('/api/pricing', dashboard, pricingSchema)
  if (pricing.ok) answers.pricing = pricing.value
  else failed('GET /api/pricing', pricing.why)

  if (options.accessToken) {
    const label = `--access-token (${maskKey(options.accessToken)})`
    answers.accessToken = options.accessToken
    const self = await get('/api/user/self', dashboard, userSelfSchema)
    if (!self.ok && (self.status === 401 || self.status === 403)) {
      throw new UpstreamError(`${label}: the upstream refused this access token (GET /api/user/self: ${self.why}).`)
    }
    if (self.ok) answers.self = self.value.data
    else failed('GET /api/user/self', self.why)
    // The user's own group, when /api/pricing does not describe it.
    const group = answers.self?.group
    if (group && !(answers.pricing?.group_ratio && group in answers.pricing.group_ratio)) {
      const models = await get(`/api/user/models?group=${encodeURIComponent(group)}`, dashboard, userModelsSchema)
      if (models.ok) answers.groupModels[group] = models.value.data ?? []
      else failed('GET /api/user/models', models.why)
    }
  }

  for (const [route, { why, labels }] of failures) {
    const which = labels.length === 0 || labels.length === answers.keys.length ? '' : ` (${labels.join(', ')})`
    notes.push(`${route}: ${why}${which}: ${consequences[route] ?? 'left out'}`)
  }
  return { answers, notes }
}

/** Every page of a paged list, or the first failure. */
async function pages<Page, Item>(
  fetchPage: (cursor: string | undefined) => Promise<Outcome<Page>>,
  items: (page: Page) => Item[],
  next: (page: Page) => string | undefined,
): Promise<Outcome<Item[]>> {
  const all: Item[] = []
  let cursor: string | undefined
  for (let page = 0; page < maxPages; page++) {
    const answer = await fetchPage(cursor)
    if (!answer.ok) return answer
    all.push(...items(answer.value))
    cursor = next(answer.value)
    if (cursor === undefined) break
  }
  return { ok: true, value: all }
}

/** The message of an error body in any of the gateway's envelopes. */
function messageOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined
  const error = body.error
  const message = isRecord(error) ? error.message : body.message
  return typeof message === 'string' && message !== '' ? message.slice(0, 160) : undefined
}

function describeFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timed out'
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined
  return cause ?? (error instanceof Error ? error.message : String(error))
}

/** `text` with every secret in it masked. */
function scrub(text: string, secrets: readonly string[]): string {
  return secrets.reduce((scrubbed, secret) => scrubbed.split(secret).join(maskKey(secret)), text)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
