import type { z } from 'zod'
import type { tokenSchema } from '../schemas.ts'
import type { ImportedGroups } from './imported-groups.ts'
import type { ImportedKey } from './imported-key.ts'
import { quotaAndExpiry } from './imported-token.ts'
import type { UpstreamAnswers } from './upstream-answers.ts'

export type TokenInput = z.input<typeof tokenSchema>

/**
 * The keys the import was given, as the world's tokens: fresh (or kept), in their group, with
 * the upstream's quota, limits and expiry; what had to be assumed or left out goes into `notes`.
 */
export function keyTokens(
  answers: UpstreamAnswers,
  { listings, groupOf }: Pick<ImportedGroups, 'listings' | 'groupOf'>,
  user: { id: number; group: string },
  /** The models some group of the world enables. */
  enabled: ReadonlySet<string>,
  options: { keepKeys: boolean; freshKey(name: string): string },
  notes: string[],
): { tokens: TokenInput[]; keys: ImportedKey[] } {
  const tokens: TokenInput[] = []
  const keys: ImportedKey[] = []
  answers.keys.forEach((key, index) => {
    const listing = listings[index]!
    const group = groupOf.get(listing) ?? user.group
    const local = options.keepKeys ? key.key : options.freshKey(listing.name)
    const limits = listing.limits && [...listing.limits]
    const unknownLimits = limits?.filter((id) => !enabled.has(id)) ?? []
    if (unknownLimits.length > 0)
      notes.push(`${key.label}: its model limits name models no group enables, left out: ${unknownLimits.join(', ')}`)
    if (!key.models) notes.push(`${key.label}: the upstream refuses it (expired or out of quota): imported as it is, in the user's group`)
    const { known: quotaKnown, ...quota } = quotaAndExpiry(key, answers.status)
    if (!quotaKnown) notes.push(`${key.label}: no route tells its quota: imported with unlimited quota`)
    tokens.push({
      key: local,
      name: listing.name,
      userId: user.id,
      group: group === user.group ? null : group,
      ...quota,
      modelLimits: limits?.filter((id) => enabled.has(id)) ?? null,
    })
    keys.push({ label: key.label, upstream: key.masked, name: listing.name, local, group })
  })
  return { tokens, keys }
}
