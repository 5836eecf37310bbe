import { DefinitionError, type DefinitionIssue } from '../definitions/definition-error.ts'

/** A scenario that cannot be used; the message lists every issue with its path and, where it can, the fix. */
export class ScenarioError extends DefinitionError {
  constructor(source: string, issues: readonly DefinitionIssue[]) {
    super('scenario', source, issues)
    this.name = 'ScenarioError'
  }
}
