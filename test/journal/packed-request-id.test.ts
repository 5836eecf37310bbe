import { describe, expect, it } from 'vitest'
import { createRequestId } from '../../src/http/request-id.ts'
import { packRequestId, unpackRequestId } from '../../src/journal/packed-request-id.ts'

describe('packRequestId', () => {
  it('packs an id just made to the numbers its text reads back as, and unpacks it', () => {
    const slots = new Float64Array(3 * 4)
    for (const now of [Date.UTC(2026, 11, 2, 10, 18, 53, 7), Date.UTC(1999, 0, 1), 0, 1_796_204_218_123.75]) {
      const first = createRequestId(now)
      expect(packRequestId(first, slots, 0)).toBe(true)
      const second = createRequestId(now + 1)
      expect(packRequestId(second, slots, 1)).toBe(true)
      // `first` is no longer the id just made: read from its text this time.
      expect(packRequestId(first, slots, 2)).toBe(true)
      expect([...slots.subarray(0, 3)]).toEqual([...slots.subarray(6, 9)])
      expect(unpackRequestId(slots, 0)).toBe(first)
      expect(unpackRequestId(slots, 1)).toBe(second)
    }
  })

  it('does not pack an id of another form, whether or not it was just made', () => {
    const slots = new Float64Array(3)
    expect(packRequestId(createRequestId(-1_500), slots, 0)).toBe(false)
    expect(packRequestId(createRequestId(Date.UTC(12_000, 0, 1)), slots, 0)).toBe(false)
    expect(packRequestId('req_123', slots, 0)).toBe(false)
  })
})
