import type { Token } from '../world/schemas.ts'

/** Whether a key has no quota left: marked exhausted, or at zero without unlimited quota. */
export function isExhausted(token: Token): boolean {
  return token.status === 'exhausted' || (!token.unlimitedQuota && token.remainQuota <= 0)
}
