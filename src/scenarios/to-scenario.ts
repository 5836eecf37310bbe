import { nearest } from '../text/nearest.ts'
import { builtInScenarioNames, builtInScenarios } from './built-in-scenarios.ts'
import { resolveScenario } from './resolve-scenario.ts'
import { ScenarioError } from './scenario-error.ts'
import type { Scenario, ScenarioInput } from './scenario-schema.ts'

/** A scenario as `useScenario` takes it: a built-in's name, or a scenario object. */
export type ScenarioSpec = string | ScenarioInput

/**
 * Resolves a built-in name or validates a scenario object; unknown names suggest the nearest one.
 * An object without a name is told by `unnamed`: where it was given.
 */
export function toScenario(spec: ScenarioSpec, unnamed = 'passed to useScenario'): Scenario {
  if (typeof spec !== 'string') return resolveScenario(spec, spec.name ? `"${spec.name}"` : unnamed)
  const builtIn = builtInScenarios[spec]
  if (builtIn === undefined) {
    const guess = nearest(spec, builtInScenarioNames)
    throw new ScenarioError(`"${spec}"`, [
      {
        path: '',
        message: `no built-in scenario has this name.${guess ? ` Did you mean "${guess}"?` : ''} Built-ins: ${builtInScenarioNames.join(', ')}.`,
      },
    ])
  }
  return resolveScenario(builtIn, `built-in "${spec}"`)
}
