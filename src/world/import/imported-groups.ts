import { inferKeyGroups, type KeyListing } from './infer-key-groups.ts'
import { knownGroups } from './known-groups.ts'
import { orderedGroups } from './ordered-groups.ts'
import { slugOf } from '../../text/slug.ts'
import type { UpstreamAnswers } from './upstream-answers.ts'

/** The groups an upstream describes, and which of them each key is in. */
export interface ImportedGroups {
  /** What each key lists, in the order of `answers.keys`. */
  listings: KeyListing[]
  /** The group of each key the upstream lists models to. */
  groupOf: Map<KeyListing, string>
  groups: ReturnType<typeof orderedGroups>['groups']
  autoGroups: string[]
  /** Models a key lists that no price describes (see inferKeyGroups). */
  unpriced: Set<string>
}

/**
 * The upstream's groups, those it tells and those inferred from what each key lists (see
 * `inferKeyGroups`), in the upstream's order; what had to be assumed goes into `notes`.
 */
export function importedGroups(answers: UpstreamAnswers, selfUseMode: boolean, notes: string[]): ImportedGroups {
  const known = knownGroups(answers)
  const unknownRatios = [...known.values()].filter((group) => group.ratio === undefined).map((group) => group.name)
  if (unknownRatios.length > 0) notes.push(`the ratio of ${unknownRatios.join(', ')} is not told: 1 assumed`)

  // Which group each key the upstream lists models to belongs to.
  const listings = answers.keys.map((key, index): KeyListing => ({
    label: key.label,
    name: key.usage?.name ?? `key-${index + 1}`,
    listed: (key.models ?? []).map((model) => model.id),
    limits: key.usage?.model_limits_enabled ? new Set(Object.keys(key.usage.model_limits ?? {})) : null,
  }))
  const listedKeys = listings.filter((_, index) => answers.keys[index]!.models !== undefined)
  const autoGroups = (answers.pricing?.auto_groups ?? []).filter((name) => known.has(name))
  const taken = new Set(known.keys())
  const freeName = (base: string) => {
    const stem = slugOf(base, 'imported')
    let name = stem
    for (let n = 2; taken.has(name); n++) name = `${stem}-${n}`
    taken.add(name)
    return name
  }
  const userGroup = answers.self?.group
  const inference = inferKeyGroups(listedKeys, [...known.values()], { autoGroups, selfUseMode, userGroup, freeName })
  notes.push(...inference.notes)
  const groupOf = new Map(listedKeys.map((listing, at) => [listing, inference.groupOf[at]!]))

  const ordered = orderedGroups(
    [...known.values(), ...inference.made.map((made) => ({ ...made, ratio: undefined, description: '' }))],
    listedKeys.map((listing) => ({ listed: listing.listed, group: groupOf.get(listing)! })),
    autoGroups,
  )
  notes.push(...ordered.notes)
  return { listings, groupOf, groups: ordered.groups, autoGroups, unpriced: inference.unpriced }
}
