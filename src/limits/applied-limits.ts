import type { Group, Token, User } from '../world/schemas.ts'
import type { AppliedLimit } from './rate-limiter.ts'

/** The limits on one request: its key's, its user's and those of the group that serves it. */
export function appliedLimits(token: Token, maskedKey: string, user: User, group: Group | undefined): AppliedLimit[] {
  const limits: AppliedLimit[] = []
  if (token.rateLimit) limits.push(keyLimit(token, maskedKey, token.rateLimit))
  if (user.rateLimit) limits.push(userLimit(user, user.rateLimit))
  if (group?.rateLimit) limits.push(groupLimit(group, group.rateLimit))
  return limits
}

/** A key's own limit. */
export function keyLimit(token: Token, maskedKey: string, limit: NonNullable<Token['rateLimit']>): AppliedLimit {
  return { label: `API key ${maskedKey}`, key: `token:${token.key}`, limit }
}

/** A user's limit, over all of their keys. */
export function userLimit(user: User, limit: NonNullable<User['rateLimit']>): AppliedLimit {
  return { label: `user "${user.username}"`, key: `user:${user.id}`, limit }
}

/** A group's limit, shared by every key and user it serves. */
export function groupLimit(group: Group, limit: NonNullable<Group['rateLimit']>): AppliedLimit {
  return { label: `group "${group.name}"`, key: `group:${group.name}`, limit }
}
