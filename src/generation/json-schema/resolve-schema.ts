/** A JSON Schema node (or a Gemini OpenAPI-style Schema) as the generator reads it. */
export type Schema = Readonly<Record<string, unknown>>

/** A node with its `$ref`, `allOf`, `anyOf` and `oneOf` folded into plain keywords. */
export interface ResolvedSchema {
  schema: Schema
  /** The `$ref`s followed from the root to here: a `$ref` met again is a cycle. */
  refs: readonly string[]
  /** Whether a `$ref` on the way was already being expanded (a recursive schema). */
  cyclic: boolean
}

// How many schemas one node may fold in (refs, allOf members, chosen branches): real schemas need
// a handful; the bound keeps a hostile one (a ref chain, allOf fanning out) from running long.
const maxFolds = 256

/**
 * Folds `node` into one schema: `$ref`s (local ones: `#`, `#/$defs/…`, `#/definitions/…`, any
 * JSON pointer into `root`) are replaced by their target, `allOf` members are merged, and of an
 * `anyOf`/`oneOf` one branch is chosen: the first that is not `null` and does not recurse (or,
 * when `simple`, a `null` one first, which ends a recursive structure). Works with a queue, not
 * the call stack.
 */
export function resolveSchema(node: unknown, root: unknown, refs: readonly string[], simple: boolean): ResolvedSchema {
  let onPath = refs
  let cyclic = false
  let merged: Record<string, unknown> = {}
  const pending: Schema[] = [asSchema(node)]
  for (let folds = 0; folds < maxFolds && pending.length > 0; folds++) {
    const { $ref, allOf, anyOf, oneOf, ...rest } = pending.shift()!
    merged = mergeSchemas(merged, rest)
    if (typeof $ref === 'string') {
      if (onPath.includes($ref)) cyclic = true
      else onPath = [...onPath, $ref]
      const target = pointer(root, $ref)
      if (target !== undefined) pending.push(asSchema(target))
    }
    if (Array.isArray(allOf)) pending.push(...allOf.map(asSchema))
    for (const branches of [anyOf, oneOf]) {
      if (Array.isArray(branches) && branches.length > 0) pending.push(chooseBranch(branches.map(asSchema), onPath, simple || cyclic))
    }
  }
  return { schema: merged, refs: onPath, cyclic }
}

/** `true`, `{}` and anything that is not a schema object accept any value; `false` is read as `{}` too. */
export function asSchema(value: unknown): Schema {
  return isRecord(value) ? value : {}
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether a schema only admits `null`: `type: 'null'` (Gemini: `NULL`), or a type list of it alone. */
export function isNullSchema(schema: Schema): boolean {
  const type = schema.type
  if (typeof type === 'string') return type.toLowerCase() === 'null'
  return Array.isArray(type) && type.length > 0 && type.every((t) => typeof t === 'string' && t.toLowerCase() === 'null')
}

function chooseBranch(branches: Schema[], refs: readonly string[], simple: boolean): Schema {
  const recurses = (branch: Schema) => typeof branch.$ref === 'string' && refs.includes(branch.$ref)
  const fresh = branches.filter((branch) => !recurses(branch))
  if (simple) return fresh.find(isNullSchema) ?? fresh.find((branch) => branch.$ref === undefined) ?? fresh[0] ?? branches[0]!
  return fresh.find((branch) => !isNullSchema(branch)) ?? fresh[0] ?? branches[0]!
}

/** The value a local reference points at in `root`, or undefined (remote refs, anchors, dangling pointers). */
function pointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined
  let fragment: string
  try {
    fragment = decodeURIComponent(ref.slice(1))
  } catch {
    return undefined
  }
  if (fragment === '') return root
  if (!fragment.startsWith('/')) return undefined
  let node = root
  for (const token of fragment.slice(1).split('/')) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~')
    if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)]
    else if (isRecord(node) && Object.hasOwn(node, key)) node = node[key]
    else return undefined
  }
  return node
}

const lowerBounds = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'])
const upperBounds = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'])

/**
 * Both schemas' keywords at once, as `allOf` means: properties of both (a property in both must
 * satisfy both), required names of both, the types and enum values they share, the tighter
 * bounds. Other keywords: the first schema's value wins. Shallow: nested schemas are merged as
 * `allOf` when (and if) the generator gets to them.
 */
export function mergeSchemas(a: Schema, b: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a }
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key]
    if (mine === undefined) {
      out[key] = value
    } else if (key === 'properties' && isRecord(mine) && isRecord(value)) {
      const properties: Record<string, unknown> = { ...mine }
      for (const [name, schema] of Object.entries(value)) {
        properties[name] = Object.hasOwn(mine, name) ? { allOf: [mine[name], schema] } : schema
      }
      out[key] = properties
    } else if (key === 'required' && Array.isArray(mine) && Array.isArray(value)) {
      out[key] = [...new Set([...mine, ...value])]
    } else if (key === 'type') {
      out[key] = sharedTypes(mine, value)
    } else if (key === 'enum' && Array.isArray(mine) && Array.isArray(value)) {
      const shared = mine.filter((item) => value.some((other) => JSON.stringify(other) === JSON.stringify(item)))
      if (shared.length > 0) out[key] = shared
    } else if ((key === 'items' || key === 'additionalProperties') && isRecord(mine) && isRecord(value)) {
      out[key] = { allOf: [mine, value] }
    } else if (key === 'additionalProperties' && value === false) {
      out[key] = false
    } else if (lowerBounds.has(key) || upperBounds.has(key)) {
      const [x, y] = [numeric(mine), numeric(value)]
      if (x !== undefined && y !== undefined) out[key] = lowerBounds.has(key) ? Math.max(x, y) : Math.min(x, y)
    }
  }
  return out
}

function sharedTypes(a: unknown, b: unknown): unknown {
  const list = (t: unknown) => (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase())
  const [x, y] = [list(a), list(b)]
  // An integer is a number: `number` and `integer` together mean integer.
  const shared = x.flatMap((t) =>
    y.includes(t)
      ? [t]
      : t === 'number' && y.includes('integer')
        ? ['integer']
        : t === 'integer' && y.includes('number')
          ? ['integer']
          : [],
  )
  if (shared.length === 0) return a
  return shared.length === 1 ? shared[0] : shared
}

/**
 * A count or bound as a number: Gemini's Schema sends its int64 fields (`minItems`, `maxLength`,
 * …) as strings, as protobuf's JSON mapping does.
 */
export function numeric(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return undefined
}
