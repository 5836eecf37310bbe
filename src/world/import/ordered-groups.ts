import type { z } from 'zod'
import type { groupSchema } from '../schemas.ts'
import { mergeOrders } from './merge-orders.ts'

type GroupInput = z.input<typeof groupSchema>

/** A group to write, with the models it enables in the upstream's order, as far as it shows. */
export interface GroupToOrder {
  name: string
  ratio: number | undefined
  description: string
  models: readonly string[]
}

/**
 * The groups as the world holds them, each with its models in the order its keys list them: a
 * key lists its group's models in that group's order, an `auto` key each auto group's in turn.
 * Models no key lists come after, in the order the upstream gave them. An unknown ratio is 1.
 */
export function orderedGroups(
  groups: readonly GroupToOrder[],
  keys: readonly { listed: readonly string[]; group: string }[],
  autoGroups: readonly string[],
): { groups: GroupInput[]; notes: string[] } {
  const byName = new Map(groups.map((group) => [group.name, group]))
  const autoGroupOf = (id: string) => autoGroups.find((name) => byName.get(name)?.models.includes(id))
  const notes: string[] = []
  const ordered = groups.map((group): GroupInput => {
    const lists = keys.flatMap((key) => {
      if (key.group === group.name) return [key.listed]
      return key.group === 'auto' ? [key.listed.filter((id) => autoGroupOf(id) === group.name)] : []
    })
    const merged = mergeOrders(lists)
    if (!merged.consistent)
      notes.push(`the keys of group "${group.name}" list its models in orders that disagree: some will list them in another order here`)
    return {
      name: group.name,
      ratio: group.ratio ?? 1,
      description: group.description,
      models: [...new Set([...merged.order, ...group.models])],
    }
  })
  return { groups: ordered, notes }
}
