/** One thing wrong with a world definition, located by its path inside the definition. */
export interface WorldIssue {
  /** e.g. `tokens[2].userId` */
  path: string
  message: string
}

/** A world definition that cannot be used; the message lists every issue with its path. */
export class WorldError extends Error {
  readonly source: string
  readonly issues: readonly WorldIssue[]

  constructor(source: string, issues: readonly WorldIssue[]) {
    super(`Invalid world ${source}:\n` + issues.map((issue) => `  - ${issue.path || '(root)'}: ${issue.message}`).join('\n'))
    this.name = 'WorldError'
    this.source = source
    this.issues = issues
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
