import { describe, expect, it } from 'vitest'
import { createGateway, resolveWorld } from '../../src/index.ts'

// findToken answers a key presented again from the last lookup: these are the ways that answer
// could go stale, each of which must look the key up anew.
describe('World.findToken', () => {
  it('finds a key in each spelling the gateway accepts, the same record each time', async () => {
    const { world } = await createGateway()
    const token = world.findToken('Bearer sk-unrestricted')
    expect(token?.key).toBe('sk-unrestricted')
    expect(world.findToken('Bearer sk-unrestricted')).toBe(token)
    expect(world.findToken('sk-unrestricted')).toBe(token)
    expect(world.findToken('unrestricted')).toBe(token)
    expect(world.findToken('Bearer sk-unrestricted')).toBe(token)
    expect(world.findToken('Bearer sk-nobody')).toBeUndefined()
  })

  it('does not find a key whose token was deleted since', async () => {
    const { world } = await createGateway()
    const token = world.findToken('Bearer sk-limited')!
    await world.tokens.delete((q) => q.where({ id: token.id }))
    expect(world.findToken('Bearer sk-limited')).toBeUndefined()
  })

  it('follows a key changed in place: the old one is unknown, the new one found', async () => {
    const { world } = await createGateway()
    const token = world.findToken('Bearer sk-limited')!
    token.key = 'sk-renamed'
    expect(world.findToken('Bearer sk-limited')).toBeUndefined()
    expect(world.findToken('Bearer sk-renamed')).toBe(token)
  })

  it('finds a token created with a key that was unknown a moment before', async () => {
    const { world } = await createGateway()
    expect(world.findToken('Bearer sk-brand-new')).toBeUndefined()
    const template = world.findToken('Bearer sk-limited')!
    await world.tokens.create({ ...structuredClone(template), id: world.nextId('tokens'), key: 'sk-brand-new' })
    expect(world.findToken('Bearer sk-brand-new')?.key).toBe('sk-brand-new')
  })
})

// findModel checks first where it found a model last: these are the ways that place could go stale.
describe('World.findModel', () => {
  it('finds each model, the same record each time, and not a model the world lacks', async () => {
    const { world } = await createGateway()
    const model = world.findModel('gpt-4o')
    expect(model?.id).toBe('gpt-4o')
    expect(world.findModel('gpt-4o')).toBe(model)
    expect(world.findModel('no-such-model')).toBeUndefined()
  })

  it('still finds a model once a model before it is deleted and the records move up', async () => {
    const { world } = await createGateway()
    const ids = world.models.all().map((model) => model.id)
    const last = ids.at(-1)!
    const record = world.findModel(last)
    await world.models.delete((q) => q.where({ id: ids[0]! }))
    expect(world.findModel(ids[0]!)).toBeUndefined()
    expect(world.findModel(last)).toBe(record)
  })

  it('finds the record an update put in place of the one found before', async () => {
    const { world } = await createGateway()
    const before = world.findModel('gpt-4o')!
    await world.models.update((q) => q.where({ id: 'gpt-4o' }), {
      data(model) {
        model.ownedBy = 'someone-else'
      },
    })
    const after = world.findModel('gpt-4o')
    expect(after?.ownedBy).toBe('someone-else')
    expect(world.models.all()).toContain(after)
    expect(before.ownedBy).not.toBe('someone-else')
  })

  it('follows a model renamed in place: the old id is unknown, the new one found', async () => {
    const { world } = await createGateway()
    const model = world.findModel('gpt-4o')!
    model.id = 'gpt-4o-renamed'
    expect(world.findModel('gpt-4o')).toBeUndefined()
    expect(world.findModel('gpt-4o-renamed')).toBe(model)
  })
})

describe('a world loaded since', () => {
  it('is what findToken and findModel answer from, not the records before', async () => {
    const { world } = await createGateway()
    const token = world.findToken('Bearer sk-limited')!
    const model = world.findModel('gpt-4o')
    await world.load(resolveWorld())
    const tokenAfter = world.findToken('Bearer sk-limited')
    expect(tokenAfter?.key).toBe('sk-limited')
    expect(tokenAfter).not.toBe(token)
    const modelAfter = world.findModel('gpt-4o')
    expect(modelAfter?.id).toBe('gpt-4o')
    expect(modelAfter).not.toBe(model)
  })
})
