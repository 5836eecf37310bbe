import type { z } from 'zod'
import { boundMessage } from './bound-message.ts'
import { nearest } from '../text/nearest.ts'
import { unitNote } from '../schema/value-units.ts'
import { dedupeIssues, type DefinitionIssue } from './definition-error.ts'
import { formatPath } from './format-path.ts'

type Issue = z.core.$ZodIssue & { input?: unknown }
type Segment = PropertyKey

/**
 * A zod error as issues a person can act on, each at its path inside the file (`at` is prefixed):
 * an unknown field names the nearest known one, an unknown value the nearest allowed one, a
 * missing field says it is required, and a union that matched no form reports the form the value
 * came closest to instead of zod's "Invalid input".
 */
export function zodIssues(schema: z.ZodType, error: z.ZodError, at: readonly Segment[] = []): DefinitionIssue[] {
  const issues: DefinitionIssue[] = []
  const listed: ListedValues = new Map()
  for (const issue of error.issues as Issue[]) describe(schema, issue, [], at, issues, listed)
  return dedupeIssues(issues)
}

/** The lists of allowed values already spelt out in one report, each with the path it was spelt out at. */
type ListedValues = Map<string, string>

function describe(
  root: z.ZodType,
  issue: Issue,
  base: readonly Segment[],
  at: readonly Segment[],
  out: DefinitionIssue[],
  listed: ListedValues,
): void {
  const path = [...base, ...issue.path]
  const push = (message: string, extra: readonly Segment[] = []) => out.push({ path: formatPath([...at, ...path, ...extra]), message })

  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = objectKeys(schemasAt(root, path))
      for (const key of issue.keys) push(unknownField(key, known), [key])
      return
    }
    case 'invalid_union': {
      if ('note' in issue && issue.note === 'No matching discriminator' && 'options' in issue) {
        const allowed = (issue.options as unknown[]).filter((value): value is string => typeof value === 'string')
        const input = (issue.input as Record<string, unknown> | undefined)?.[String(issue.path.at(-1))]
        push(notOneOf(input, allowed, listed, formatPath([...at, ...path])))
        return
      }
      const branches = issue.errors as Issue[][]
      const best = closestBranch(branches)
      if (best === undefined) {
        push(issue.message === 'Invalid input' ? `expected ${describeForms(root, path)}` : issue.message)
        return
      }
      const options = unionOptionsAt(root, path)
      const branchSchema = options[best]
      for (const inner of branches[best]!) {
        if (branchSchema) describe(branchSchema, inner, [], [...at, ...path], out, listed)
        else out.push({ path: formatPath([...at, ...path, ...inner.path]), message: inner.message })
      }
      return
    }
    case 'invalid_value': {
      if (typeof issue.input === 'string') {
        push(
          notOneOf(
            issue.input,
            issue.values.filter((value): value is string => typeof value === 'string'),
            listed,
            formatPath([...at, ...path]),
          ),
        )
        return
      }
      push(issue.message)
      return
    }
    case 'invalid_type': {
      if (issue.input === undefined) push(`missing (required): expected ${article(issue.expected)}`)
      else if (issue.expected === 'int' && typeof issue.input === 'number')
        push(`${issue.input} is not a whole number${unitNote(schemasAt(root, path))}`)
      else push(issue.message.replace(/^Invalid input: /, ''))
      return
    }
    case 'too_small':
    case 'too_big':
      push(boundMessage(issue, schemasAt(root, path)))
      return
    default:
      push(issue.message.replace(/^Invalid input: /, ''))
  }
}

/** The branch whose value had the right shape and fewest problems; undefined if none had the right shape. */
function closestBranch(branches: readonly Issue[][]): number | undefined {
  let best: number | undefined
  let bestScore = Infinity
  branches.forEach((issues, index) => {
    const wrongShape = issues.some((issue) => issue.path.length === 0 && (issue.code === 'invalid_type' || issue.code === 'invalid_value'))
    if (wrongShape) return
    if (issues.length < bestScore) {
      best = index
      bestScore = issues.length
    }
  })
  return best
}

export function unknownField(key: string, known: readonly string[]): string {
  const guess = nearest(key, known)
  if (guess) return `unknown field. Did you mean "${guess}"?`
  return known.length > 0 ? `unknown field; the fields here are ${known.map((name) => `"${name}"`).join(', ')}` : 'unknown field'
}

/** Beyond this many allowed values, a value near one names that one alone rather than all of them. */
const longList = 10

/**
 * Why `input` is not allowed. A list of values is spelt out once per report (a mistake repeated
 * in every exchange of a recording does not repeat forty route ids), and a long one not at all
 * when the value is near one of them.
 */
export function notOneOf(input: unknown, allowed: readonly string[], listed: ListedValues = new Map(), at = ''): string {
  const guess = typeof input === 'string' ? nearest(input, allowed) : undefined
  const hint = guess ? ` Did you mean "${guess}"?` : ''
  const key = allowed.join('\n')
  const listedAt = listed.get(key)
  if (listedAt !== undefined) return `${JSON.stringify(input)} is not one of the values listed at ${listedAt || '(root)'}.${hint}`
  if (guess && allowed.length > longList) return `${JSON.stringify(input)} is not one of the ${allowed.length} values allowed here.${hint}`
  listed.set(key, at)
  return `${JSON.stringify(input)} is not one of ${allowed.map((value) => `"${value}"`).join(', ')}.${hint}`
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`
}

// Walking a schema along an issue's path, through the wrappers zod puts around fields.

type Def = { type: string; [key: string]: unknown }
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

function unwrap(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema)
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return unwrap(def.innerType as z.ZodType)
    case 'pipe':
      return unwrap(def.in as z.ZodType)
    case 'lazy':
      return unwrap((def.getter as () => z.ZodType)())
    case 'union':
      return (def.options as z.ZodType[]).flatMap(unwrap)
    default:
      return [schema]
  }
}

/** Every schema the value at `path` may be checked against (several where a union allows several forms). */
function schemasAt(root: z.ZodType, path: readonly Segment[]): z.ZodType[] {
  let current = unwrap(root)
  for (const segment of path) {
    current = current.flatMap((schema) => {
      const def = defOf(schema)
      if (def.type === 'object' && typeof segment === 'string') {
        const field = (def.shape as Record<string, z.ZodType>)[segment]
        return field ? unwrap(field) : []
      }
      if (def.type === 'array' && typeof segment === 'number') return unwrap(def.element as z.ZodType)
      if (def.type === 'record') return unwrap(def.valueType as z.ZodType)
      return []
    })
  }
  return current
}

function objectKeys(schemas: readonly z.ZodType[]): string[] {
  const keys = new Set<string>()
  for (const schema of schemas) {
    const def = defOf(schema)
    if (def.type === 'object') for (const key of Object.keys(def.shape as object)) keys.add(key)
  }
  return [...keys]
}

/** The options of the union at `path`, in the order zod reports their errors. */
function unionOptionsAt(root: z.ZodType, path: readonly Segment[]): z.ZodType[] {
  const parentPath = path.slice(0, -1)
  const last = path.at(-1)
  const candidates =
    path.length === 0
      ? [root]
      : schemasAt(root, parentPath).flatMap((schema) => {
          const def = defOf(schema)
          if (def.type === 'object' && typeof last === 'string') {
            const field = (def.shape as Record<string, z.ZodType>)[last]
            return field ? [field] : []
          }
          if (def.type === 'array') return [def.element as z.ZodType]
          if (def.type === 'record') return [def.valueType as z.ZodType]
          return []
        })
  for (const candidate of candidates) {
    const union = findUnion(candidate)
    if (union) return union
  }
  return []
}

function findUnion(schema: z.ZodType): z.ZodType[] | undefined {
  const def = defOf(schema)
  if (def.type === 'union') return def.options as z.ZodType[]
  if ('innerType' in def) return findUnion(def.innerType as z.ZodType)
  if (def.type === 'pipe') return findUnion(def.in as z.ZodType)
  if (def.type === 'lazy') return findUnion((def.getter as () => z.ZodType)())
  return undefined
}

/** "a list, or an object with add, remove" for a union none of whose forms the value had. */
function describeForms(root: z.ZodType, path: readonly Segment[]): string {
  const forms = unionOptionsAt(root, path)
    .flatMap(unwrap)
    .map((schema) => {
      const def = defOf(schema)
      if (def.type === 'object')
        return `an object with ${Object.keys(def.shape as object)
          .map((key) => `"${key}"`)
          .join(', ')}`
      if (def.type === 'array') return 'a list'
      if (def.type === 'enum')
        return Object.values(def.entries as object)
          .map((value) => JSON.stringify(value))
          .join(' or ')
      if (def.type === 'literal') return (def.values as unknown[]).map((value) => JSON.stringify(value)).join(' or ')
      return article(def.type)
    })
  return forms.length > 0 ? forms.join(', or ') : 'another kind of value'
}
