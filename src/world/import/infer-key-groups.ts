/** One upstream key as group inference sees it: what it lists, and the model limits it has, if known. */
export interface KeyListing {
  label: string
  /** The upstream token's name, for the name of a group made for it. */
  name: string
  listed: readonly string[]
  /** The key's model limits; null when it has none, or the upstream did not tell. */
  limits: ReadonlySet<string> | null
}

/** A group the upstream described: the models it enables (priced or not) and its ratio. */
export interface KnownGroup {
  name: string
  ratio: number | undefined
  models: readonly string[]
}

export interface GroupInference {
  /** Each key's group, in the order of the keys: a known group, a made one, or `auto`. */
  groupOf: string[]
  /** The groups made for keys whose models no known group explains, with those models in the key's order. */
  made: { name: string; models: string[] }[]
  /** Models a key's group enables and its limits allow but that it does not list: those the upstream does not price. */
  unpriced: Set<string>
  notes: string[]
}

export interface InferenceOptions {
  /** The upstream's `auto` groups, in order, among the known ones. */
  autoGroups: readonly string[]
  /** In self-use mode the upstream lists unpriced models too: a key lists all its group enables. */
  selfUseMode: boolean
  /** The access token's user's group: a key without a group of its own uses it. */
  userGroup: string | undefined
  /** A group name no other group has, from a base. */
  freeName(base: string): string
}

/**
 * Which group each key belongs to, from what it lists. A key belongs to a group when it lists
 * exactly the models the group enables and its limits allow, except models no key lists at all
 * (those the upstream does not price, and hides); to `auto` when it lists the auto groups' models
 * that way, each group's after the one before. Of several such groups the user's own is taken,
 * else the first; a key no group explains gets a group of its own with exactly its models, which
 * keys listing a subset of them through their limits then share.
 */
export function inferKeyGroups(keys: readonly KeyListing[], known: readonly KnownGroup[], options: InferenceOptions): GroupInference {
  const listedAnywhere = new Set(keys.flatMap((key) => key.listed))
  const made: { name: string; models: string[]; labels: string[] }[] = []
  const unpriced = new Set<string>()
  const notes: string[] = []
  const groupOf: string[] = Array.from({ length: keys.length })
  const byName = new Map(known.map((group) => [group.name, group]))
  const autoModels = [...new Set(options.autoGroups.flatMap((name) => byName.get(name)?.models ?? []))]

  /** The models `enabled` hides from `key` if it belongs there, or undefined if it cannot. */
  const hiddenFrom = (key: KeyListing, enabled: readonly string[]): string[] | undefined => {
    const enabledSet = new Set(enabled)
    if (!key.listed.every((id) => enabledSet.has(id) && (!key.limits || key.limits.has(id)))) return undefined
    const listed = new Set(key.listed)
    const hidden = enabled.filter((id) => (!key.limits || key.limits.has(id)) && !listed.has(id))
    if (hidden.length > 0 && (options.selfUseMode || hidden.some((id) => listedAnywhere.has(id)))) return undefined
    return hidden
  }
  /** An auto key lists its first group's models, then the next group's it has not listed yet. */
  const inAutoOrder = (key: KeyListing) => {
    const groupIndex = key.listed.map((id) => options.autoGroups.findIndex((name) => byName.get(name)?.models.includes(id)))
    return groupIndex.every((index, at) => at === 0 || index >= groupIndex[at - 1]!)
  }

  // Keys without limits first: a group made for one of them is one a limited key may belong to.
  const order = keys.map((key, index) => ({ key, index })).sort((a, b) => Number(a.key.limits !== null) - Number(b.key.limits !== null))
  for (const { key, index } of order) {
    const candidates: { name: string; ratio: number | undefined; hidden: string[] }[] = []
    for (const group of [...known, ...made.map((group) => ({ ...group, ratio: undefined }))]) {
      const hidden = hiddenFrom(key, group.models)
      if (hidden) candidates.push({ name: group.name, ratio: group.ratio, hidden })
    }
    const autoHidden = autoModels.length > 0 && inAutoOrder(key) ? hiddenFrom(key, autoModels) : undefined
    const chosen =
      candidates.find((candidate) => candidate.name === options.userGroup) ??
      candidates[0] ??
      (autoHidden ? { name: 'auto', ratio: undefined, hidden: autoHidden } : undefined)
    if (!chosen) {
      const name =
        options.userGroup && !byName.has(options.userGroup) && !made.some((group) => group.name === options.userGroup)
          ? options.userGroup
          : options.freeName(`imported-${key.name}`)
      made.push({ name, models: [...key.listed], labels: [key.label] })
      groupOf[index] = name
      continue
    }
    groupOf[index] = chosen.name
    made.find((group) => group.name === chosen.name)?.labels.push(key.label)
    for (const id of chosen.hidden) unpriced.add(id)
    const ratios = new Set(candidates.map((candidate) => candidate.ratio))
    if (candidates.length > 1 && ratios.size > 1) {
      const named = candidates.map((candidate) => `${candidate.name} (ratio ${candidate.ratio ?? 'unknown'})`).join(', ')
      notes.push(`${key.label}: ${named} all enable the models it lists; took "${chosen.name}", so it pays that group's ratio`)
    }
  }
  if (made.length > 0) notes.push(madeGroupsNote(made, known.length === 0))
  return { groupOf, made: made.map(({ name, models }) => ({ name, models })), unpriced, notes }
}

/** What the groups made for keys no group explains are, and which keys are in each. */
function madeGroupsNote(made: readonly { name: string; labels: readonly string[] }[], noneKnown: boolean): string {
  const groupsOf = made.map((group) => `"${group.name}" (${group.labels.join(', ')})`).join(', ')
  return noneKnown
    ? `the upstream tells no groups: one group per distinct list of models, at ratio 1: ${groupsOf}`
    : `no group of the upstream enables exactly what these keys list; each gets a group of its own, at ratio 1: ${groupsOf}`
}
