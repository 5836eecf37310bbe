/** A valid body with one field's value swapped for a value of another JSON type. */
export interface WrongTypeVariant {
  /** Where the swap is, as `messages[0].role`, and to what type. */
  label: string
  body: unknown
}

/** A valid body, as text, with one object or array nested far deeper than any client would. */
export interface DeepVariant {
  label: string
  text: string
}

type JsonKind = 'null' | 'number' | 'string' | 'array' | 'object' | 'boolean'

const samples: Record<JsonKind, unknown> = {
  null: null,
  number: -1.5,
  string: 'wrong type',
  array: [1, 'two'],
  object: { unexpected: true },
  boolean: true,
}

function kindOf(value: unknown): JsonKind {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value as JsonKind
}

/**
 * Every field of `body` (objects, arrays and leaves alike, at any depth) replaced in turn by a
 * value of each other JSON type, the rest of the body left valid: what a client with a wrong
 * type at any one place sends.
 */
export function wrongTypeVariants(body: Record<string, unknown>): WrongTypeVariant[] {
  const variants: WrongTypeVariant[] = []
  const visit = (value: unknown, path: (string | number)[]) => {
    if (path.length > 0) {
      for (const kind of Object.keys(samples) as JsonKind[]) {
        if (kind !== kindOf(value)) variants.push({ label: `${formatPath(path)} as ${kind}`, body: replaceAt(body, path, samples[kind]) })
      }
    }
    if (Array.isArray(value)) value.forEach((child, index) => visit(child, [...path, index]))
    else if (typeof value === 'object' && value !== null) for (const [key, child] of Object.entries(value)) visit(child, [...path, key])
  }
  visit(body, [])
  return variants
}

const marker = '\u0000deep\u0000'

/**
 * Every object and array of `body` in turn replaced by one of the same kind nested `levels`
 * deep. Built as text: JSON.stringify itself overflows the stack a few thousand levels down.
 */
export function deepVariants(body: Record<string, unknown>, levels: number): DeepVariant[] {
  const deepObject = '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1)
  const deepArray = '['.repeat(levels) + ']'.repeat(levels)
  const variants: DeepVariant[] = []
  const visit = (value: unknown, path: (string | number)[]) => {
    if (typeof value !== 'object' || value === null) return
    if (path.length > 0) {
      const text = JSON.stringify(replaceAt(body, path, marker)).replace(
        JSON.stringify(marker),
        Array.isArray(value) ? deepArray : deepObject,
      )
      variants.push({ label: `${formatPath(path)} ${levels} levels deep`, text })
    }
    if (Array.isArray(value)) value.forEach((child, index) => visit(child, [...path, index]))
    else for (const [key, child] of Object.entries(value)) visit(child, [...path, key])
  }
  visit(body, [])
  return variants
}

function replaceAt(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((child, index) => (index === head ? replaceAt(child, rest, replacement) : child))
  const object = value as Record<string, unknown>
  return { ...object, [head!]: replaceAt(object[head!], rest, replacement) }
}

function formatPath(path: readonly (string | number)[]): string {
  return path.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`)).join('')
}
