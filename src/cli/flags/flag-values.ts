/**
 * yargs `coerce` functions for flags that take a value: each returns the value as the command
 * wants it, or throws an error (a usage error, exit code 2) that says what the flag expects and
 * what was given. The flags carry no yargs `type`: with `type: 'number'` yargs turns `abc` into
 * NaN before anyone sees it, and the message could only say "got NaN".
 */

/** A whole number from `min` to `max`. */
export function integerFlag(
  flag: string,
  min: number,
  max: number,
  expected = `an integer from ${min} to ${max}`,
): (value: unknown) => number {
  return numberFlag(flag, expected, (number) => Number.isSafeInteger(number) && number >= min && number <= max)
}

/** A number above zero. */
export function positiveNumberFlag(flag: string): (value: unknown) => number {
  return numberFlag(flag, 'a positive number', (number) => Number.isFinite(number) && number > 0)
}

/** A number of zero or more. */
export function nonNegativeNumberFlag(flag: string): (value: unknown) => number {
  return numberFlag(flag, 'a number of 0 or more', (number) => Number.isFinite(number) && number >= 0)
}

/** A text that is not empty (`--world ""`, `--host=`). */
export function textFlag(flag: string, expected: string): (value: unknown) => string {
  return (value) => {
    const text = single(flag, value)
    if (typeof text === 'string' && text.trim() !== '') return text
    throw new Error(`--${flag} must be ${expected}, got ${given(text)}`)
  }
}

function numberFlag(flag: string, expected: string, accepts: (number: number) => boolean): (value: unknown) => number {
  return (value) => {
    const raw = single(flag, value)
    // Numbers come from the defaults, and from yargs for what looks like one; anything else stays text.
    const number = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN
    if (accepts(number)) return number
    throw new Error(`--${flag} must be ${expected}, got ${given(raw)}`)
  }
}

/** The flag's one value: yargs makes an array of a flag given twice. */
function single(flag: string, value: unknown): unknown {
  if (!Array.isArray(value)) return value
  if (value.length === 1) return value[0]
  throw new Error(`--${flag} was given ${value.length} times (${value.map(given).join(', ')}): give it once`)
}

/** What the user typed, as the message shows it: numbers bare, text quoted, nothing said so. */
function given(value: unknown): string {
  if (typeof value === 'number') return String(value)
  if (value === undefined || value === '' || value === true) return 'no value'
  return JSON.stringify(String(value))
}
