import { describe, expect, it } from 'vitest'
import { isoTimeOf } from '../../src/time/iso-time.ts'

// The journal's and the keys' times: what `Date.prototype.toISOString` gives, made from a prefix
// kept per second.
describe('isoTimeOf', () => {
  const expected = (now: number) => new Date(now).toISOString()

  it('is toISOString for times in the same second, the next one, and back again', () => {
    const base = Date.UTC(2026, 11, 2, 4, 37, 0)
    for (const now of [base, base + 7, base + 42, base + 999, base + 1000, base + 1001, base + 5, base - 1, base + 86_400_000]) {
      expect(isoTimeOf(now)).toBe(expected(now))
    }
  })

  it('pads the milliseconds and drops a fraction as Date does', () => {
    const base = Date.UTC(2025, 0, 1)
    for (const now of [base + 1, base + 10, base + 99, base + 100, base + 12.9, base + 999.999]) expect(isoTimeOf(now)).toBe(expected(now))
  })

  it('crosses a day, a year, and the epoch', () => {
    for (const now of [Date.UTC(2025, 11, 31, 23, 59, 59, 999), Date.UTC(2026, 0, 1), 0, 1, -1, -999, -1000, -1001, -1500.5]) {
      expect(isoTimeOf(now)).toBe(expected(now))
    }
  })

  it('writes the years toISOString writes with a sign', () => {
    for (const now of [Date.UTC(10_000, 0, 1, 0, 0, 0, 5), Date.UTC(-1, 5, 6, 7, 8, 9, 10), 8.64e15, -8.64e15]) {
      expect(isoTimeOf(now)).toBe(expected(now))
    }
  })

  it('throws for a time no Date can hold, as toISOString does', () => {
    expect(() => isoTimeOf(Number.NaN)).toThrow(RangeError)
    expect(() => isoTimeOf(8.64e15 + 1000)).toThrow(RangeError)
  })
})
