import { patchWorld } from '../world/resolve-world.ts'
import { WorldError } from '../world/world-error.ts'
import type { WorldData } from '../world/schemas.ts'
import { zodIssues } from '../world/zod-issues.ts'
import { checkScenarioReferences } from './check-scenario-references.ts'
import { ScenarioError } from './scenario-error.ts'
import { scenarioSchema, type Scenario } from './scenario-schema.ts'

/**
 * Validates a scenario, or throws a `ScenarioError` naming `source`, the path inside it and
 * the fix: an unknown field or value suggests the nearest valid one.
 */
export function resolveScenario(definition: unknown, source = 'definition'): Scenario {
  const result = scenarioSchema.safeParse(definition, { reportInput: true })
  if (!result.success) {
    const issues = zodIssues(scenarioSchema, result.error).map((issue) =>
      issue.path === 'world.extends'
        ? { ...issue, message: 'a scenario\'s world patch changes whatever world the gateway serves: leave out "extends"' }
        : issue,
    )
    throw new ScenarioError(source, issues)
  }
  return result.data
}

/**
 * `base` with each scenario's world patch applied in order; a patch that does not fit (a token
 * of a user that does not exist, say) is a `ScenarioError` at `world.…` in that scenario, and so
 * is a rule or step that names a key, user or model the resulting world lacks.
 */
export function applyScenarioWorlds(base: WorldData, scenarios: readonly Scenario[]): WorldData {
  let world = base
  for (const scenario of scenarios) {
    if (scenario.world) {
      try {
        world = patchWorld(world, scenario.world, `scenario "${scenario.name}"`, ['world'])
      } catch (error) {
        if (!(error instanceof WorldError)) throw error
        throw new ScenarioError(`"${scenario.name}"`, error.issues)
      }
    }
    const issues = checkScenarioReferences(scenario, world)
    if (issues.length > 0) throw new ScenarioError(`"${scenario.name}"`, issues)
  }
  return world
}
