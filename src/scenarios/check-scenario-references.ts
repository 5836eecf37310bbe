import { normalizeKey } from '../world/normalize-key.ts'
import { unknownModel, unknownUser } from '../world/check-world-references.ts'
import { nearest } from '../text/nearest.ts'
import type { WorldData } from '../world/schemas.ts'
import type { DefinitionIssue } from '../definitions/definition-error.ts'
import type { RequestMatch } from './scenario-schema.ts'

/** A `when` as a reference check reads it: a function names nothing to check. */
type CheckedWhen = RequestMatch | ((...args: never[]) => unknown)

/** What a reference check reads of a scenario: the `when` of each rule, step and `ignore`. */
export interface ScenarioMatches {
  rules: readonly { when: CheckedWhen }[]
  steps: readonly { when: CheckedWhen }[]
  ignore?: readonly CheckedWhen[]
}

/** The names a scenario's rules and steps may use: the world's keys, users and models. */
export interface WorldNames {
  keys: readonly string[]
  users: readonly { id: number; username: string }[]
  models: readonly string[]
  /** The world serves every model name it lacks (`settings.anyModel`): no model name is a typo then. */
  anyModel?: boolean
}

export function namesOf(world: WorldData): WorldNames {
  return {
    keys: world.tokens.map((token) => token.key),
    users: world.users.map(({ id, username }) => ({ id, username })),
    models: world.models.map((model) => model.id),
    anyModel: Boolean(world.settings.anyModel),
  }
}

/**
 * Rules and steps that name a key or user the world does not have (such a rule would never fire,
 * nor a step be reached, and nothing would say why), or a model id that is a near miss of one it
 * has. Checked against the names of the world the scenario runs on, its own patch applied.
 */
export function checkScenarioReferences(scenario: ScenarioMatches, names: WorldNames): DefinitionIssue[] {
  const issues: DefinitionIssue[] = []
  const { keys, models } = names
  const usernames = names.users.map((user) => user.username).filter((username) => username !== '')
  const check = (when: CheckedWhen, at: string) => {
    if (typeof when === 'function') return
    const { key, user, model } = when
    if (key !== undefined && !keys.some((known) => normalizeKey(known) === normalizeKey(key))) {
      const guess = nearest(key, keys)
      issues.push({
        path: `${at}.key`,
        message: `no API key ${JSON.stringify(key)} in the world.${guess ? ` Did you mean "${guess}"?` : ''}`,
      })
    }
    if (typeof user === 'string' && !usernames.includes(user)) {
      const guess = nearest(user, usernames)
      const hint = guess ? ` Did you mean "${guess}"?` : ` The users are ${usernames.join(', ') || 'none'}.`
      issues.push({ path: `${at}.user`, message: `no user is named ${JSON.stringify(user)}.${hint}` })
    }
    if (typeof user === 'number' && !names.users.some((known) => known.id === user)) {
      issues.push({ path: `${at}.user`, message: unknownUser(user, names.users) })
    }
    // A model the world lacks can still be asked for (and failed by a rule before the gateway's
    // own 404), so only a near miss of a model it has is taken for a typo.
    if (model !== undefined && !names.anyModel && !models.includes(model) && nearest(model, models)) {
      issues.push({ path: `${at}.model`, message: unknownModel(model, models) })
    }
  }
  scenario.rules.forEach((rule, index) => check(rule.when, `rules[${index}].when`))
  scenario.steps.forEach((step, index) => check(step.when, `steps[${index}].when`))
  scenario.ignore?.forEach((when, index) => check(when, `ignore[${index}]`))
  return issues
}

/**
 * The `when` of each rule and step of a scenario that failed its schema, as far as they can be
 * read (a key, user or model of the wrong type is left out): so that a name the world lacks is
 * reported together with the schema's problems, not once they are fixed.
 */
export function readableMatches(definition: unknown): ScenarioMatches {
  const readable = (when: unknown): RequestMatch => {
    if (typeof when !== 'object' || when === null) return {}
    const { key, user, model } = when as Record<string, unknown>
    return {
      ...(typeof key === 'string' && key !== '' ? { key } : {}),
      ...((typeof user === 'string' && user !== '') || Number.isInteger(user) ? { user: user as string | number } : {}),
      ...(typeof model === 'string' && model !== '' ? { model } : {}),
    }
  }
  const list = (value: unknown): { when: RequestMatch }[] =>
    (Array.isArray(value) ? value : []).map((entry: unknown) => ({ when: readable((entry as { when?: unknown } | null)?.when) }))
  const fields = typeof definition === 'object' && definition !== null ? (definition as Record<string, unknown>) : {}
  return { rules: list(fields.rules), steps: list(fields.steps), ignore: (Array.isArray(fields.ignore) ? fields.ignore : []).map(readable) }
}

/**
 * `names` with those a world patch that did not apply would have added (keys, users, models it
 * writes, read from the patch as written), so that a rule naming one of them is not reported as
 * a second mistake.
 */
export function withNamesOf(names: WorldNames, patch: unknown): WorldNames {
  const entries = (kind: string): Record<string, unknown>[] => {
    const list = typeof patch === 'object' && patch !== null ? (patch as Record<string, unknown>)[kind] : undefined
    return Array.isArray(list) ? list.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null) : []
  }
  const strings = (kind: string, field: string) =>
    entries(kind)
      .map((entry) => entry[field])
      .filter((value): value is string => typeof value === 'string')
  const users = entries('users').flatMap((entry) =>
    Number.isInteger(entry.id) ? [{ id: entry.id as number, username: typeof entry.username === 'string' ? entry.username : '' }] : [],
  )
  return {
    keys: [...names.keys, ...strings('tokens', 'key')],
    users: [...names.users, ...users],
    models: [...names.models, ...strings('models', 'id')],
    anyModel: names.anyModel,
  }
}
