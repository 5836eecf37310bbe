/** One thing wrong with a definition (a world, a scenario, a recording), located by its path inside the definition. */
export interface DefinitionIssue {
  /** e.g. `tokens[2].userId` */
  path: string
  message: string
}

/**
 * A definition (a world, a scenario, a recording) that cannot be used; the message lists every issue with its path.
 * `WorldError`, `ScenarioError` and `RecordingError` are its kinds, so one `catch` can take any of them.
 */
export class DefinitionError extends Error {
  readonly source: string
  readonly issues: readonly DefinitionIssue[]

  constructor(what: string, source: string, issues: readonly DefinitionIssue[]) {
    super(`Invalid ${what} ${source}:\n` + issues.map((issue) => `  - ${issue.path || '(root)'}: ${issue.message}`).join('\n'))
    this.name = 'DefinitionError'
    this.source = source
    this.issues = issues
  }
}

/** The issues without repeats: one mistake can surface once per record it touches. */
export function dedupeIssues(issues: readonly DefinitionIssue[]): DefinitionIssue[] {
  const seen = new Set<string>()
  return issues.filter((issue) => {
    const id = `${issue.path}\n${issue.message}`
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
}
