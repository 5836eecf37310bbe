import { normalizeKey } from './normalize-key.ts'
import type { WorldData } from './schemas.ts'
import type { WorldIssue } from './world-error.ts'

/** Cross-record rules a schema cannot express: unique identities and references that resolve. */
export function checkWorldReferences(world: WorldData): WorldIssue[] {
  const issues: WorldIssue[] = []
  const groups = new Set(world.groups.map((group) => group.name))
  const models = new Set(world.models.map((model) => model.id))
  const users = new Map(world.users.map((user) => [user.id, user]))

  const unique = <T>(items: T[], identity: (item: T) => unknown, collection: string, field: string) => {
    const seen = new Set<unknown>()
    items.forEach((item, index) => {
      const id = identity(item)
      if (seen.has(id)) issues.push({ path: `${collection}[${index}].${field}`, message: `duplicate ${field} ${JSON.stringify(id)}` })
      seen.add(id)
    })
  }
  unique(world.groups, (group) => group.name, 'groups', 'name')
  unique(world.models, (model) => model.id, 'models', 'id')
  unique(world.users, (user) => user.id, 'users', 'id')
  unique(world.users, (user) => user.accessToken, 'users', 'accessToken')
  unique(world.tokens, (token) => normalizeKey(token.key), 'tokens', 'key')

  const expectGroup = (name: string, path: string) => {
    if (!groups.has(name)) issues.push({ path, message: `expected the name of a group in "groups", got ${JSON.stringify(name)}` })
  }
  const expectModel = (id: string, path: string) => {
    if (!models.has(id)) issues.push({ path, message: `expected the id of a model in "models", got ${JSON.stringify(id)}` })
  }

  if (groups.has('auto')) issues.push({ path: 'groups', message: '"auto" is reserved for keys that pick their group automatically' })
  world.settings.autoGroups.forEach((name, index) => expectGroup(name, `settings.autoGroups[${index}]`))
  world.groups.forEach((group, index) => group.models.forEach((id, at) => expectModel(id, `groups[${index}].models[${at}]`)))
  world.users.forEach((user, index) => {
    expectGroup(user.group, `users[${index}].group`)
    user.extraGroups.forEach((name, at) => expectGroup(name, `users[${index}].extraGroups[${at}]`))
  })
  world.tokens.forEach((token, index) => {
    const owner = users.get(token.userId)
    if (!owner) {
      issues.push({ path: `tokens[${index}].userId`, message: `expected the id of a user in "users", got ${token.userId}` })
    } else if (token.group !== null && token.group !== 'auto') {
      expectGroup(token.group, `tokens[${index}].group`)
      if (groups.has(token.group) && token.group !== owner.group && !owner.extraGroups.includes(token.group)) {
        issues.push({
          path: `tokens[${index}].group`,
          message: `user ${owner.username} may not use group "${token.group}": add it to that user's extraGroups`,
        })
      }
    }
    token.modelLimits?.forEach((id, at) => expectModel(id, `tokens[${index}].modelLimits[${at}]`))
  })
  return issues
}
