import { zodOutputFormat as anthropicFormat } from '@anthropic-ai/sdk/helpers/zod'
import { zodSchema } from 'ai'
import { zodOutputFormat as anthropicV0Format } from 'anthropic-sdk-v0/helpers/zod'
import { zodResponseFormat } from 'openai/helpers/zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { exampleArguments } from '../../../src/generation/example-arguments.ts'
import { schemaInstance } from '../../../src/generation/json-schema/json-schema-instance.ts'

// The validator is zod's own JSON Schema reader (z.fromJSONSchema): it checks types, required
// and additional properties, $ref/$defs/definitions, anyOf/oneOf/allOf, formats, patterns,
// lengths, bounds and multipleOf, which is what the generator must satisfy. Schemas written in
// zod are converted with z.toJSONSchema, as the SDKs do, and the instance is also parsed by the
// zod schema itself.

const address = z.object({ street: z.string(), city: z.string(), zip: z.string().regex(/^\d{5}$/) })

const fromZod: [string, z.ZodType][] = [
  [
    'nested object, enum, array, optional, nullable, shared sub-schema',
    z.object({
      name: z.string(),
      role: z.enum(['admin', 'user']),
      tags: z.array(z.string()).min(2).max(3),
      nickname: z.string().optional(),
      manager: z.string().nullable(),
      home: address,
      work: address,
    }),
  ],
  [
    'what openai strict mode takes: optional as nullish, nullable, nested, enum',
    z.object({
      title: z.string(),
      genre: z.enum(['fiction', 'poetry']),
      subtitle: z.string().nullish(),
      author: z.object({ name: z.string(), born: z.int().min(1000).max(2100).nullable() }),
      chapters: z.array(z.object({ number: z.int().positive(), title: z.string() })).min(1),
    }),
  ],
  [
    'string formats and lengths',
    z.object({
      at: z.iso.datetime(),
      day: z.iso.date(),
      clock: z.iso.time(),
      mail: z.email(),
      site: z.url(),
      id: z.uuid(),
      guid: z.guid(),
      ip: z.ipv4(),
      ip6: z.ipv6(),
      short: z.string().max(4),
      long: z.string().min(40),
      code: z.string().regex(/^[A-Z]{3}-\d{4}$/),
    }),
  ],
  [
    'numbers: bounds, exclusive bounds, multipleOf, integers',
    z.object({
      count: z.int().min(10).max(20),
      positive: z.number().positive(),
      negative: z.number().negative(),
      fraction: z.number().gt(0).lt(1),
      step: z.number().multipleOf(0.25).min(2),
      sevens: z.int().multipleOf(7).min(50),
      big: z.int().min(1_000_000),
    }),
  ],
  [
    'unions, literals, discriminated unions, records, tuples',
    z.object({
      either: z.union([z.string(), z.number()]),
      literal: z.literal('fixed'),
      shape: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('circle'), radius: z.number() }),
        z.object({ kind: z.literal('square'), side: z.number() }),
      ]),
      scores: z.record(z.string(), z.number()),
      pair: z.tuple([z.string(), z.int()]),
      flag: z.boolean(),
      nothing: z.null(),
    }),
  ],
  ['a top-level array of objects', z.array(z.object({ id: z.int(), label: z.string() })).min(1)],
  ['strict (no additional properties) nested objects', z.strictObject({ inner: z.strictObject({ value: z.string() }) })],
]

type Tree = { value: number; children: Tree[] }
const tree: z.ZodType<Tree> = z.object({
  value: z.number(),
  get children() {
    return z.array(tree)
  },
})
type List = { head: string; next: List | null }
const list: z.ZodType<List> = z.object({
  head: z.string(),
  get next() {
    return list.nullable()
  },
})
fromZod.push(['a recursive tree ($ref to itself)', tree], ['a recursive linked list ended by null', list])

const jsonSchemas: [string, Record<string, unknown>][] = [
  [
    'draft-07 definitions and $ref with siblings',
    {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] } },
      type: 'object',
      properties: { from: { $ref: '#/definitions/point' }, to: { $ref: '#/definitions/point', description: 'the end' } },
      required: ['from', 'to'],
      additionalProperties: false,
    },
  ],
  [
    'allOf merging properties, required and bounds',
    {
      allOf: [
        { type: 'object', properties: { a: { type: 'integer', minimum: 3 } }, required: ['a'] },
        { properties: { a: { maximum: 5 }, b: { type: 'string', minLength: 3 } }, required: ['b'] },
      ],
    },
  ],
  [
    'oneOf with a null branch, type lists with null, const',
    {
      type: 'object',
      properties: {
        maybe: { oneOf: [{ type: 'null' }, { type: 'string', format: 'email' }] },
        either: { type: ['null', 'integer'], minimum: 2 },
        version: { const: 3 },
      },
      required: ['maybe', 'either', 'version'],
    },
  ],
  [
    'arrays: prefixItems, uniqueItems, maxItems 0, minItems',
    {
      type: 'object',
      properties: {
        tuple: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'boolean' }], items: false },
        unique: { type: 'array', items: { type: 'integer' }, minItems: 3, uniqueItems: true },
        colours: { type: 'array', items: { enum: ['red', 'green', 'blue'] }, minItems: 3, uniqueItems: true },
        none: { type: 'array', items: { type: 'string' }, maxItems: 0 },
      },
      required: ['tuple', 'unique', 'colours', 'none'],
    },
  ],
  [
    'patterns: classes, negated classes, groups, alternation, quantifiers, named groups',
    {
      type: 'object',
      properties: {
        sku: { type: 'string', pattern: '^[A-Z]{2,3}-\\d{4}(?:-[a-z]+)?$' },
        hex: { type: 'string', pattern: '^#(?:[0-9a-fA-F]{3}){1,2}$' },
        word: { type: 'string', pattern: '^(cat|dog)s?$' },
        free: { type: 'string', pattern: '^[^\\s@]+$', minLength: 12 },
        semver: { type: 'string', pattern: '^\\d+\\.\\d+\\.\\d+$' },
        named: { type: 'string', pattern: '^(?<year>\\d{4})/(?<n>\\d+)$' },
      },
      required: ['sku', 'hex', 'word', 'free', 'semver', 'named'],
    },
  ],
  [
    'minProperties and additionalProperties schemas',
    { type: 'object', additionalProperties: { type: 'integer' }, minProperties: 2, required: ['first'] },
  ],
  [
    'a $ref chain and JSON pointer escapes',
    { $defs: { 'a/b': { $ref: '#/$defs/c~0d' }, 'c~d': { type: 'string', maxLength: 3 } }, $ref: '#/$defs/a~1b' },
  ],
]

/** Gemini's OpenAPI-style Schema read as the JSON Schema it means, for the validator. */
function geminiToJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(geminiToJsonSchema)
  if (typeof schema !== 'object' || schema === null) return schema
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && typeof value === 'string') out.type = value.toLowerCase()
    else if (key === 'propertyOrdering' || key === 'nullable') continue
    else if (/^(min|max)(Items|Length|Properties)$/.test(key)) out[key] = Number(value)
    else if (key === 'properties')
      out.properties = Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, geminiToJsonSchema(v)]))
    else out[key] = geminiToJsonSchema(value)
  }
  if ((schema as { nullable?: boolean }).nullable === true && typeof out.type === 'string') out.type = [out.type, 'null']
  return out
}

const geminiSchemas: [string, Record<string, unknown>][] = [
  [
    'OBJECT with nullable, enum format, counts as strings, propertyOrdering',
    {
      type: 'OBJECT',
      properties: {
        title: { type: 'STRING' },
        rating: { type: 'INTEGER', minimum: 1, maximum: 5 },
        mood: { type: 'STRING', format: 'enum', enum: ['happy', 'sad'] },
        note: { type: 'STRING', nullable: true },
        tags: { type: 'ARRAY', items: { type: 'STRING' }, minItems: '2', maxItems: '4' },
        when: { type: 'STRING', format: 'date-time' },
        score: { type: 'NUMBER' },
        done: { type: 'BOOLEAN' },
      },
      required: ['title', 'rating', 'mood', 'tags'],
      propertyOrdering: ['when', 'title', 'rating'],
    },
  ],
  ['anyOf and a top-level ARRAY', { type: 'ARRAY', items: { anyOf: [{ type: 'INTEGER' }, { type: 'STRING' }] }, minItems: '1' }],
]

describe('schemaInstance', () => {
  it.each(fromZod)('gives a valid instance of a zod schema: %s', (_, schema) => {
    const jsonSchema = z.toJSONSchema(schema)
    const value = schemaInstance(jsonSchema)
    expect(schema.safeParse(value).error).toBeUndefined()
    expect(z.fromJSONSchema(jsonSchema as never).safeParse(value).error).toBeUndefined()
    expect(schemaInstance(jsonSchema)).toEqual(value)
  })

  it.each(fromZod)('fits the schemas the SDKs send for it (openai strict, AI SDK, Anthropic 1.x and 0.x): %s', async (_, schema) => {
    const sent: Record<string, unknown> = { 'ai zodSchema': await zodSchema(schema).jsonSchema }
    const converters = {
      'openai zodResponseFormat': () => zodResponseFormat(schema, 'answer').json_schema.schema,
      'anthropic zodOutputFormat': () => anthropicFormat(schema).schema,
      // 0.x also moves enum and const into the description.
      'anthropic 0.x zodOutputFormat': () => anthropicV0Format(schema).schema,
    }
    for (const [client, convert] of Object.entries(converters)) {
      try {
        sent[client] = convert()
      } catch {
        // The SDK refuses some shapes for strict structured output (records, tuples): nothing is sent.
      }
    }
    for (const [client, jsonSchema] of Object.entries(sent)) {
      const value = schemaInstance(jsonSchema)
      expect(schema.safeParse(value).error, client).toBeUndefined()
      expect(z.fromJSONSchema(jsonSchema as never).safeParse(value).error, client).toBeUndefined()
    }
  })

  it.each(jsonSchemas)('gives a valid instance of a JSON Schema: %s', (_, schema) => {
    const value = schemaInstance(schema)
    expect(z.fromJSONSchema(schema as never).safeParse(value).error).toBeUndefined()
  })

  it.each(geminiSchemas)('reads Gemini Schemas: %s', (_, schema) => {
    const value = schemaInstance(schema)
    expect(z.fromJSONSchema(geminiToJsonSchema(schema) as never).safeParse(value).error).toBeUndefined()
  })

  it('orders properties as propertyOrdering says, then as declared', () => {
    expect(Object.keys(schemaInstance(geminiSchemas[0]![1]) as object)).toEqual([
      'when',
      'title',
      'rating',
      'mood',
      'note',
      'tags',
      'score',
      'done',
    ])
  })

  it('includes optional properties, gives nullable ones a value, and ends recursion with the fewest items', () => {
    expect(schemaInstance(z.toJSONSchema(fromZod[0]![1]))).toMatchObject({ nickname: 'mock nickname', manager: 'mock manager' })
    expect(schemaInstance(z.toJSONSchema(tree))).toEqual({ value: 1, children: [{ value: 1, children: [] }] })
    expect(schemaInstance(z.toJSONSchema(list))).toEqual({ head: 'mock head', next: null })
  })

  it('puts the reply text in reply-like string fields and a top-level string, "mock <name>" elsewhere', () => {
    const schema = {
      type: 'object',
      properties: { answer: { type: 'string' }, city: { type: 'string' }, Summary: { type: 'string', maxLength: 5 } },
    }
    expect(schemaInstance(schema, { replyText: 'It is sunny.' })).toEqual({ answer: 'It is sunny.', city: 'mock city', Summary: 'It is' })
    expect(schemaInstance({ type: 'STRING' }, { replyText: 'Plain.' })).toBe('Plain.')
  })

  it('stays bounded on deep, wide and hostile schemas', () => {
    let deep: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 900; i++) deep = { type: 'object', properties: { d: deep }, required: ['d'] }
    expect(() => JSON.stringify(schemaInstance(deep))).not.toThrow()

    const wide = { $defs: {} as Record<string, unknown>, $ref: '#/$defs/l0' }
    for (let i = 0; i < 20; i++) {
      const next = i === 19 ? { type: 'string' } : { $ref: `#/$defs/l${i + 1}` }
      wide.$defs[`l${i}`] = { type: 'object', properties: { a: next, b: next, c: next }, required: ['a', 'b', 'c'] }
    }
    expect(JSON.stringify(schemaInstance(wide)).length).toBeLessThan(5_000_000)

    expect(schemaInstance({ $ref: '#' })).toBe('mock value')
    expect(schemaInstance({ $ref: '#/$defs/missing' })).toBe('mock value')
    expect(schemaInstance({ type: 'array', items: { type: 'string' }, minItems: 1e9 })).toHaveLength(1000)
    expect(schemaInstance({ type: 'string', pattern: '(a+)+(?=b)' })).toBe('mock value')
  })

  it('gives tool arguments that are always an object', () => {
    expect(exampleArguments({ type: 'string' })).toEqual({})
    expect(exampleArguments(undefined)).toEqual({})
    const proto = exampleArguments(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'))
    expect(JSON.stringify(proto)).toBe('{"__proto__":"mock __proto__"}')
  })
})
