import { describe, expect, it } from 'vitest'
import { keysInOrder, leftOut } from '../../src/journal/keys-in-order.ts'

describe('keysInOrder', () => {
  const names = ['a', 'b', 'c', 'd']
  const optional = leftOut(names, ['b', 'd'])
  const check = (object: object) => keysInOrder(object, names, optional)

  it('passes the names in order, with or without those that may be left out', () => {
    expect(check({ a: 1, b: 2, c: 3, d: 4 })).toBe(true)
    expect(check({ a: 1, c: 3 })).toBe(true)
    expect(check({ a: 1, b: 2, c: 3 })).toBe(true)
    expect(check({ a: 1, c: 3, d: 4 })).toBe(true)
  })

  it('fails another order, a missing name that may not be left out, or a name of its own', () => {
    expect(check({ c: 3, a: 1 })).toBe(false)
    expect(check({ a: 1, b: 2 })).toBe(false)
    expect(check({ b: 2, c: 3 })).toBe(false)
    expect(check({ a: 1, c: 3, e: 5 })).toBe(false)
    expect(check({ a: 1, c: 3, d: 4, b: 2 })).toBe(false)
  })

  it('with nothing to leave out, wants every name', () => {
    const both = ['x', 'y']
    expect(keysInOrder({ x: 1, y: 2 }, both, leftOut(both))).toBe(true)
    expect(keysInOrder({ x: 1 }, both, leftOut(both))).toBe(false)
    expect(keysInOrder({}, both, leftOut(both))).toBe(false)
    expect(keysInOrder({}, [], [])).toBe(true)
  })
})
