import { loadScenarioFile } from '../../node/files/load-scenario-file.ts'
import { ScenarioError } from '../../scenarios/scenario-error.ts'
import type { ScenarioSpec } from '../../scenarios/to-scenario.ts'
import { startupNotice } from '../process/startup-notice.ts'

const moduleExtensions = /\.(json|[cm]?[jt]s)$/i

/** Whether a `--scenario` value names a file rather than a built-in (built-in names have neither slashes nor extensions). */
export function isScenarioPath(value: string): boolean {
  return value.includes('/') || value.includes('\\') || moduleExtensions.test(value)
}

export interface LoadedScenarioSpecs {
  /** As `createGateway` takes them: built-in names stay names, files become validated scenarios. */
  specs: ScenarioSpec[]
  /**
   * An error about a file's scenario as the gateway raises it names the scenario (`"my-name"`);
   * this names the file instead, so the user knows which file to open.
   */
  pointAtFile(error: ScenarioError): ScenarioError
}

/** Loads the `--scenario` values: built-in names, or .json/.ts files validated on the way in. */
export async function loadScenarioSpecs(values: readonly string[]): Promise<LoadedScenarioSpecs> {
  const specs: ScenarioSpec[] = []
  const files = new Map<string, string>()
  for (const value of values) {
    if (!isScenarioPath(value)) {
      specs.push(value)
      continue
    }
    startupNotice().doing(`reading the scenario file ${value}`)
    const scenario = await loadScenarioFile(value)
    files.set(`"${scenario.name}"`, value)
    specs.push(scenario)
  }
  return {
    specs,
    pointAtFile(error) {
      const file = files.get(error.source)
      return file === undefined ? error : new ScenarioError(`${file} (scenario ${error.source})`, error.issues)
    },
  }
}
