import type { WorldIssue } from '../world/world-error.ts'

/** A scenario that cannot be used; the message lists every issue with its path and, where it can, the fix. */
export class ScenarioError extends Error {
  readonly source: string
  readonly issues: readonly WorldIssue[]

  constructor(source: string, issues: readonly WorldIssue[]) {
    super(`Invalid scenario ${source}:\n` + issues.map((issue) => `  - ${issue.path || '(root)'}: ${issue.message}`).join('\n'))
    this.name = 'ScenarioError'
    this.source = source
    this.issues = issues
  }
}
