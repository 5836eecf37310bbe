import { describe, expect, it } from 'vitest'
import { createGateway, defaultWorld, resolveWorld, WorldError } from '../src/index.ts'
import { loadWorldFile } from '../src/node/index.ts'

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname

describe('world definitions', () => {
  it('resolves the default world with every default filled in', () => {
    const world = resolveWorld()
    expect(world.tokens.find((token) => token.key === 'sk-limited')).toMatchObject({
      status: 'enabled',
      group: null,
      unlimitedQuota: false,
    })
    expect(world.models.find((model) => model.id === 'unpriced-model')?.pricing).toBeNull()
  })

  it('patches the default world: merges fields, adds records, removes by identity', async () => {
    const world = await loadWorldFile(fixture('patch-world.json'))
    expect(world.models.find((model) => model.id === 'gpt-4o-mini')).toMatchObject({ contextWindow: 8192, ownedBy: 'openai' })
    expect(world.models.find((model) => model.id === 'house-model')).toMatchObject({ ownedBy: 'acme', contextWindow: 128_000 })
    expect(world.tokens.map((token) => token.key)).not.toContain('sk-disabled')
    const gateway = await createGateway({ world })
    expect(gateway.world.findGroup('default')?.models).toEqual(['gpt-4o-mini', 'house-model'])
    expect(gateway.world.findToken('sk-disabled')).toBeUndefined()
  })

  it('rejects a bad file naming the file, the path and what was expected', async () => {
    const error = await loadWorldFile(fixture('bad-world.json')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WorldError)
    expect((error as WorldError).issues).toEqual([
      { path: 'tokens[8].userId', message: 'expected the id of a user in "users", got 9' },
      { path: 'tokens[8].modelLimits[0]', message: 'expected the id of a model in "models", got "gpt-5"' },
    ])
    expect((error as Error).message).toContain(`Invalid world ${fixture('bad-world.json')}:`)
  })

  it('reports schema errors with their path inside the patch', () => {
    const attempt = () => resolveWorld({ extends: 'default', models: [{ id: 'x', contextWindow: -1 }] } as never, 'inline.json')
    expect(attempt).toThrow(WorldError)
    expect(attempt).toThrow(/models\[0\]\.contextWindow: Too small/)
  })

  it('requires an embedding model to give its dimensions, and defaults other models to chat', () => {
    const attempt = () => resolveWorld({ extends: 'default', models: [{ id: 'my-embedder', kind: 'embedding' }] }, 'inline.json')
    expect(attempt).toThrow(/models\[0\]\.dimensions: an embedding model needs its dimensions/)
    const world = resolveWorld({ extends: 'default', models: [{ id: 'my-embedder', kind: 'embedding', dimensions: 8 }, { id: 'my-chat' }] })
    expect(world.models.find((model) => model.id === 'my-embedder')).toMatchObject({ kind: 'embedding', dimensions: 8 })
    expect(world.models.find((model) => model.id === 'my-chat')?.kind).toBe('chat')
  })

  it('rejects unknown fields in a whole world', () => {
    expect(() => resolveWorld({ ...defaultWorld, colour: 'blue' } as never, 'w.json')).toThrow(/\(root\): Unrecognized key: "colour"/)
  })

  it('rejects a token pinned to a group its owner may not use', () => {
    const world = structuredClone(defaultWorld) as unknown as { tokens: unknown[] }
    world.tokens.push({ key: 'sk-sneaky', name: 'sneaky', group: 'vip', userId: 2 } as never)
    expect(() => resolveWorld(world as never)).toThrow(/tokens\[8\]\.group: user carol may not use group "vip"/)
  })

  it('loads a TypeScript world file through tsx', async () => {
    const world = await loadWorldFile(fixture('typed-world.ts'))
    expect(world.settings.selfUseMode).toBe(true)
    expect(world.tokens.at(-1)).toMatchObject({ key: 'sk-typed', unlimitedQuota: true })
  })

  it('rejects files that are not JSON or modules', async () => {
    await expect(loadWorldFile('world.yaml')).rejects.toThrow('expected a .json, .ts or .js file')
    await expect(loadWorldFile(fixture('missing.json'))).rejects.toThrow('cannot read the file (ENOENT)')
  })

  it('gives createGateway the same validation', async () => {
    await expect(createGateway({ world: { extends: 'default', groups: [{ name: 'vip', models: ['nope'] }] } })).rejects.toThrow(
      /Invalid world passed to createGateway:\n {2}- groups\[1\]\.models\[0\]: expected the id of a model/,
    )
  })
})
