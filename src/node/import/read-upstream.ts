import { maskKey } from '../../auth/mask-key.ts'
import { normalizeKey } from '../../world/normalize-key.ts'
import {
  pricingSchema,
  statusSchema,
  tokenListSchema,
  tokenLogSchema,
  userModelsSchema,
  userSelfSchema,
  type UpstreamAnswers,
} from '../../world/import/upstream-answers.ts'
import type { z } from 'zod'
import type { UpstreamKey } from '../../world/import/upstream-answers.ts'
import { readUpstreamKey } from './read-upstream-key.ts'
import { upstreamClient, type Outcome, type UpstreamClient } from './upstream-client.ts'
import { UpstreamError } from './upstream-error.ts'
import { upstreamBase, upstreamUrl } from '../upstream/upstream-url.ts'

export interface ReadUpstreamOptions {
  /** The upstream gateway's base URL: its origin, and a path prefix if it is served below one, without `/v1` (see `upstreamUrl`). */
  upstream: string
  /** Its API keys, each imported as a key of the world. */
  keys: readonly string[]
  /** A user's dashboard access token, to read the user, their groups and their prices. */
  accessToken?: string
  /**
   * The access token's user id, sent as `New-Api-User` (older new-api releases want it beside the
   * token: docs/profiles.md). Without it, a refused token is tried again with the id the keys' own
   * log tells, where it tells one.
   */
  userId?: number
  /** How to call the upstream (default: the global `fetch`). */
  fetch?: typeof fetch
  /** How long one request may take (default 30 s). */
  timeoutMs?: number
}

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
  'GET /api/token/': "only the --key keys are imported, not the user's other tokens",
}

/** Tokens asked for per page of `GET /api/token/`, and the most pages read (10 000 tokens). */
const tokenPageSize = 100
const maxTokenPages = 100

/**
 * Reads what an import needs from an upstream gateway: per key, its model lists (OpenAI,
 * Anthropic, Gemini) and quota (`/api/usage/token`, else the billing routes); once,
 * `/api/status`, `/api/pricing` and, with an access token, the user. A route that fails or does
 * not exist is left out and reported in `notes` (one line per route); a key the upstream refuses
 * on its model list, or an access token it refuses, is an `UpstreamError`. Keys appear in notes
 * and errors masked, never whole.
 */
export async function readUpstream(options: ReadUpstreamOptions): Promise<{ answers: UpstreamAnswers; notes: string[]; newApi: boolean }> {
  const base = upstreamBase(upstreamUrl(options.upstream))
  const secrets = [...options.keys, ...(options.accessToken ? [options.accessToken] : [])].filter((secret) => secret.length > 0)
  const client = upstreamClient({ base, fetch: options.fetch ?? fetch, timeoutMs: options.timeoutMs ?? 30_000, secrets })
  const failures = new Map<string, { why: string; labels: string[] }>()
  const failed = (route: string, why: string, label?: string) => {
    const entry = failures.get(route) ?? { why, labels: [] }
    if (label) entry.labels.push(label)
    failures.set(route, entry)
  }
  const notes: string[] = []

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
    answers.keys.push(await readUpstreamKey(client, { key, label, masked: maskKey(key), base }, (route, why) => failed(route, why, label)))
  }

  const status = await client.get('/api/status', {}, statusSchema)
  if (status.ok) answers.status = status.value.data
  else failed('GET /api/status', status.why)

  // The user first: how the dashboard takes the token decides how /api/pricing is asked.
  let dashboard: Record<string, string> = {}
  if (options.accessToken) {
    answers.accessToken = options.accessToken
    const user = await readUser(client, options, answers.keys, notes)
    dashboard = user.headers
    if (user.self.ok) answers.self = user.self.value.data
    else failed('GET /api/user/self', user.self.why)
  }
  const pricing = await client.get('/api/pricing', dashboard, pricingSchema)
  if (pricing.ok) answers.pricing = pricing.value
  else failed('GET /api/pricing', pricing.why)

  if (options.accessToken) await readUserData(client, dashboard, answers, failed)

  for (const [route, { why, labels }] of failures) {
    const which = labels.length === 0 || labels.length === answers.keys.length ? '' : ` (${labels.join(', ')})`
    notes.push(`${route}: ${why}${which}: ${consequences[route] ?? 'left out'}`)
  }
  return { answers, notes, newApi: client.newApi }
}

/** With the user read: its own group's models, where /api/pricing gives the group no ratio, and its tokens. */
async function readUserData(
  client: UpstreamClient,
  dashboard: Record<string, string>,
  answers: UpstreamAnswers,
  failed: (route: string, why: string) => void,
): Promise<void> {
  const group = answers.self?.group
  if (group && !(answers.pricing?.group_ratio && group in answers.pricing.group_ratio)) {
    const models = await client.get(`/api/user/models?group=${encodeURIComponent(group)}`, dashboard, userModelsSchema)
    if (models.ok) answers.groupModels[group] = models.value.data ?? []
    else failed('GET /api/user/models', models.why)
  }
  if (answers.self) {
    const tokens = await readTokens(client, dashboard)
    if (tokens.ok) answers.tokens = tokens.tokens
    else failed('GET /api/token/', tokens.why)
  }
}

/**
 * `GET /api/user/self` with the access token, and the headers that worked. Older new-api releases
 * want the user's id in `New-Api-User` beside the token (docs/profiles.md): `--user-id`, else, when the
 * token is refused without it, the id the keys' own log (`/api/log/token`) tells, if it tells one.
 * A token refused all the same is an `UpstreamError` that names the header and the flag.
 */
async function readUser(
  client: UpstreamClient,
  options: ReadUpstreamOptions,
  keys: readonly UpstreamKey[],
  notes: string[],
): Promise<{ headers: Record<string, string>; self: Outcome<z.infer<typeof userSelfSchema>> }> {
  const token = options.accessToken!
  const headersFor = (userId: number | undefined): Record<string, string> => ({
    authorization: `Bearer ${token}`,
    ...(userId !== undefined && { 'new-api-user': String(userId) }),
  })
  let headers = headersFor(options.userId)
  let self = await client.get('/api/user/self', headers, userSelfSchema)
  const refused = () => !self.ok && (self.status === 401 || self.status === 403)
  if (refused() && options.userId === undefined) {
    const userId = await userIdFromLogs(client, keys)
    if (userId !== undefined) {
      headers = headersFor(userId)
      self = await client.get('/api/user/self', headers, userSelfSchema)
      if (!refused())
        notes.push(`the access token's user id (${userId}) was read from the keys' log (/api/log/token) and sent as New-Api-User`)
    }
  }
  if (refused()) {
    const label = `--access-token (${maskKey(token)})`
    const why = !self.ok ? self.why : ''
    const hint =
      options.userId === undefined
        ? " new-api releases before 2026-07-20 also want the user's id in a New-Api-User header: give it with --user-id N."
        : ` (with New-Api-User: ${options.userId})`
    throw new UpstreamError(`${label}: the upstream refused this access token (GET /api/user/self: ${why}).${hint}`)
  }
  return { headers, self }
}

/** Every token of the access token's user, page by page, until a page comes back short or the total is reached. */
async function readTokens(
  client: UpstreamClient,
  headers: Record<string, string>,
): Promise<{ ok: true; tokens: UpstreamAnswers['tokens'] & object } | { ok: false; why: string }> {
  const tokens: NonNullable<UpstreamAnswers['tokens']> = []
  for (let page = 1; page <= maxTokenPages; page++) {
    const answer = await client.get(`/api/token/?p=${page}&page_size=${tokenPageSize}`, headers, tokenListSchema)
    if (!answer.ok) return { ok: false, why: answer.why }
    const data = answer.value.data
    // Older releases answer the whole list at once.
    if (Array.isArray(data) || !data) return { ok: true, tokens: [...tokens, ...(data ?? [])] }
    const items = data.items ?? []
    tokens.push(...items.filter((item) => !tokens.some((seen) => seen.id === item.id)))
    if (items.length < tokenPageSize || (typeof data.total === 'number' && tokens.length >= data.total)) break
  }
  return { ok: true, tokens }
}

/** The user id the keys' log of requests names (new-api's `/api/log/token`), the first key's that has one. */
async function userIdFromLogs(client: UpstreamClient, keys: readonly UpstreamKey[]): Promise<number | undefined> {
  for (const key of keys) {
    const log = await client.get('/api/log/token', { authorization: `Bearer ${key.key}` }, tokenLogSchema)
    const userId = log.ok ? log.value.data?.find((entry) => typeof entry.user_id === 'number' && entry.user_id > 0)?.user_id : undefined
    if (typeof userId === 'number') return userId
  }
  return undefined
}
