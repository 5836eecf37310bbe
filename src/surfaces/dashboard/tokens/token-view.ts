import { normalizeKey } from '../../../world/normalize-key.ts'
import type { Token } from '../../../world/schemas.ts'
import type { World } from '../../../world/world.ts'

// A world token as new-api's `model.Token` answers it (controller/token.go's
// `buildMaskedTokenResponse`): its field names, its status numbers, seconds for times.

/** new-api's token statuses (common/constants.go). */
export const tokenStatusNumber = { enabled: 1, disabled: 2, expired: 3, exhausted: 4 } as const

export type TokenStatus = keyof typeof tokenStatusNumber

/** The status a number names; undefined for any other number. */
export function tokenStatusOf(value: number): TokenStatus | undefined {
  return (Object.keys(tokenStatusNumber) as TokenStatus[]).find((status) => tokenStatusNumber[status] === value)
}

/** The key as new-api stores and answers it: without `sk-` (clients put it back). */
export function bareKeyOf(token: Token): string {
  return normalizeKey(token.key)
}

/** new-api's `MaskTokenKey`: the first and last four around ten asterisks; shorter keys keep less. */
export function maskTokenKey(key: string): string {
  if (key === '') return ''
  if (key.length <= 4) return '*'.repeat(key.length)
  if (key.length <= 8) return `${key.slice(0, 2)}****${key.slice(-2)}`
  return `${key.slice(0, 4)}**********${key.slice(-4)}`
}

const seconds = (iso: string | undefined, fallbackMs: number): number =>
  Math.floor((iso === undefined ? fallbackMs : Date.parse(iso)) / 1000)

/** The token in new-api's fields, its key masked. */
export function tokenView(world: World, token: Token): Record<string, unknown> {
  return {
    id: token.id,
    user_id: token.userId,
    key: maskTokenKey(bareKeyOf(token)),
    status: tokenStatusNumber[token.status],
    name: token.name,
    created_time: seconds(token.createdAt, world.loadedAt),
    accessed_time: seconds(token.accessedAt ?? token.createdAt, world.loadedAt),
    expired_time: token.expiresAt === null ? -1 : seconds(token.expiresAt, 0),
    remain_quota: token.remainQuota,
    unlimited_quota: token.unlimitedQuota,
    model_limits_enabled: token.modelLimits !== null,
    model_limits: token.modelLimits?.join(',') ?? '',
    allow_ips: token.allowIps.join('\n'),
    used_quota: token.usedQuota,
    group: token.group ?? '',
    cross_group_retry: token.crossGroupRetry,
    DeletedAt: null,
    auto_groups: null,
  }
}
