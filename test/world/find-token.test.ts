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

  it('finds the record of a world loaded since, not the one before', async () => {
    const { world } = await createGateway()
    const before = world.findToken('Bearer sk-limited')!
    await world.load(resolveWorld())
    const after = world.findToken('Bearer sk-limited')
    expect(after?.key).toBe('sk-limited')
    expect(after).not.toBe(before)
  })

  it('finds a token created with a key that was unknown a moment before', async () => {
    const { world } = await createGateway()
    expect(world.findToken('Bearer sk-brand-new')).toBeUndefined()
    const template = world.findToken('Bearer sk-limited')!
    await world.tokens.create({ ...structuredClone(template), id: world.nextId('tokens'), key: 'sk-brand-new' })
    expect(world.findToken('Bearer sk-brand-new')?.key).toBe('sk-brand-new')
  })
})
