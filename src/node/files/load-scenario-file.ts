import { resolveScenario } from '../../scenarios/resolve-scenario.ts'
import { ScenarioError } from '../../scenarios/scenario-error.ts'
import type { Scenario } from '../../scenarios/scenario-schema.ts'
import { readDefinitionFile } from './read-definition-file.ts'

/**
 * Reads and validates a scenario file: JSON (the files in `scenarios/` are examples), or a
 * TypeScript/JavaScript module whose default export is `defineScenario({...})`. Throws a
 * `ScenarioError` that names the file, the path inside it and the fix.
 */
export async function loadScenarioFile(path: string): Promise<Scenario> {
  return resolveScenario(await readScenarioFile(path), path)
}

/** A scenario file's definition as written, not yet validated; a `ScenarioError` naming the file if it cannot be read. */
export function readScenarioFile(path: string): Promise<unknown> {
  return readDefinitionFile(path, {
    error: (shownAs, issues) => new ScenarioError(shownAs, issues),
    defaultExport: 'export default defineScenario({...})',
  })
}
