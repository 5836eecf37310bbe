import { patchWorld } from '../world/resolve-world.ts'
import { WorldError } from '../world/world-error.ts'
import type { WorldData } from '../world/schemas.ts'
import { zodIssues } from '../world/zod-issues.ts'
import { ScenarioError } from './scenario-error.ts'
import { scenarioSchema, type Scenario } from './scenario-schema.ts'

/**
 * Validates a scenario, or throws a `ScenarioError` naming `source`, the path inside it and
 * the fix: an unknown field or value suggests the nearest valid one.
 */
export function resolveScenario(definition: unknown, source = 'definition'): Scenario {
  const result = scenarioSchema.safeParse(definition, { reportInput: true })
  if (!result.success) throw new ScenarioError(source, zodIssues(scenarioSchema, result.error))
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
      world = patchWorld(world, scenario.world, `scenario "${scenario.name}"`, ['world'])
    } catch (error) {
      if (!(error instanceof WorldError)) throw error
      throw new ScenarioError(`"${scenario.name}"`, error.issues)
    }
  }
  return world
}
