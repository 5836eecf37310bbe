import type { z } from 'zod'
import { normalizeKey } from '../normalize-key.ts'
import type { tokenSchema } from '../schemas.ts'
import type { ImportedKey } from './imported-key.ts'
import { units } from './imported-token.ts'
import type { ListedToken, UpstreamAnswers } from './upstream-answers.ts'

type TokenInput = z.input<typeof tokenSchema>

const statuses: Readonly<Record<number, TokenInput['status']>> = { 1: 'enabled', 2: 'disabled', 3: 'expired', 4: 'exhausted' }

/**
 * The access token's user's tokens that `GET /api/token/` lists beside the `--key` keys, each
 * with its name, status, quota, expiry, model limits, group, allowed IPs and times. new-api lists
 * keys masked, so each gets a fresh local key, `--keep-keys` or not; a listed token that is one of
 * the `--key` keys (same first and last four characters) is already imported.
 */
export function listedTokens(
  answers: UpstreamAnswers,
  context: {
    userId: number
    userGroup: string
    groups: ReadonlySet<string>
    enabled: ReadonlySet<string>
    freshKey: (name: string) => string
  },
): { tokens: TokenInput[]; keys: ImportedKey[]; notes: string[] } {
  const tokens: TokenInput[] = []
  const keys: ImportedKey[] = []
  const notes: string[] = []
  const given = answers.keys.map((key) => normalizeKey(key.key))
  for (const listed of answers.tokens ?? []) {
    const masked = listed.key ?? ''
    if (given.some((key) => sameMaskedKey(key, masked))) continue
    const name = listed.name || `token-${listed.id}`
    const label = `token ${listed.id} "${name}"`
    const limits = listed.model_limits_enabled
      ? (listed.model_limits ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : null
    const unknownLimits = limits?.filter((id) => !context.enabled.has(id)) ?? []
    if (unknownLimits.length > 0)
      notes.push(`${label}: its model limits name models no group enables, left out: ${unknownLimits.join(', ')}`)
    let group: string | null = listed.group || null
    if (group !== null && group !== 'auto' && !context.groups.has(group)) {
      notes.push(`${label}: its group "${group}" is not described by the upstream: imported in the user's group`)
      group = null
    }
    const local = context.freshKey(name)
    tokens.push({
      key: local,
      name,
      userId: context.userId,
      id: listed.id,
      status: statuses[listed.status ?? 1] ?? 'enabled',
      remainQuota: units(listed.remain_quota ?? 0),
      unlimitedQuota: listed.unlimited_quota === true,
      usedQuota: units(listed.used_quota ?? 0),
      expiresAt: isoOf(listed.expired_time) ?? null,
      modelLimits: limits?.filter((id) => context.enabled.has(id)) ?? null,
      group,
      allowIps: allowedIps(listed),
      ...(isoOf(listed.created_time) && { createdAt: isoOf(listed.created_time) }),
      ...(isoOf(listed.accessed_time) && { accessedAt: isoOf(listed.accessed_time) }),
      crossGroupRetry: listed.cross_group_retry === true,
    })
    keys.push({ label, upstream: masked, name, local, group: group ?? context.userGroup })
  }
  return { tokens, keys, notes }
}

/** Whether a masked key (`abcd**********wxyz`, with or without `sk-`) is `key`'s. */
function sameMaskedKey(key: string, masked: string): boolean {
  const shown = normalizeKey(masked)
  const star = shown.indexOf('*')
  if (star === -1) return shown === key
  const head = shown.slice(0, star)
  const tail = shown.slice(shown.lastIndexOf('*') + 1)
  return key.length >= head.length + tail.length && key.startsWith(head) && key.endsWith(tail)
}

/** new-api keeps allowed IPs as one text, one address or range a line (commas taken too). */
function allowedIps(listed: ListedToken): string[] {
  return (listed.allow_ips ?? '')
    .split(/[\n,]/)
    .map((ip) => ip.trim())
    .filter(Boolean)
}

/** Unix seconds as an ISO time; none for 0 or -1 (never). */
function isoOf(seconds: number | null | undefined): string | undefined {
  return typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000).toISOString() : undefined
}
