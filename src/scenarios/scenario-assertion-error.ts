import { contentDifferences, describeMatch, type ScenarioReport } from './scenario-engine.ts'

/** `gateway.scenario.assertDone()` failed: the message says which steps were left and which requests matched none. */
export class ScenarioAssertionError extends Error {
  readonly report: ScenarioReport

  constructor(report: ScenarioReport) {
    const lines = [`Scenario ${report.scenarios.map((name) => `"${name}"`).join(', ')} is not done:`]
    for (const step of report.pendingSteps) {
      lines.push(`  - step ${step.step}${step.name ? ` "${step.name}"` : ''} was never reached (${describeMatch(step.when)})`)
    }
    for (const request of report.unmatched) {
      lines.push(
        `  - ${request.method} ${request.path} (model ${request.model}, request ${request.requestId}) matched no step` +
          (request.expected ? `; expected ${request.expected}${contentDifferences(request.nearest?.[0]?.differs)}` : ''),
      )
    }
    super(lines.join('\n'))
    this.name = 'ScenarioAssertionError'
    this.report = report
  }
}
