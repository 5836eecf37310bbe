import type { z } from 'zod'
import { quotaPerUnit } from '../quota-units.ts'
import type { userSchema } from '../schemas.ts'
import type { ImportedGroups } from './imported-groups.ts'
import { units } from './imported-token.ts'
import type { UpstreamAnswers } from './upstream-answers.ts'

export type UserInput = z.input<typeof userSchema>

// The quota of a user no route describes: large enough that the keys' own quotas are what binds.
const unknownUserQuota = 1_000_000 * quotaPerUnit
const roles: Readonly<Record<number, UserInput['role']>> = { 1: 'user', 10: 'admin', 100: 'root' }

/**
 * The user: the access token's, or one standing for the keys' unknown owner, whose group is the
 * first key's; in every group the world has. A group the upstream does not describe is added,
 * empty, to `groups`; what had to be assumed goes into `notes`.
 */
export function importedUser(
  answers: UpstreamAnswers,
  options: { keepKeys: boolean; freshAccessToken(username: string): string },
  { groups, groupOf }: Pick<ImportedGroups, 'groups' | 'groupOf'>,
  notes: string[],
): { user: UserInput & { id: number; group: string }; accessToken: string } {
  const { self } = answers
  const userGroup = self?.group ?? [...groupOf.values()].find((name) => name !== 'auto') ?? groups[0]?.name ?? 'default'
  if (!groups.some((group) => group.name === userGroup)) {
    groups.push({ name: userGroup, models: [] })
    notes.push(`the user's group "${userGroup}" is not described by the upstream: it enables no models here`)
  }
  const username = self?.username ?? 'imported'
  const accessToken = options.keepKeys && answers.accessToken ? answers.accessToken : options.freshAccessToken(username)
  const user = {
    id: self?.id ?? 1,
    username,
    ...(self?.display_name ? { displayName: self.display_name } : {}),
    role: roles[self?.role ?? 1] ?? 'user',
    group: userGroup,
    extraGroups: groups.map((group) => group.name).filter((name) => name !== userGroup),
    quota: self ? units(self.quota) : unknownUserQuota,
    usedQuota: units(self?.used_quota ?? 0),
    requestCount: units(self?.request_count ?? 0),
    accessToken,
    ...(self?.email ? { email: self.email } : {}),
  }
  if (!self) {
    const why = answers.accessToken ? '/api/user/self did not answer' : 'no --access-token'
    notes.push(
      `the keys' owner is not told (${why}): user "${username}" holds them, with quota for 1 000 000 USD; a key whose owner has no quota left upstream works here where the upstream refuses it`,
    )
  } else if (answers.keys.length > 0) {
    notes.push(
      `the keys are imported as ${username}'s, on their quota: no route tells a key's owner, so a key of another user (one whose quota is spent, say) works here where the upstream refuses it`,
    )
  }
  return { user, accessToken }
}
