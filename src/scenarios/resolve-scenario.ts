import { patchWorld } from '../world/resolve-world.ts'
import { formatPath, WorldError, type WorldIssue } from '../world/world-error.ts'
import type { WorldData } from '../world/schemas.ts'
import { nearest } from './nearest.ts'
import { ScenarioError } from './scenario-error.ts'
import { scenarioSchema, type Scenario } from './scenario-schema.ts'

/**
 * Validates a scenario, or throws a `ScenarioError` naming `source`, the path inside it and
 * the fix: an unknown value suggests the nearest valid one.
 */
export function resolveScenario(definition: unknown, source = 'definition'): Scenario {
  const result = scenarioSchema.safeParse(definition, { reportInput: true })
  if (!result.success) {
    throw new ScenarioError(
      source,
      result.error.issues.map((issue): WorldIssue => ({ path: formatPath(issue.path), message: explain(issue) })),
    )
  }
  return result.data
}

/**
 * `base` with each scenario's world patch applied in order; a patch that does not fit (a token
 * of a user that does not exist, say) is a `ScenarioError` at `world.…` in that scenario.
 */
export function applyScenarioWorlds(base: WorldData, scenarios: readonly Scenario[]): WorldData {
  let world = base
  for (const scenario of scenarios) {
    if (!scenario.world) continue
    try {
      world = patchWorld(world, scenario.world, `scenario "${scenario.name}"`)
    } catch (error) {
      if (!(error instanceof WorldError)) throw error
      throw new ScenarioError(
        `"${scenario.name}"`,
        error.issues.map((issue) => ({ ...issue, path: issue.path ? `world.${issue.path}` : 'world' })),
      )
    }
  }
  return world
}

function explain(issue: { code: string; message: string; input?: unknown; values?: readonly unknown[] }): string {
  if (issue.code === 'invalid_value' && typeof issue.input === 'string' && issue.values) {
    const valid = issue.values.filter((value): value is string => typeof value === 'string')
    const guess = nearest(issue.input, valid)
    const hint = guess ? ` Did you mean "${guess}"?` : ''
    return `"${issue.input}" is not one of ${valid.map((value) => `"${value}"`).join(', ')}.${hint}`
  }
  return issue.message
}
