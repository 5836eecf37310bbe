import { DefinitionError, type WorldIssue } from '../world/world-error.ts'

/** A recording that cannot be replayed; the message lists every problem with its path in the file. */
export class RecordingError extends DefinitionError {
  constructor(source: string, issues: readonly WorldIssue[]) {
    super('recording', source, issues)
    this.name = 'RecordingError'
  }
}
