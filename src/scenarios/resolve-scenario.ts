import { patchWorld } from '../world/resolve-world.ts'
import { WorldError } from '../world/world-error.ts'
import type { DefinitionIssue } from '../definitions/definition-error.ts'
import type { WorldData } from '../world/schemas.ts'
import { zodIssues } from '../definitions/zod-issues.ts'
import { checkScenarioReferences, namesOf, readableMatches, withNamesOf, type WorldNames } from './check-scenario-references.ts'
import { ScenarioError } from './scenario-error.ts'
import { scenarioSchema, type Scenario } from './scenario-schema.ts'

/**
 * Validates a scenario, or throws a `ScenarioError` naming `source`, the path inside it and
 * the fix: an unknown field or value suggests the nearest valid one.
 */
export function resolveScenario(definition: unknown, source = 'definition'): Scenario {
  const result = scenarioSchema.safeParse(definition, { reportInput: true })
  if (!result.success) throw new ScenarioError(source, schemaIssues(result.error))
  return result.data
}

function schemaIssues(error: Parameters<typeof zodIssues>[1]): DefinitionIssue[] {
  return zodIssues(scenarioSchema, error).map((issue) =>
    issue.path === 'world.extends'
      ? { ...issue, message: 'a scenario\'s world patch changes whatever world the gateway serves: leave out "extends"' }
      : issue,
  )
}

/**
 * `base` with each scenario's world patch applied in order; a patch that does not fit (a token
 * of a user that does not exist, say) is a `ScenarioError` at `world.…` in that scenario, and so
 * is a rule or step that names a key, user or model the resulting world lacks: both at once.
 */
export function applyScenarioWorlds(base: WorldData, scenarios: readonly Scenario[]): WorldData {
  let world = base
  for (const scenario of scenarios) {
    const applied = onWorld(scenario, world)
    if (applied.world === undefined) throw new ScenarioError(`"${scenario.name}"`, applied.issues)
    world = applied.world
  }
  return world
}

/** A scenario's world patch applied to `world`, and its rules and steps checked against the result. */
function onWorld(scenario: Scenario, world: WorldData): { world?: WorldData; issues: DefinitionIssue[] } {
  const applied = withPatch(world, scenario.world, `scenario "${scenario.name}"`)
  const issues = [...applied.issues, ...checkScenarioReferences(scenario, applied.names)]
  return issues.length === 0 ? { world: applied.world, issues } : { issues }
}

/**
 * A scenario's world patch applied to `world`, with the names the result has; a patch that does
 * not fit gives its issues, and the names are then read from the patch as written.
 */
function withPatch(world: WorldData, patch: unknown, source: string): { world?: WorldData; names: WorldNames; issues: DefinitionIssue[] } {
  if (patch === undefined) return { world, names: namesOf(world), issues: [] }
  try {
    const patched = patchWorld(world, patch as never, source, ['world'])
    return { world: patched, names: namesOf(patched), issues: [] }
  } catch (error) {
    if (!(error instanceof WorldError)) throw error
    return { names: withNamesOf(namesOf(world), patch), issues: [...error.issues] }
  }
}

/** Everything wrong with a scenario definition on a world, found in one pass. */
export interface ScenarioCheck {
  /** The scenario, when nothing is wrong. */
  scenario?: Scenario
  issues: DefinitionIssue[]
  /** Whether some of the issues come from the world it was checked on: a name it lacks, a patch that does not fit. */
  onWorld: boolean
}

/**
 * Checks a scenario definition against `world` as `--scenario` would use it, and reports every
 * problem at once: its schema's, its world patch's, and names its rules and steps use that the
 * world lacks (read as far as they can be where the schema fails).
 */
export function checkScenario(definition: unknown, world: WorldData): ScenarioCheck {
  const result = scenarioSchema.safeParse(definition, { reportInput: true })
  if (result.success) {
    const applied = onWorld(result.data, world)
    if (applied.world === undefined) return { issues: applied.issues, onWorld: true }
    return { scenario: result.data, issues: [], onWorld: false }
  }
  const issues = schemaIssues(result.error)
  const patch = (definition as { world?: unknown } | null)?.world
  // A world patch that passed its schema is applied, for what it says and the names it adds.
  const { names, issues: patchIssues } = issues.some((issue) => /^world(\.|$)/.test(issue.path))
    ? { names: withNamesOf(namesOf(world), patch), issues: [] }
    : withPatch(world, patch, 'scenario')
  const named = checkScenarioReferences(readableMatches(definition), names).filter(
    (issue) => !issues.some((known) => known.path === issue.path),
  )
  return { issues: [...issues, ...patchIssues, ...named], onWorld: patchIssues.length + named.length > 0 }
}
