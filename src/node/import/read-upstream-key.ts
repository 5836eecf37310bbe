import {
  anthropicListSchema,
  billingUsageSchema,
  geminiListSchema,
  openAIListSchema,
  subscriptionSchema,
  tokenUsageSchema,
  type UpstreamKey,
} from '../../world/import/upstream-answers.ts'
import { allPages, type UpstreamClient } from './upstream-client.ts'
import { UpstreamError } from './upstream-error.ts'

const anthropicVersion = '2023-06-01'

/**
 * What the upstream says about one key: its model lists, and its quota from `/api/usage/token`,
 * else from the billing routes. A route that fails is told to `failed` and left out. A key the
 * upstream refuses on `/v1/models` is an `UpstreamError`, unless the read-only route shows it is
 * only expired or out of quota: then it comes without model lists.
 */
export async function readUpstreamKey(
  client: UpstreamClient,
  key: { key: string; label: string; masked: string; base: string },
  failed: (route: string, why: string) => void,
): Promise<UpstreamKey> {
  const bearer = { authorization: `Bearer ${key.key}` }
  const entry: UpstreamKey = { label: key.label, masked: key.masked, key: key.key, models: undefined }
  const readUsage = async () => {
    const answer = await client.get('/api/usage/token', bearer, tokenUsageSchema)
    if (answer.ok) entry.usage = answer.value.data
    return answer
  }

  const listed = await client.get('/v1/models', bearer, openAIListSchema)
  if (!listed.ok) {
    await assertOnlySpent(listed, key, async () => {
      await readUsage()
      return entry.usage
    })
    return entry
  }
  entry.models = listed.value.data

  const anthropic = await allPages(
    (after) =>
      client.get(
        `/v1/models?limit=1000${after ? `&after_id=${encodeURIComponent(after)}` : ''}`,
        { 'x-api-key': key.key, 'anthropic-version': anthropicVersion },
        anthropicListSchema,
      ),
    (page) => page.data,
    (page) => (page.has_more && page.last_id ? page.last_id : undefined),
  )
  if (anthropic.ok) entry.anthropicModels = anthropic.value
  else failed('GET /v1/models (Anthropic list)', anthropic.why)

  const gemini = await allPages(
    (token) =>
      client.get(
        `/v1beta/models?pageSize=1000${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`,
        { 'x-goog-api-key': key.key },
        geminiListSchema,
      ),
    (page) => page.models,
    (page) => page.nextPageToken || undefined,
  )
  if (gemini.ok) entry.geminiModels = gemini.value
  else failed('GET /v1beta/models', gemini.why)

  const usage = await readUsage()
  if (usage.ok) return entry
  failed('GET /api/usage/token', usage.why)
  const subscription = await client.get('/v1/dashboard/billing/subscription', bearer, subscriptionSchema)
  if (subscription.ok) entry.subscription = subscription.value
  else failed('GET /v1/dashboard/billing/subscription', subscription.why)
  const spent = await client.get('/v1/dashboard/billing/usage', bearer, billingUsageSchema)
  if (spent.ok) entry.billingUsage = spent.value
  else failed('GET /v1/dashboard/billing/usage', spent.why)
  return entry
}

/**
 * A key the upstream refused on `/v1/models` is an `UpstreamError`, unless its read-only usage
 * (`usage()`) shows it only expired or ran out of quota.
 */
async function assertOnlySpent(
  listed: { status?: number; why: string },
  key: { label: string; base: string },
  usage: () => Promise<UpstreamKey['usage']>,
): Promise<void> {
  if (listed.status === undefined) throw new UpstreamError(`Cannot reach the upstream ${key.base}: ${listed.why}.`)
  if (listed.status !== 401 && listed.status !== 403) {
    throw new UpstreamError(
      `${key.label}: GET ${key.base}/v1/models gave ${listed.why}. Is ${key.base} the gateway's base URL (without /v1)?`,
    )
  }
  const read = await usage()
  const expiresAt = read?.expires_at ?? 0
  const expired = expiresAt > 0 && expiresAt * 1000 <= Date.now()
  const exhausted = read !== undefined && !read.unlimited_quota && read.total_available <= 0
  if (expired || exhausted) return
  throw new UpstreamError(`${key.label}: the upstream refused this key (GET /v1/models: ${listed.why}). Check the key, or leave it out.`)
}
