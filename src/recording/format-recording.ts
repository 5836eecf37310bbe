import type { RecordedExchange, Recording } from './recording-schema.ts'

/** What a recording file holds besides its exchanges. */
export type RecordingHead = Omit<Recording, 'exchanges'>

/** One exchange as it stands in the file's `exchanges` array, indented to its place there: formatted once, joined with the others. */
export function formatExchange(exchange: RecordedExchange): string {
  return `${exchangeIndent}${formatJson(exchange, exchangeIndent)}`
}

const exchangeIndent = '    '

/** The parts of a recording file, in order, around exchanges already formatted by `formatExchange`. */
export function recordingText(head: RecordingHead, exchanges: readonly string[]): string[] {
  const opening = formatJson({ ...head, exchanges: [] }, '')
  // `"exchanges": []` closes the object: the exchanges go between its brackets.
  const cut = opening.lastIndexOf('[]')
  if (exchanges.length === 0) return [`${opening}\n`]
  const parts = [`${opening.slice(0, cut)}[\n`]
  exchanges.forEach((exchange, index) => parts.push(index === 0 ? exchange : `,\n${exchange}`))
  parts.push(`\n  ]${opening.slice(cut + 2)}\n`)
  return parts
}

/** `JSON.stringify(value, null, 2)` from `indent`, but arrays of numbers on one line. */
function formatJson(value: unknown, indent: string): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    if (value.every((item) => typeof item === 'number')) return `[${value.map((item) => JSON.stringify(item)).join(', ')}]`
    const inner = `${indent}  `
    return `[\n${value.map((item: unknown) => `${inner}${item === undefined ? 'null' : formatJson(item, inner)}`).join(',\n')}\n${indent}]`
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined)
    if (entries.length === 0) return '{}'
    const inner = `${indent}  `
    return `{\n${entries.map(([name, item]) => `${inner}${JSON.stringify(name)}: ${formatJson(item, inner)}`).join(',\n')}\n${indent}}`
  }
  return JSON.stringify(value) ?? 'null'
}
