import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { scenarioJsonSchema, scenarioJsonSchemaText } from '../src/scenarios/scenario-json-schema.ts'
import { worldJsonSchema, worldJsonSchemaText } from '../src/world/world-json-schema.ts'
import { spawnCli, type CliProcess } from './support/spawn-cli.ts'

const bin = new URL('../bin/llm-gateway-mock.js', import.meta.url).pathname
const run = (...args: string[]) => spawnCli(process.execPath, [bin, ...args])
const schemaFile = new URL('../schemas/world.schema.json', import.meta.url)

interface JsonSchema {
  description?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  items?: JsonSchema
}

/** Every property, at every depth, as a dotted path: what an editor completes and shows on hover. */
function properties(node: JsonSchema, path = ''): [string, JsonSchema][] {
  const found: [string, JsonSchema][] = []
  for (const [name, child] of Object.entries(node.properties ?? {}))
    found.push([`${path}.${name}`, child], ...properties(child, `${path}.${name}`))
  node.anyOf?.forEach((branch) => found.push(...properties(branch, path)))
  if (node.items) found.push(...properties(node.items, `${path}[]`))
  return found
}

describe('the world file JSON Schema', () => {
  it('ships schemas/world.schema.json exactly as the zod schemas generate it (npm run schema:write), in the package', () => {
    expect(readFileSync(schemaFile, 'utf8')).toBe(worldJsonSchemaText())
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { files: string[] }
    expect(pkg.files).toContain('schemas')
  })

  it('takes a patch on the default world or a whole world', () => {
    const [patch, whole] = (worldJsonSchema() as JsonSchema).anyOf!
    expect(patch!.required).toEqual(['extends'])
    expect(Object.keys(patch!.properties!)).toEqual([
      '$schema',
      'extends',
      'settings',
      'groups',
      'users',
      'tokens',
      'models',
      'every',
      'remove',
    ])
    expect(whole!.required).toEqual(['groups', 'users', 'tokens', 'models'])
    // An embedding model without its dimensions is flagged in the editor too, as the gateway refuses it.
    expect(whole!.properties!.models!.items).toMatchObject({
      if: { properties: { kind: { const: 'embedding' } } },
      then: { required: ['dimensions'] },
    })
  })

  it('describes every field of world and scenario files, for hovers in editors', () => {
    const scenarioFields = properties(scenarioJsonSchema() as JsonSchema)
    expect(scenarioFields.filter(([, schema]) => !schema.description).map(([path]) => path)).toEqual([])
    const all = properties(worldJsonSchema() as JsonSchema)
    expect(all.length).toBeGreaterThan(150)
    expect(all.filter(([, schema]) => !schema.description).map(([path]) => path)).toEqual([])
    expect(Object.fromEntries(all)['.models[].contextWindow']?.description).toMatch(/^The largest prompt \+ requested output, in tokens/)
  })

  it('offers {add, remove} on list fields and every field of a record under "every"', () => {
    const [patch] = (worldJsonSchema() as JsonSchema).anyOf!
    const all = Object.fromEntries(properties(patch!))
    expect(all['.groups[].models']?.anyOf?.map((form) => Object.keys(form.properties ?? {}))).toEqual([[], ['add', 'remove']])
    expect(Object.keys(all['.every.models']?.properties ?? {})).toContain('contextWindow')
    expect(Object.keys(all['.every.models']?.properties ?? {})).not.toContain('id')
  })
})

describe('llm-gateway-mock schema', () => {
  let running: CliProcess | undefined
  afterEach(async () => {
    await running?.stop('SIGKILL')
    running = undefined
  })

  it('prints the world file schema with "world", and the scenario file schema with "scenario" or nothing', async () => {
    running = run('schema', 'world')
    expect(await running.exited).toBe(0)
    expect(running.output()).toBe(worldJsonSchemaText())
    for (const args of [['schema', 'scenario'], ['schema']]) {
      running = run(...args)
      expect(await running.exited).toBe(0)
      expect(running.output()).toBe(scenarioJsonSchemaText())
    }
  })

  it('refuses an unknown kind with exit code 2, naming the choices', async () => {
    running = run('schema', 'wrold')
    expect(await running.exited).toBe(2)
    expect(running.output()).toMatch(/Choices: "scenario", "world"/)
  })
})
