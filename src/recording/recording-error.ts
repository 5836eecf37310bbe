import { DefinitionError, type DefinitionIssue } from '../definitions/definition-error.ts'

/** A recording that cannot be replayed; the message lists every problem with its path in the file. */
export class RecordingError extends DefinitionError {
  constructor(source: string, issues: readonly DefinitionIssue[]) {
    super('recording', source, issues)
    this.name = 'RecordingError'
  }
}
