import type { Schema } from './resolve-schema.ts'

const hintKeys = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'format',
]

/** `min items` → `minItems`, the way `@ai-sdk/anthropic` spells the keys. */
const spokenKeys = new Map(hintKeys.map((key) => [key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`), key]))

/**
 * The schema with the constraints an SDK moved into its `description` put back as keywords.
 * Anthropic's structured output refuses keywords like `minItems: 2` or `pattern`, so its clients
 * write them where the model reads them: `@anthropic-ai/sdk` as a last paragraph
 * `{minItems: 2, pattern: "^\\d+$"}`, `@ai-sdk/anthropic` as a last line `min items: 2; pattern: ^\d+$.`.
 * Both still validate the reply against the full schema, so the mock honours them as a model
 * would. Keywords the schema states itself win.
 */
export function withDescriptionHints(schema: Schema): Schema {
  const description = schema.description
  if (typeof description !== 'string' || description.length > 10_000) return schema
  const hints = braceHints(description) ?? spokenHints(description)
  if (!hints) return schema
  const out: Record<string, unknown> = { ...schema }
  for (const [key, value] of Object.entries(hints)) if (out[key] === undefined) out[key] = value
  return out
}

/** `…\n\n{minItems: 2, maxLength: 4}`: keys bare, values JSON. */
function braceHints(description: string): Record<string, unknown> | undefined {
  // The block is the whole description or its last paragraph; JSON values hold no raw newline.
  const start = description.startsWith('{') && !description.includes('\n\n{') ? 0 : description.lastIndexOf('\n\n{') + 2
  if (!description.endsWith('}') || start === 1) return undefined
  const hints: Record<string, unknown> = {}
  let i = start + 1
  for (let n = 0; n < hintKeys.length * 2 && i < description.length - 1; n++) {
    const key = /^([A-Za-z]+): /.exec(description.slice(i))
    if (!key) return undefined
    i += key[0].length
    const end = jsonValueEnd(description, i)
    if (end === undefined) return undefined
    try {
      if (hintKeys.includes(key[1]!)) hints[key[1]!] = JSON.parse(description.slice(i, end))
    } catch {
      return undefined
    }
    i = description.startsWith(', ', end) ? end + 2 : end
  }
  return i === description.length - 1 ? hints : undefined
}

/** The end of the JSON value (as `JSON.stringify` writes it) that starts at `i`. */
function jsonValueEnd(text: string, i: number): number | undefined {
  if (text[i] === '"') {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++
      else if (text[j] === '"') return j + 1
    }
    return undefined
  }
  if (text[i] === '[' || text[i] === '{') {
    let depth = 0
    for (let j = i; j < text.length; j++) {
      const c = text[j]
      if (c === '"') {
        const end = jsonValueEnd(text, j)
        if (end === undefined) return undefined
        j = end - 1
      } else if (c === '[' || c === '{') depth++
      else if ((c === ']' || c === '}') && --depth === 0) return j + 1
    }
    return undefined
  }
  const end = /^[^,}]+/.exec(text.slice(i))
  return end ? i + end[0].length : undefined
}

/** `…\nmin items: 2; max length: 4; pattern: ^\d+$.`: spoken keys, strings bare, other values JSON. */
function spokenHints(description: string): Record<string, unknown> | undefined {
  const line = description.slice(description.lastIndexOf('\n') + 1)
  if (!line.endsWith('.')) return undefined
  const names = [...spokenKeys.keys()].join('|')
  const segments = line.slice(0, -1).split(new RegExp(`; (?=(?:${names}): )`))
  const hints: Record<string, unknown> = {}
  for (const segment of segments) {
    const colon = segment.indexOf(': ')
    const key = spokenKeys.get(segment.slice(0, colon))
    if (colon === -1 || key === undefined) return undefined
    const raw = segment.slice(colon + 2)
    if (key === 'pattern' || key === 'format') {
      hints[key] = raw
    } else {
      try {
        hints[key] = JSON.parse(raw)
      } catch {
        return undefined
      }
    }
  }
  return hints
}
