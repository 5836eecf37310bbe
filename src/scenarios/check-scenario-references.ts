import { normalizeKey } from '../world/normalize-key.ts'
import { unknownModel, unknownUser } from '../world/check-world-references.ts'
import { nearest } from '../world/nearest.ts'
import type { WorldData } from '../world/schemas.ts'
import type { WorldIssue } from '../world/world-error.ts'
import type { RequestMatch, Scenario } from './scenario-schema.ts'

/**
 * Rules and steps that name a key or user the world does not have (such a rule would never fire,
 * nor a step be reached, and nothing would say why), or a model id that is a near miss of one it
 * has. Checked against the world the scenario runs on, its own patch applied.
 */
export function checkScenarioReferences(scenario: Scenario, world: WorldData): WorldIssue[] {
  const issues: WorldIssue[] = []
  const keys = world.tokens.map((token) => token.key)
  const usernames = world.users.map((user) => user.username)
  const models = world.models.map((model) => model.id)
  const check = (when: RequestMatch, at: string) => {
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
    if (typeof user === 'number' && !world.users.some((known) => known.id === user)) {
      issues.push({ path: `${at}.user`, message: unknownUser(user, world.users) })
    }
    // A model the world lacks can still be asked for (and failed by a rule before the gateway's
    // own 404), so only a near miss of a model it has is taken for a typo.
    if (model !== undefined && !models.includes(model) && nearest(model, models)) {
      issues.push({ path: `${at}.model`, message: unknownModel(model, models) })
    }
  }
  scenario.rules.forEach((rule, index) => check(rule.when, `rules[${index}].when`))
  scenario.steps.forEach((step, index) => check(step.when, `steps[${index}].when`))
  return issues
}
