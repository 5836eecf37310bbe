import { GatewayError } from '../errors/gateway-error.ts'
import type { Token, User } from '../world/schemas.ts'

/**
 * Refuses a generation before any work when the key or its owner has nothing left. The
 * precise check, against the request's real cost, is `chargeQuota`.
 */
export function assertQuotaLeft(token: Token, user: User, maskedKey: string): void {
  if (token.status === 'exhausted' || (!token.unlimitedQuota && token.remainQuota <= 0)) {
    throw new GatewayError('insufficient_quota', `API key ${maskedKey} ("${token.name}") has no quota left.`)
  }
  if (user.quota <= 0) {
    throw new GatewayError('insufficient_quota', `User "${user.username}" has no quota left (0 units).`)
  }
}

/**
 * Debits `cost` from the key and its owner, or throws `insufficient_quota` when either cannot
 * cover it. Check and debit run in one synchronous step on the live records, so concurrent
 * requests can neither overspend nor lose a debit.
 */
export function chargeQuota(token: Token, user: User, maskedKey: string, cost: number): void {
  if (!token.unlimitedQuota && token.remainQuota < cost) {
    throw new GatewayError(
      'insufficient_quota',
      `API key ${maskedKey} ("${token.name}") has ${token.remainQuota} quota units left; this request costs ${cost}.`,
    )
  }
  if (user.quota < cost) {
    throw new GatewayError('insufficient_quota', `User "${user.username}" has ${user.quota} quota units left; this request costs ${cost}.`)
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
