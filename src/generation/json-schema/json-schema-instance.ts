import { withDescriptionHints } from './description-hints.ts'
import { numberInstance } from './number-instance.ts'
import { isNullSchema, isRecord, numeric, resolveSchema, type Schema } from './resolve-schema.ts'
import { stringInstance } from './string-instance.ts'

export interface InstanceOptions {
  /**
   * The text a reply-like string field (`reply`, `answer`, `response`, `text`, `message`,
   * `content`, `output`, `result`, `summary`) and a root string hold; other strings are
   * `mock <field name>`.
   */
  replyText?: string
}

/**
 * Where the generator goes simple: past this depth, or inside a recursive `$ref`, or after
 * `simpleAfterNodes` values, objects get only their required properties and arrays only their
 * `minItems`, so recursive schemas end.
 */
const simpleDepth = 24
const simpleAfterNodes = 5_000
/** Where it stops: deeper than this, or after this many values, objects are `{}` and arrays `[]`. */
const maxDepth = 48
const maxNodes = 50_000
/** At most this many items in one array, whatever `minItems` says. */
const maxArrayItems = 1_000

const replyFields = new Set(['reply', 'answer', 'response', 'text', 'message', 'content', 'output', 'result', 'summary'])

/**
 * A value that validates against `schema`, the same every time for the same schema and options.
 * Reads JSON Schema (drafts 4 to 2020-12: `type` and type lists, `const`, `enum`, `properties`,
 * `required`, `additionalProperties`, `items`/`prefixItems`, `minItems`/`maxItems`, `$ref` into
 * `$defs`/`definitions`, `allOf`/`anyOf`/`oneOf`, string formats, lengths and simple patterns,
 * numeric bounds and `multipleOf`) and Gemini's OpenAPI-style Schema (`type: 'OBJECT'`,
 * `nullable`, `propertyOrdering`, counts as strings), and the constraints SDKs write into
 * `description` for Anthropic (see description-hints.ts). Optional properties are included (except in
 * recursive parts); nullable values are given a non-null value; a `default` is used as given.
 * Bounded in depth and size (see the constants above), so any schema a request can carry is safe.
 */
export function schemaInstance(schema: unknown, options: InstanceOptions = {}): unknown {
  const walk: Walk = { root: schema, replyText: options.replyText, nodes: 0 }
  // The root is being expanded from the start: a `$ref: '#'` below it is recursion.
  return instanceOf(schema, walk, { name: '', depth: 0, refs: ['#'], simple: false, variant: 0 })
}

interface Walk {
  root: unknown
  replyText: string | undefined
  nodes: number
}

interface Place {
  /** The property (or, for items, the array's property) the value is for; '' at the root. */
  name: string
  depth: number
  refs: readonly string[]
  simple: boolean
  /** Which item of an array this is (0 elsewhere), so items differ where `uniqueItems` asks. */
  variant: number
}

function instanceOf(node: unknown, walk: Walk, place: Place): unknown {
  walk.nodes++
  const resolved = resolveSchema(node, walk.root, place.refs, place.simple)
  const { refs, cyclic } = resolved
  const schema = withDescriptionHints(resolved.schema)
  const simple = place.simple || cyclic || place.depth >= simpleDepth || walk.nodes > simpleAfterNodes
  const stop = place.depth >= maxDepth || walk.nodes > maxNodes

  if (schema.const !== undefined) return schema.const
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const values = schema.enum.filter((value) => value !== null)
    const pool = values.length > 0 ? values : schema.enum
    return pool[place.variant % pool.length]
  }
  if (schema.default !== undefined && place.variant === 0) return schema.default

  const here = { ...place, refs, simple }
  switch (typeOf(schema)) {
    case 'object':
      return stop ? {} : objectInstance(schema, walk, here)
    case 'array':
      return stop ? [] : arrayInstance(schema, walk, here)
    case 'integer':
      return numberInstance(schema, true, place.variant)
    case 'number':
      return numberInstance(schema, false, place.variant)
    case 'boolean':
      return place.variant % 2 === 0
    case 'null':
      return null
    default:
      return stringInstance(schema, place.name, place.variant, replyTextFor(place.name, walk))
  }
}

function replyTextFor(name: string, walk: Walk): string | undefined {
  return name === '' || replyFields.has(name.toLowerCase()) ? walk.replyText : undefined
}

/** The schema's type, lower-cased (Gemini writes `OBJECT`), the first non-null one of a list, else guessed from its keywords. */
function typeOf(schema: Schema): string | undefined {
  const declared = schema.type
  const types = (Array.isArray(declared) ? declared : [declared])
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.toLowerCase())
    .filter((t) => t !== 'type_unspecified')
  const type = types.find((t) => t !== 'null') ?? types[0]
  if (type !== undefined) return type
  if (isNullSchema(schema)) return 'null'
  if (isRecord(schema.properties) || Array.isArray(schema.required) || schema.additionalProperties !== undefined) return 'object'
  if (schema.items !== undefined || schema.prefixItems !== undefined) return 'array'
  if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].some((k) => schema[k] !== undefined)) return 'number'
  return undefined
}

function objectInstance(schema: Schema, walk: Walk, place: Place): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {}
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : [])
  const extra = schema.additionalProperties
  const out: Record<string, unknown> = {}
  const put = (key: string, sub: unknown) => {
    const value = instanceOf(sub, walk, { ...place, name: key, depth: place.depth + 1 })
    // defineProperty, so that a property named `__proto__` is a property.
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  }

  for (const key of ordered(Object.keys(properties), schema.propertyOrdering)) {
    if (required.has(key) || !place.simple) put(key, properties[key])
  }
  if (extra !== false) {
    for (const key of required) if (!Object.hasOwn(out, key)) put(key, isRecord(extra) ? extra : {})
    const minProperties = Math.min(numeric(schema.minProperties) ?? 0, maxArrayItems)
    for (let n = 1; Object.keys(out).length < minProperties; n++) {
      if (!Object.hasOwn(out, `key${n}`)) put(`key${n}`, isRecord(extra) ? extra : {})
    }
  }
  return out
}

/** Property names in Gemini's `propertyOrdering` first (as it orders its output), then the rest as declared. */
function ordered(keys: string[], ordering: unknown): string[] {
  if (!Array.isArray(ordering)) return keys
  const first = ordering.filter((key): key is string => typeof key === 'string' && keys.includes(key))
  return [...new Set([...first, ...keys])]
}

function arrayInstance(schema: Schema, walk: Walk, place: Place): unknown[] {
  // 2020-12 tuples are `prefixItems` + `items`; drafts 4–2019 wrote them as an `items` list + `additionalItems`.
  const tupleItems = Array.isArray(schema.items)
  const prefix: unknown[] = Array.isArray(schema.prefixItems) ? schema.prefixItems : tupleItems ? (schema.items as unknown[]) : []
  const rest = tupleItems ? schema.additionalItems : schema.items
  const minItems = Math.min(numeric(schema.minItems) ?? 0, maxArrayItems)
  const maxItems = numeric(schema.maxItems) ?? Number.POSITIVE_INFINITY
  let count = place.simple ? minItems : Math.max(minItems, 1, prefix.length)
  if (rest === false) count = Math.min(count, prefix.length)
  count = Math.max(0, Math.min(count, maxItems))

  const items: unknown[] = []
  for (let i = 0; i < count; i++) {
    const sub = i < prefix.length ? prefix[i] : rest
    items.push(instanceOf(sub, walk, { ...place, depth: place.depth + 1, variant: place.variant + i }))
  }
  return items
}
