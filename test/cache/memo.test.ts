import { describe, expect, it } from 'vitest'
import { memo } from '../../src/cache/memo.ts'

// The memo behind encoding, validation and composing replies (src/cache/memo.ts): a pure cache,
// so what it may change is only how often `compute` runs.

describe('memo', () => {
  it('computes a key once, and again once it was evicted as the least recently used', () => {
    const known = memo<number>(4)
    const computed: string[] = []
    const get = (key: string) => known(key, () => (computed.push(key), key.length))
    for (const key of ['a', 'bb', 'a', 'ccc', 'a', 'dddd']) get(key)
    expect(computed).toEqual(['a', 'bb', 'ccc', 'dddd'])
    // Past half full, a hit keeps the key: 'bb' is the least recently used when 'eeeee' comes.
    get('a')
    get('eeeee')
    get('a')
    expect(computed).toEqual(['a', 'bb', 'ccc', 'dddd', 'eeeee'])
    get('bb')
    expect(computed).toEqual(['a', 'bb', 'ccc', 'dddd', 'eeeee', 'bb'])
  })

  it('does not keep keys longer than its limit', () => {
    const known = memo<number>(4, 3)
    let runs = 0
    for (let i = 0; i < 3; i++) known('long key', () => ++runs)
    expect(runs).toBe(3)
  })
})
