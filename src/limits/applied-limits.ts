import type { Group, Token, User } from '../world/schemas.ts'
import type { AppliedLimit } from './rate-limiter.ts'

/** The limits on one request: its key's, its user's and those of the group that serves it. */
export function appliedLimits(token: Token, maskedKey: string, user: User, group: Group | undefined): AppliedLimit[] {
  const limits: AppliedLimit[] = []
  if (token.rateLimit) limits.push({ label: `API key ${maskedKey}`, key: `token:${token.key}`, limit: token.rateLimit })
  if (user.rateLimit) limits.push({ label: `user "${user.username}"`, key: `user:${user.id}`, limit: user.rateLimit })
  if (group?.rateLimit) limits.push({ label: `group "${group.name}"`, key: `group:${group.name}`, limit: group.rateLimit })
  return limits
}
