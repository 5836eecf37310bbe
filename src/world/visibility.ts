import type { Group, Model, Token, User } from './schemas.ts'
import type { World } from './world.ts'

/**
 * The groups a key draws its models from: its own group, else its owner's; `auto` expands to
 * the world's auto groups that the owner may use, in order.
 */
export function groupsOf(world: World, token: Token, user: User): string[] {
  const group = token.group ?? user.group
  return group === 'auto' ? autoGroupsOf(world, user) : [group]
}

/** The groups a user may draw models from and pin keys to: their own group, then their extra groups. */
export function usableGroups(user: User): string[] {
  return [...new Set([user.group, ...user.extraGroups])]
}

/** The groups an `auto` key of `user` tries, in order: the world's auto groups the user may use. */
export function autoGroupsOf(world: World, user: User): string[] {
  const usable = new Set(usableGroups(user))
  return world.settings.autoGroups.filter((name) => usable.has(name))
}

/** The models `groups` enable, in listing order, each once (priced or not, whatever keys' limits). */
export function groupModels(world: World, groups: readonly string[]): string[] {
  return [...new Set(groups.flatMap((name) => world.findGroup(name)?.models ?? []))]
}

/**
 * The models a key may see and use, in listing order: the models enabled in its groups
 * (first occurrence wins), narrowed by its model limits, without unpriced models unless the
 * world is in self-use mode. The same rule decides whether a request may use a model.
 */
export function visibleModels(world: World, token: Token, user: User): Model[] {
  const lists = groupsOf(world, token, user).map((name) => world.findGroup(name)?.models ?? [])
  // The model list is answered again and again: a Set per request was a tenth of the bytes it
  // allocated. A short list is searched instead (a world's groups list a few dozen models).
  const seen = lists.reduce((count, ids) => count + ids.length, 0) > shortList ? new Set<string>() : undefined
  const models: Model[] = []
  for (let at = 0; at < lists.length; at++) {
    const ids = lists[at]!
    for (let index = 0; index < ids.length; index++) {
      const id = ids[index]!
      if (seen ? seen.has(id) : listedBefore(lists, at, index, id)) continue
      seen?.add(id)
      if (token.modelLimits && !token.modelLimits.includes(id)) continue
      const model = world.findModel(id)
      if (!model) continue
      if (model.pricing === null && !world.settings.selfUseMode) continue
      models.push(model)
    }
  }
  return models
}

/** Lists this long or shorter are searched for an id's earlier occurrence rather than kept in a Set. */
const shortList = 64

/** Whether `id`, at `index` in `lists[at]`, is listed before: in that list or an earlier one. */
function listedBefore(lists: readonly (readonly string[])[], at: number, index: number, id: string): boolean {
  if (lists[at]!.indexOf(id) < index) return true
  for (let earlier = 0; earlier < at; earlier++) if (lists[earlier]!.includes(id)) return true
  return false
}

/**
 * The models a key's groups enable and its limits allow, but that are hidden because they have no
 * pricing (outside self-use mode): what `keys` points out, since the lists just leave them out.
 */
export function unpricedModels(world: World, token: Token, user: User): string[] {
  if (world.settings.selfUseMode) return []
  return groupModels(world, groupsOf(world, token, user)).filter(
    (id) => (!token.modelLimits || token.modelLimits.includes(id)) && world.findModel(id)?.pricing === null,
  )
}

/** The model `id` if the key may use it: the rule of {@link visibleModels}, for one model. */
export function findVisibleModel(world: World, token: Token, user: User, id: string): Model | undefined {
  const access = modelAccess(world, token, user, id)
  return 'model' in access ? access.model : undefined
}

/** Why a key may not use a model, in the order the real gateway finds out. */
export type ModelRefusal = 'outside_key_limits' | 'unavailable' | 'unpriced'

/**
 * The model `id` and the group that serves it if the key may use it, else why not: the key's
 * model limits leave it out, no group of the key enables it (or it does not exist), or it has no
 * pricing outside self-use mode. A name the world lacks is the `settings.anyModel` model when
 * there is one, by the same rule, renamed to the name asked for.
 */
export function modelAccess(
  world: World,
  token: Token,
  user: User,
  id: string,
): { model: Model; group: Group } | { refused: ModelRefusal } {
  const stand = standIn(world, id)
  if (stand) {
    const access = modelAccess(world, token, user, stand.id)
    return 'model' in access ? { model: { ...access.model, id }, group: access.group } : access
  }
  if (token.modelLimits && !token.modelLimits.includes(id)) return { refused: 'outside_key_limits' }
  const group = servingGroup(world, token, user, id)
  const model = group && world.findModel(id)
  if (!group || !model) return { refused: 'unavailable' }
  if (model.pricing === null && !world.settings.selfUseMode) return { refused: 'unpriced' }
  return { model, group }
}

/**
 * The model that answers for `id` when the world lacks it and `settings.anyModel` names one
 * (coding agents ask for model names of their own): it is then used as if asked for, under the
 * name asked for. A model the world has is never stood in for, even one the key may not use.
 */
function standIn(world: World, id: string): Model | undefined {
  const anyModel = world.settings.anyModel
  if (!anyModel || anyModel === id || world.findModel(id)) return undefined
  return world.findModel(anyModel)
}

/** The group a key's request for `modelId` goes through: the first of its groups that enables the model. */
export function servingGroup(world: World, token: Token, user: User, modelId: string): Group | undefined {
  for (const name of groupsOf(world, token, user)) {
    const group = world.findGroup(name)
    if (group?.models.includes(modelId)) return group
  }
  return undefined
}
