import type { KnownGroup } from './infer-key-groups.ts'
import type { UpstreamAnswers } from './upstream-answers.ts'

/** A group the upstream describes, with what the world file says of it. */
export interface DescribedGroup extends KnownGroup {
  models: string[]
  description: string
}

/**
 * The groups the upstream describes: those `/api/pricing` gives a ratio or names as enabling a
 * model (in its order), each with the models it enables, priced or not; and those read from
 * `/api/user/models?group=`. "auto" is no group: an `auto` key draws on the auto groups.
 */
export function knownGroups(answers: Pick<UpstreamAnswers, 'pricing' | 'groupModels'>): Map<string, DescribedGroup> {
  const { pricing } = answers
  const known = new Map<string, DescribedGroup>()
  const groupNamed = (name: string) => {
    let group = known.get(name)
    if (!group) {
      group = { name, ratio: pricing?.group_ratio?.[name], models: [], description: pricing?.usable_group?.[name] ?? '' }
      known.set(name, group)
    }
    return group
  }
  for (const name of Object.keys(pricing?.group_ratio ?? {})) if (name !== 'auto') groupNamed(name)
  for (const entry of pricing?.data ?? []) {
    for (const name of entry.enable_groups ?? []) if (name !== 'auto') groupNamed(name).models.push(entry.model_name)
  }
  // Asked for where /api/pricing gives no ratio: a group it does not describe.
  for (const [name, models] of Object.entries(answers.groupModels)) {
    groupNamed(name).models = [...new Set(models)]
  }
  return known
}
