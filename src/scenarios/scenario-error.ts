import { DefinitionError, type WorldIssue } from '../world/world-error.ts'

/** A scenario that cannot be used; the message lists every issue with its path and, where it can, the fix. */
export class ScenarioError extends DefinitionError {
  constructor(source: string, issues: readonly WorldIssue[]) {
    super('scenario', source, issues)
    this.name = 'ScenarioError'
  }
}
