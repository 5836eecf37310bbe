import { DefinitionError, type DefinitionIssue } from '../definitions/definition-error.ts'

/** A world definition that cannot be used; the message lists every issue with its path. */
export class WorldError extends DefinitionError {
  constructor(source: string, issues: readonly DefinitionIssue[]) {
    super('world', source, issues)
    this.name = 'WorldError'
  }
}
