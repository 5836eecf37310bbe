import { jsonSchemaText } from '../../src/schema/json-schema-file.ts'
import { readFileSync } from 'node:fs'
import Ajv from 'ajv'
import { afterEach, describe, expect, it } from 'vitest'
import { scenarioJsonSchema } from '../../src/scenarios/scenario-json-schema.ts'
import { defaultWorld } from '../../src/world/default-world.ts'
import { worldJsonSchema } from '../../src/world/world-json-schema.ts'
import { runCliInProcess } from '../support/cli-in-process.ts'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin, fixture, inRepo } from '../support/paths.ts'

const run = (...args: string[]) => spawnCli(process.execPath, [bin, ...args])
const schemaFile = inRepo('schemas/world.schema.json')

interface JsonSchema {
  description?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  items?: JsonSchema
  if?: JsonSchema
  then?: JsonSchema
  else?: JsonSchema
}

/** Every property, at every depth, as a dotted path: what an editor completes and shows on hover. */
function properties(node: JsonSchema, path = ''): [string, JsonSchema][] {
  const found: [string, JsonSchema][] = []
  for (const [name, child] of Object.entries(node.properties ?? {}))
    found.push([`${path}.${name}`, child], ...properties(child, `${path}.${name}`))
  for (const branch of [...(node.anyOf ?? []), ...(node.if?.required ? [node.then, node.else] : [])])
    if (branch) found.push(...properties(branch, path))
  if (node.items) found.push(...properties(node.items, `${path}[]`))
  return found
}

describe('the world file JSON Schema', () => {
  it('ships schemas/world.schema.json exactly as the zod schemas generate it (npm run schema:write), in the package', () => {
    expect(readFileSync(schemaFile, 'utf8')).toBe(jsonSchemaText(worldJsonSchema()))
    const pkg = JSON.parse(readFileSync(inRepo('package.json'), 'utf8')) as { files: string[] }
    expect(pkg.files).toContain('schemas')
  })

  it('takes a patch on the default world or a whole world, told apart by "extends"', () => {
    const { if: condition, then: patch, else: whole } = worldJsonSchema() as JsonSchema
    expect(condition).toEqual({ required: ['extends'] })
    expect(patch!.required).toEqual(['extends'])
    expect(Object.keys(patch!.properties!)).toEqual([
      '$schema',
      'extends',
      'settings',
      'groups',
      'users',
      'tokens',
      'models',
      'redemptions',
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
    const patch = (worldJsonSchema() as JsonSchema).then!
    const all = Object.fromEntries(properties(patch))
    expect(all['.groups[].models']?.anyOf?.map((form) => Object.keys(form.properties ?? {}))).toEqual([[], ['add', 'remove']])
    expect(Object.keys(all['.every.models']?.properties ?? {})).toContain('contextWindow')
    expect(Object.keys(all['.every.models']?.properties ?? {})).not.toContain('id')
  })
})

// What an editor's JSON language server, or any generic validator, makes of the shipped file: a
// mistake deep inside either form of world file is reported at its field, not at the root as a
// file that matches no form. (Beside each, the branch's own summary: "should match then/else schema".)
describe('the world file JSON Schema, read by a generic validator (ajv)', () => {
  const validate = new Ajv({ allErrors: true, jsonPointers: true }).compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object)
  const mistakes = (world: unknown) => {
    validate(world)
    return (validate.errors ?? [])
      .filter((error) => error.keyword !== 'if')
      .map((error) => ({ at: error.dataPath, keyword: error.keyword, params: error.params }))
  }

  it("accepts the default world written whole, and the fixtures' patches", () => {
    expect(mistakes(JSON.parse(JSON.stringify(defaultWorld)))).toEqual([])
    for (const name of ['patch-world.json', 'weather-world.json', 'unpriced-world.json']) {
      expect(mistakes(JSON.parse(readFileSync(fixture(name), 'utf8')))).toEqual([])
    }
  })

  it('reports a misspelt field deep inside a whole world at that field', () => {
    const world = JSON.parse(JSON.stringify(defaultWorld)) as { models: Record<string, unknown>[] }
    world.models[1]!.contextWindw = 4096
    expect(mistakes(world)).toEqual([{ at: '/models/1', keyword: 'additionalProperties', params: { additionalProperty: 'contextWindw' } }])
  })

  it('reports mistakes deep inside a patch at their fields', () => {
    const patch = {
      extends: 'default',
      users: [{ id: 1, quoat: 10 }],
      tokens: [{ key: 'sk-vip', remainQuota: -5 }],
      models: [{ id: 'gpt-4o', reply: { type: 'text', txt: 'Hi' } }],
    }
    expect(mistakes(patch)).toEqual(
      expect.arrayContaining([
        { at: '/users/0', keyword: 'additionalProperties', params: { additionalProperty: 'quoat' } },
        { at: '/tokens/0/remainQuota', keyword: 'minimum', params: expect.objectContaining({ limit: 0 }) },
      ]),
    )
    expect(mistakes(patch).every((error) => error.at !== '')).toBe(true)
    expect(mistakes({ extends: 'defualt' })).toEqual([{ at: '/extends', keyword: 'const', params: { allowedValue: 'default' } }])
  })
})

describe('llm-gateway-mock schema', () => {
  let running: CliProcess | undefined
  afterEach(async () => {
    await running?.stop('SIGKILL')
    running = undefined
  })

  // In the test's process (test/support/cli-in-process.ts): what the command prints. The refusal
  // below starts the bin, for its exit code.
  it('prints the world file schema with "world", and the scenario file schema with "scenario" or nothing', async () => {
    expect(await runCliInProcess(['schema', 'world'])).toEqual({ code: 0, output: jsonSchemaText(worldJsonSchema()) })
    for (const args of [['schema', 'scenario'], ['schema']])
      expect(await runCliInProcess(args)).toEqual({ code: 0, output: jsonSchemaText(scenarioJsonSchema()) })
  })

  it('refuses an unknown kind with exit code 2, naming the choices', async () => {
    running = run('schema', 'wrold')
    expect(await running.exited).toBe(2)
    expect(running.output()).toMatch(/Choices: "scenario", "world"/)
  })
})
