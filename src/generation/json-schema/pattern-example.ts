// Longer patterns are not read: nothing a client means as a simple format is this long.
const maxPatternLength = 2000
const maxGroupDepth = 32
const maxExampleLength = 512

/**
 * A short string meant to match a simple regular expression: literals, escapes (`\d`, `\w`,
 * `\s`, `\.`…), `.`, character classes (negated too), groups and alternation (the first
 * alternative), quantifiers (the fewest repetitions allowed). Anchors are dropped. Lookarounds
 * and backreferences are beyond it (undefined); the caller checks the result with a RegExp,
 * since a simple reading of a pattern can still miss.
 */
export function patternExample(pattern: string): string | undefined {
  if (pattern.length > maxPatternLength) return undefined
  // Each open group: its alternatives so far, each a list of pieces.
  const groups: string[][][] = [[[]]]
  let i = 0
  while (i < pattern.length) {
    const alternatives = groups.at(-1)!
    const c = pattern[i]!
    let atom: string
    if (c === '^' || c === '$') {
      i++
      continue
    } else if (c === '|') {
      alternatives.push([])
      i++
      continue
    } else if (c === '(') {
      if (pattern.startsWith('(?:', i)) i += 3
      else if (pattern.startsWith('(?<', i) && pattern[i + 3] !== '=' && pattern[i + 3] !== '!') i = pattern.indexOf('>', i) + 1
      else if (pattern[i + 1] === '?') return undefined
      else i++
      if (i === 0 || groups.length > maxGroupDepth) return undefined
      groups.push([[]])
      continue
    } else if (c === ')') {
      if (groups.length === 1) return undefined
      atom = groups.pop()![0]!.join('')
      i++
    } else if (c === '[') {
      const end = classEnd(pattern, i)
      if (end === undefined) return undefined
      const picked = pickFromClass(pattern.slice(i + 1, end))
      if (picked === undefined) return undefined
      atom = picked
      i = end + 1
    } else if (c === '\\') {
      const escaped = escapeAt(pattern, i)
      if (escaped === undefined) return undefined
      ;[atom, i] = escaped
    } else {
      atom = c === '.' ? 'a' : c
      i++
    }
    const [times, next] = quantifierAt(pattern, i)
    i = next
    groups.at(-1)!.at(-1)!.push(atom.repeat(times))
    if (groups.at(-1)!.at(-1)!.join('').length > maxExampleLength) return undefined
  }
  if (groups.length !== 1) return undefined
  return groups[0]![0]!.join('')
}

/** The fewest repetitions the quantifier at `i` allows (1 when there is none), and where it ends. */
function quantifierAt(pattern: string, i: number): [number, number] {
  const c = pattern[i]
  let times = 1
  let end = i
  if (c === '?' || c === '*') [times, end] = [0, i + 1]
  else if (c === '+') [times, end] = [1, i + 1]
  else if (c === '{') {
    const match = /^\{(\d+)(,\d*)?\}/.exec(pattern.slice(i))
    if (match) [times, end] = [Math.min(Number(match[1]), maxExampleLength), i + match[0].length]
  }
  // A lazy (`?`) or possessive (`+`) marker after a quantifier changes nothing here.
  if (end > i && (pattern[end] === '?' || pattern[end] === '+')) end++
  return [times, end]
}

/** The index of the `]` that closes the class opened at `start`. */
function classEnd(pattern: string, start: number): number | undefined {
  let i = start + 1
  if (pattern[i] === '^') i++
  if (pattern[i] === ']') i++
  for (; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++
    else if (pattern[i] === ']') return i
  }
  return undefined
}

const classCandidates = ['a', 'x', '0', '1', 'A', '_', '-', ' ', '.', 'z', 'Z', '9']

/** A character of the class `[body]`: the first it names, or for `[^…]` one it leaves out. */
function pickFromClass(body: string): string | undefined {
  let tester: RegExp
  try {
    tester = new RegExp(`^[${body}]$`, 'u')
  } catch {
    try {
      tester = new RegExp(`^[${body}]$`)
    } catch {
      return undefined
    }
  }
  if (!body.startsWith('^')) {
    const first = body[0] === '\\' ? escapeAt(body, 0)?.[0] : body[0]
    if (first !== undefined && tester.test(first)) return first
  }
  return classCandidates.find((candidate) => tester.test(candidate))
}

const propertyCandidates = ['a', 'A', '0', '_', '-', ' ', '.', 'é', 'É', '中', '١']

const classEscapes: Record<string, string> = { d: '0', D: 'a', w: 'a', W: '-', s: ' ', S: 'a', n: '\n', t: '\t', r: '\r', f: '\f', v: '\v' }

/** The character an escape at `i` stands for (one of its class for `\d` and the like), and where it ends. */
function escapeAt(pattern: string, i: number): [string, number] | undefined {
  const c = pattern[i + 1]
  if (c === undefined) return undefined
  if (c === 'b' || c === 'B') return ['', i + 2]
  if (/[1-9k]/.test(c)) return undefined
  if (Object.hasOwn(classEscapes, c)) return [classEscapes[c]!, i + 2]
  const hex = /^\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|u\{([0-9a-fA-F]{1,6})\})/.exec(pattern.slice(i))
  if (hex) return [String.fromCodePoint(Number.parseInt(hex[1] ?? hex[2] ?? hex[3]!, 16)), i + hex[0].length]
  if (c === 'p' || c === 'P') {
    const end = pattern.indexOf('}', i)
    if (end === -1) return undefined
    try {
      const property = new RegExp(`^${pattern.slice(i, end + 1)}$`, 'u')
      const picked = propertyCandidates.find((candidate) => property.test(candidate))
      return picked === undefined ? undefined : [picked, end + 1]
    } catch {
      return undefined
    }
  }
  return [c, i + 2]
}
