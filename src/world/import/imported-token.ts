import type { z } from 'zod'
import { quotaPerUnit } from '../quota-units.ts'
import type { tokenSchema } from '../schemas.ts'
import type { StatusAnswer, UpstreamKey } from './upstream-answers.ts'

type TokenInput = z.input<typeof tokenSchema>

// What the billing routes report as an unlimited key's limit.
const unlimitedLimit = 100_000_000

/**
 * A key's quota and expiry as the upstream tells them: `/api/usage/token` exactly, else the
 * billing routes (in the gateway's display currency, so to its rounding), else unknown, and then
 * unlimited (`known` false).
 */
export function quotaAndExpiry(
  key: UpstreamKey,
  status: StatusAnswer | undefined,
): Pick<TokenInput, 'remainQuota' | 'usedQuota' | 'unlimitedQuota' | 'expiresAt'> & { known: boolean } {
  const seconds = key.usage ? key.usage.expires_at : key.subscription?.access_until
  const expiresAt = typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000).toISOString() : null
  if (key.usage) {
    const { total_available, total_used, unlimited_quota } = key.usage
    return { remainQuota: units(total_available), usedQuota: units(total_used), unlimitedQuota: unlimited_quota, expiresAt, known: true }
  }
  if (key.subscription) {
    const display = fromDisplayCurrency(status)
    const used = units(display((key.billingUsage?.total_usage ?? 0) / 100))
    if (key.subscription.hard_limit_usd >= unlimitedLimit) return { unlimitedQuota: true, usedQuota: used, expiresAt, known: true }
    const remainQuota = units(display(key.subscription.hard_limit_usd) - used)
    return { remainQuota, usedQuota: used, unlimitedQuota: false, expiresAt, known: true }
  }
  return { unlimitedQuota: true, expiresAt, known: false }
}

/** An amount in the gateway's display currency (what the billing routes report), in quota units. */
function fromDisplayCurrency(status: StatusAnswer | undefined): (amount: number) => number {
  const perUnit = status?.quota_per_unit ?? quotaPerUnit
  if (status?.quota_display_type === 'TOKENS') return (amount) => amount
  const rate = status?.quota_display_type === 'CNY' ? (status.usd_exchange_rate ?? 1) : 1
  return (amount) => (amount / rate) * perUnit
}

/** A count of units as the world holds it: a whole number, never below 0. */
export function units(amount: number): number {
  return Math.max(0, Math.round(amount))
}
