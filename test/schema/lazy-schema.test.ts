// lazySchema's schemas are built on first use, and make no zod object before it: what it returns
// becomes zod's `z.lazy` in place on its first read, so that it is the one object zod sees.
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { lazySchema } from '../../src/schema/lazy-schema.ts'

function counted() {
  let builds = 0
  const schema = lazySchema(() => {
    builds++
    return z.object({ name: z.string().describe('Who it is.'), age: z.int().nonnegative().optional() })
  })
  return { schema, builds: () => builds }
}

describe('a lazy schema', () => {
  it('is no zod object until first read, and builds its schema only when one is checked', () => {
    const { schema, builds } = counted()
    expect(Object.getPrototypeOf(Object.getPrototypeOf(schema))).not.toBe(z.ZodLazy.prototype)
    expect(builds()).toBe(0)
    expect(schema instanceof z.ZodType).toBe(true)
    expect(Object.getPrototypeOf(schema)).toBe(z.ZodLazy.prototype)
    expect(builds()).toBe(0)
    expect(schema.parse({ name: 'alice', age: 3 })).toEqual({ name: 'alice', age: 3 })
    expect(schema.safeParse({ name: 5 }).success).toBe(false)
    expect(builds()).toBe(1)
  })

  it('answers `in` before any read, and is then the schema', () => {
    const { schema } = counted()
    expect('_zod' in schema).toBe(true)
    expect(schema._zod.def.type).toBe('lazy')
  })

  it('is the very object zod keeps where it is used, so that JSON Schema and registries see one schema', () => {
    const { schema } = counted()
    const outer = z.object({ person: schema, people: z.array(schema) })
    expect(outer.shape.person).toBe(schema)
    const registry = z.registry<{ note: string }>()
    registry.add(schema, { note: 'a person' })
    expect(registry.get(outer.shape.person)?.note).toBe('a person')
    const json = z.toJSONSchema(outer, { io: 'input', reused: 'inline' }) as { properties: Record<string, { properties?: object }> }
    expect(json.properties.person!.properties).toHaveProperty('name', { type: 'string', description: 'Who it is.' })
    expect(outer.parse({ person: { name: 'a' }, people: [{ name: 'b', age: 1 }] })).toEqual({
      person: { name: 'a' },
      people: [{ name: 'b', age: 1 }],
    })
  })

  it('unwraps to the same built schema every time', () => {
    const { schema, builds } = counted()
    expect(schema.unwrap()).toBe(schema.unwrap())
    expect(builds()).toBe(1)
  })
})
