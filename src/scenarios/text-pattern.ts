/**
 * The text fields of `when` (`message`, `system`, `toolResult`, `header`…): plain text, or a
 * regular expression written `"/pattern/flags"`, as JSON has no literal for one.
 */
const regexForm = /^\/(.+)\/([a-z]*)$/s

// A pattern is compiled once per text; `g` and `y` are dropped, since they make `test` depend on the previous call.
const compiled = new Map<string, RegExp | undefined>()

/** The regular expression `pattern` spells, or undefined for plain text. Throws a SyntaxError for an invalid one. */
export function regexOf(pattern: string): RegExp | undefined {
  if (compiled.has(pattern)) return compiled.get(pattern)
  const form = regexForm.exec(pattern)
  const regex = form ? new RegExp(form[1]!, form[2]!.replace(/[gy]/g, '')) : undefined
  compiled.set(pattern, regex)
  return regex
}

/** Why `pattern` cannot be used, or undefined when it can. */
export function patternProblem(pattern: string): string | undefined {
  try {
    regexOf(pattern)
    return undefined
  } catch (error) {
    return `not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`
  }
}

/** Whether `text` contains `pattern` (plain text), or `pattern` (a regular expression) matches it. */
export function containsPattern(pattern: string, text: string): boolean {
  const regex = regexOf(pattern)
  return regex ? regex.test(text) : text.includes(pattern)
}

/** Whether `text` is `pattern` (plain text), or `pattern` (a regular expression) matches it. */
export function equalsPattern(pattern: string, text: string): boolean {
  const regex = regexOf(pattern)
  return regex ? regex.test(text) : text === pattern
}
