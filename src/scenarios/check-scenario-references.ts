import { normalizeKey } from '../auth/normalize-key.ts'
import { unknownModel, unknownUser } from '../world/check-world-references.ts'
import { nearest } from '../world/nearest.ts'
import type { WorldData } from '../world/schemas.ts'
import type { WorldIssue } from '../world/world-error.ts'
import type { RequestMatch, Scenario } from './scenario-schema.ts'

/**
 * Rules and steps that name a key, user or model the world does not have: such a rule would
 * never fire, or a step never be reached, without a word. Checked against the world the scenario
 * runs on (its own patch applied).
 */
export function checkScenarioReferences(scenario: Scenario, world: WorldData): WorldIssue[] {
  const issues: WorldIssue[] = []
  const check = (when: RequestMatch, at: string) => {
    if (when.key !== undefined && !world.tokens.some((token) => normalizeKey(token.key) === normalizeKey(when.key!))) {
      const guess = nearest(
        when.key,
        world.tokens.map((token) => token.key),
      )
      issues.push({
        path: `${at}.key`,
        message: `no API key ${JSON.stringify(when.key)} in the world.${guess ? ` Did you mean "${guess}"?` : ''}`,
      })
    }
    if (typeof when.user === 'string' && !world.users.some((user) => user.username === when.user)) {
      const guess = nearest(
        when.user,
        world.users.map((user) => user.username),
      )
      issues.push({
        path: `${at}.user`,
        message: `no user is named ${JSON.stringify(when.user)}.${guess ? ` Did you mean "${guess}"?` : ` The users are ${world.users.map((user) => user.username).join(', ')}.`}`,
      })
    }
    if (typeof when.user === 'number' && !world.users.some((user) => user.id === when.user)) {
      issues.push({ path: `${at}.user`, message: unknownUser(when.user, world.users) })
    }
    if (when.model !== undefined && !world.models.some((model) => model.id === when.model)) {
      issues.push({
        path: `${at}.model`,
        message: unknownModel(
          when.model,
          world.models.map((model) => model.id),
        ),
      })
    }
  }
  scenario.rules.forEach((rule, index) => check(rule.when, `rules[${index}].when`))
  scenario.steps.forEach((step, index) => check(step.when, `steps[${index}].when`))
  return issues
}
