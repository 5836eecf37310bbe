import { DefinitionError, type DefinitionIssue } from '../definitions/definition-error.ts'

/**
 * Options `createGateway` cannot use: an unknown option (naming the nearest known one) or a value
 * of the wrong kind, each at its path, e.g. `time.now: must be a function, got 5`. A kind of
 * `DefinitionError`, as a bad world or scenario is.
 */
export class GatewayOptionsError extends DefinitionError {
  constructor(issues: readonly DefinitionIssue[]) {
    super('options', 'passed to createGateway', issues)
    this.name = 'GatewayOptionsError'
  }
}
