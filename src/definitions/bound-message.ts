import type { z } from 'zod'
import { unitNote } from '../schema/value-units.ts'

type BoundIssue = (z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig) & { input?: unknown }

/**
 * A value outside its bounds, said as what to write instead: "-5 is too small: it must be 0 or
 * more (in units; 500 000 = 1 USD)", "must be from 400 to 599", "must not be empty". `schemas` are
 * those the value is checked against, read for an integer's bounds and a field's unit.
 */
export function boundMessage(issue: BoundIssue, schemas: readonly z.ZodType[]): string {
  const inUnit = unitNote(schemas)
  const small = issue.code === 'too_small'
  const limit = Number(small ? issue.minimum : issue.maximum)
  const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`
  switch (issue.origin) {
    case 'string':
      if (small && limit === 1) return 'must not be empty'
      return `must be ${small ? 'at least' : 'at most'} ${count(limit, 'character')}`
    case 'array':
    case 'set':
      return `needs ${small ? 'at least' : 'at most'} ${count(limit, 'item')}`
    case 'number':
    case 'int': {
      const integer = issue.origin === 'int' || schemas.some((schema) => (schema as { isInt?: boolean }).isInt === true)
      const range = numberRange(schemas)
      const expected =
        range ??
        (issue.inclusive
          ? `${limit} or ${small ? 'more' : 'less'}`
          : integer
            ? `${small ? limit + 1 : limit - 1} or ${small ? 'more' : 'less'}`
            : `${small ? 'more' : 'less'} than ${limit}`)
      return `${String(issue.input)} is too ${small ? 'small' : 'large'}: it must be ${expected}${inUnit}`
    }
    default:
      return issue.message
  }
}

/** "from 400 to 599" where the schema bounds both ends (and not by the safe-integer range alone). */
function numberRange(schemas: readonly z.ZodType[]): string | undefined {
  for (const schema of schemas) {
    const { minValue, maxValue } = schema as { minValue?: number | null; maxValue?: number | null }
    const bounded = (value: number | null | undefined): value is number =>
      typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER
    if (bounded(minValue) && bounded(maxValue)) return `from ${minValue} to ${maxValue}`
  }
  return undefined
}
