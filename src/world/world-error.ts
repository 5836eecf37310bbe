/** One thing wrong with a world definition, located by its path inside the definition. */
export interface WorldIssue {
  /** e.g. `tokens[2].userId` */
  path: string
  message: string
}

/** A definition (a world, a scenario, a recording) that cannot be used; the message lists every issue with its path. */
export class DefinitionError extends Error {
  readonly source: string
  readonly issues: readonly WorldIssue[]

  constructor(what: string, source: string, issues: readonly WorldIssue[]) {
    super(`Invalid ${what} ${source}:\n` + issues.map((issue) => `  - ${issue.path || '(root)'}: ${issue.message}`).join('\n'))
    this.source = source
    this.issues = issues
  }
}

/** A world definition that cannot be used; the message lists every issue with its path. */
export class WorldError extends DefinitionError {
  constructor(source: string, issues: readonly WorldIssue[]) {
    super('world', source, issues)
    this.name = 'WorldError'
  }
}

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else out += out === '' ? String(segment) : `.${String(segment)}`
  }
  return out
}

/** The issues without repeats: one mistake can surface once per record it touches. */
export function dedupeIssues(issues: readonly WorldIssue[]): WorldIssue[] {
  const seen = new Set<string>()
  return issues.filter((issue) => {
    const id = `${issue.path}\n${issue.message}`
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
}
