import { nearest } from '../text/nearest.ts'
import { normalizeKey } from './normalize-key.ts'
import type { WorldData } from './schemas.ts'

export type RecordKind = 'groups' | 'users' | 'tokens' | 'models' | 'redemptions'

/**
 * Something wrong with one field of one record of a complete world, located in the world (the
 * record's index there): the caller says where that is in the file the user wrote.
 */
export interface RecordIssue {
  kind: RecordKind | 'settings'
  /** The record's index in the world's list (unused for settings). */
  index: number
  field: string
  /** The index inside a list field. */
  item?: number
  message: string
  /** The record the field names but the world lacks, when that is the problem. */
  missing?: { kind: RecordKind; value: string | number }
}

/** Cross-record rules a schema cannot express: unique identities and references that resolve. */
export function checkWorldReferences(world: WorldData): RecordIssue[] {
  const issues: RecordIssue[] = []
  checkUniqueIdentities(world, issues)
  checkReferences(world, issues)
  return issues
}

type At = Omit<RecordIssue, 'message' | 'missing'>

/** Each identity (a name, an id, a key) given once in its list. */
function checkUniqueIdentities(world: WorldData, issues: RecordIssue[]): void {
  const unique = <T>(kind: RecordKind, items: T[], identity: (item: T) => unknown, field: string, shown = identity) => {
    const seen = new Set<unknown>()
    items.forEach((item, index) => {
      const id = identity(item)
      if (seen.has(id)) issues.push({ kind, index, field, message: `duplicate ${field} ${JSON.stringify(shown(item))}` })
      seen.add(id)
    })
  }
  unique('groups', world.groups, (group) => group.name, 'name')
  unique('models', world.models, (model) => model.id, 'id')
  unique('users', world.users, (user) => user.id, 'id')
  unique(
    'users',
    world.users.filter((user) => user.accessToken !== undefined),
    (user) => user.accessToken,
    'accessToken',
  )
  unique('users', world.users, (user) => user.username, 'username')
  unique(
    'tokens',
    world.tokens.filter((token) => token.id !== undefined),
    (token) => token.id,
    'id',
  )
  unique(
    'redemptions',
    world.redemptions.filter((code) => code.id !== undefined),
    (code) => code.id,
    'id',
  )
  unique('redemptions', world.redemptions, (code) => code.key, 'key')
  unique(
    'tokens',
    world.tokens,
    (token) => normalizeKey(token.key),
    'key',
    (token) => token.key,
  )
}

/** Every group, model and user a record names is one the world has. */
function checkReferences(world: WorldData, issues: RecordIssue[]): void {
  const groups = world.groups.map((group) => group.name)
  const models = world.models.map((model) => model.id)
  const expectGroup = (name: string, at: At) => {
    if (!groups.includes(name)) issues.push({ ...at, message: unknownGroup(name, groups), missing: { kind: 'groups', value: name } })
  }
  const expectModel = (id: string, at: At) => {
    if (!models.includes(id)) issues.push({ ...at, message: unknownModel(id, models), missing: { kind: 'models', value: id } })
  }

  const reserved = world.groups.findIndex((group) => group.name === 'auto')
  if (reserved !== -1) {
    issues.push({
      kind: 'groups',
      index: reserved,
      field: 'name',
      message: '"auto" is reserved for keys that pick their group automatically',
    })
  }
  world.settings.autoGroups.forEach((name, item) => expectGroup(name, { kind: 'settings', index: 0, field: 'autoGroups', item }))
  const anyModel = world.settings.anyModel
  if (anyModel) expectModel(anyModel, { kind: 'settings', index: 0, field: 'anyModel' })
  world.groups.forEach((group, index) =>
    group.models.forEach((id, item) => expectModel(id, { kind: 'groups', index, field: 'models', item })),
  )
  world.users.forEach((user, index) => {
    if (user.password !== undefined && user.passwordHash !== undefined) {
      issues.push({ kind: 'users', index, field: 'passwordHash', message: 'give either `password` or `passwordHash`, not both' })
    }
    expectGroup(user.group, { kind: 'users', index, field: 'group' })
    user.extraGroups.forEach((name, item) => expectGroup(name, { kind: 'users', index, field: 'extraGroups', item }))
  })
  checkTokenReferences(world, groups, { expectGroup, expectModel }, issues)
  checkRedemptionReferences(world, issues)
}

/** Each token's owner is a user the world has, and its group and model limits ones the world (and its owner) has. */
function checkTokenReferences(
  world: WorldData,
  groups: readonly string[],
  expect: { expectGroup(name: string, at: At): void; expectModel(id: string, at: At): void },
  issues: RecordIssue[],
): void {
  const users = new Map(world.users.map((user) => [user.id, user]))
  world.tokens.forEach((token, index) => {
    const owner = users.get(token.userId)
    if (!owner) {
      issues.push({
        kind: 'tokens',
        index,
        field: 'userId',
        message: unknownUser(token.userId, world.users),
        missing: { kind: 'users', value: token.userId },
      })
    } else if (token.group !== null && token.group !== 'auto') {
      expect.expectGroup(token.group, { kind: 'tokens', index, field: 'group' })
      if (groups.includes(token.group) && token.group !== owner.group && !owner.extraGroups.includes(token.group)) {
        issues.push({
          kind: 'tokens',
          index,
          field: 'group',
          message: `user ${owner.username} may not use group "${token.group}": add it to that user's extraGroups`,
        })
      }
    }
    token.modelLimits?.forEach((id, item) => expect.expectModel(id, { kind: 'tokens', index, field: 'modelLimits', item }))
  })
}

// A used code may leave out who used it (new-api's own rows have 0 there); one that names a user must name one the world has.
function checkRedemptionReferences(world: WorldData, issues: RecordIssue[]): void {
  const users = new Set(world.users.map((user) => user.id))
  world.redemptions.forEach((code, index) => {
    if (code.usedByUserId === undefined || users.has(code.usedByUserId)) return
    issues.push({
      kind: 'redemptions',
      index,
      field: 'usedByUserId',
      message: unknownUser(code.usedByUserId, world.users),
      missing: { kind: 'users', value: code.usedByUserId },
    })
  })
}

/**
 * Models that no group enables, which no key can ever use: in a whole world, a model left out of
 * every group by mistake. (A patch may take a model out of every group on purpose, as the
 * model-missing scenario does; one it adds unenabled is reported as a likely typo instead.)
 */
export function checkModelsEnabled(world: WorldData): RecordIssue[] {
  const groups = world.groups.map((group) => group.name)
  return world.models.flatMap((model, index): RecordIssue[] =>
    world.groups.some((group) => group.models.includes(model.id))
      ? []
      : [
          {
            kind: 'models',
            index,
            field: 'id',
            message: `no group enables ${JSON.stringify(model.id)}, so no key can use it: add it to the "models" of a group (${listed(groups)}), or leave the model out`,
          },
        ],
  )
}

const didYouMean = (word: string, candidates: readonly string[]) => {
  const guess = nearest(word, candidates)
  return guess ? ` Did you mean "${guess}"?` : ''
}

export function unknownGroup(name: string, groups: readonly string[]): string {
  return `no group is named ${JSON.stringify(name)}.${didYouMean(name, groups) || ` The groups are ${listed(groups)}.`}`
}

export function unknownModel(id: string, models: readonly string[]): string {
  return `no model has id ${JSON.stringify(id)}.${didYouMean(id, models) || ' The models are listed in "models".'}`
}

export function unknownUser(id: number, users: readonly { id: number; username: string }[]): string {
  if (users.length === 0) return `no user has id ${id}: the world has no users.`
  const known = users.slice(0, 8).map((user) => `${user.id} (${user.username})`)
  return `no user has id ${id}. The users are ${known.join(', ')}${users.length > 8 ? ', …' : ''}.`
}

function listed(values: readonly string[]): string {
  return values.length === 0 ? 'none' : values.map((value) => JSON.stringify(value)).join(', ')
}
