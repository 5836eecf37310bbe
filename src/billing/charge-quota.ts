import { gatewayError } from '../errors/gateway-error.ts'
import { formatUsd } from '../world/quota-units.ts'
import type { Token, User } from '../world/schemas.ts'
import { isExhausted } from './is-exhausted.ts'

/**
 * Refuses a generation before any work when the key or its owner has nothing left. The
 * precise check, against the request's real cost, is `chargeQuota`.
 */
export function assertQuotaLeft(token: Token, user: User, maskedKey: string): void {
  if (isExhausted(token)) throw gatewayError('quota_key_exhausted', { key: maskedKey, name: token.name })
  if (user.quota <= 0)
    throw gatewayError('quota_user_exhausted', { username: user.username, left: user.quota, leftUsd: formatUsd(user.quota) })
}

/**
 * Debits `cost` from the key and its owner, or throws when either cannot cover it. Check and
 * debit run in one synchronous step on the live records, so concurrent requests can neither
 * overspend nor lose a debit.
 */
export function chargeQuota(token: Token, user: User, maskedKey: string, cost: number): void {
  if (!token.unlimitedQuota && token.remainQuota < cost) {
    const left = token.remainQuota
    throw gatewayError('quota_key_short', {
      key: maskedKey,
      name: token.name,
      left,
      cost,
      leftUsd: formatUsd(left),
      costUsd: formatUsd(cost),
    })
  }
  if (user.quota < cost) {
    const left = user.quota
    throw gatewayError('quota_user_short', { username: user.username, left, cost, leftUsd: formatUsd(left), costUsd: formatUsd(cost) })
  }
  if (!token.unlimitedQuota) {
    token.remainQuota -= cost
    if (token.remainQuota === 0) token.status = 'exhausted'
  }
  token.usedQuota += cost
  user.quota -= cost
  user.usedQuota += cost
  user.requestCount += 1
}
