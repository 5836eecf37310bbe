import type { Token } from './schemas.ts'

/** When the key stops working, in ms on the gateway clock; Infinity for never. */
export function expiryOf(token: Token): number {
  return token.expiresAt === null ? Infinity : Date.parse(token.expiresAt)
}

/** Whether the key is expired at `now`: marked so, or past its expiry. */
export function isExpired(token: Token, now: number): boolean {
  return token.status === 'expired' || expiryOf(token) <= now
}
