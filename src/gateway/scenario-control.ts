import { ScenarioAssertionError } from '../scenarios/scenario-assertion-error.ts'
import { isDone, type ScenarioEngine, type ScenarioReport } from '../scenarios/scenario-engine.ts'

/** The active scenarios' script, for assertions at the end of a test. */
export interface ScenarioControl {
  /** Names of the active scenarios, in the order they were applied. */
  readonly names: readonly string[]
  /**
   * Whether an active scenario is strict (`strict: true`): its script is the whole of what the
   * test may send, and the runner fixtures (`llm-gateway-mock/vitest`, …) fail a test that leaves it unfinished.
   */
  readonly strict: boolean
  /** Steps not yet consumed and requests that matched no step. */
  pending(): ScenarioReport
  /** Throws, with the report in the message, if a step was not consumed or a request matched none. */
  assertDone(): void
}

/** The gateway's `scenario`: the engine's script, read live. */
export function scenarioControl(scenarios: ScenarioEngine): ScenarioControl {
  return {
    get names() {
      return scenarios.names
    },
    get strict() {
      return scenarios.strict
    },
    pending: () => scenarios.report(),
    assertDone() {
      const report = scenarios.report()
      if (!isDone(report)) throw new ScenarioAssertionError(report)
    },
  }
}
