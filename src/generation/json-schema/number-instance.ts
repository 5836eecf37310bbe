import { numeric, type Schema } from './resolve-schema.ts'

// Candidates tried around the preferred value before giving up on a multipleOf.
const maxSteps = 1000

/**
 * A number (or integer) the schema accepts: `1 + variant` when the bounds allow it, else the
 * nearest value inside `minimum`/`maximum` and the exclusive bounds (the draft-4 boolean form
 * too), on a `multipleOf` step when there is one. Decimal steps are rounded to their own
 * precision, so `multipleOf: 0.1` gives `1`, not `1.0000000000000002`.
 */
export function numberInstance(schema: Schema, integer: boolean, variant: number): number {
  const bounds = boundsOf(schema)
  const inRange = (v: number) =>
    (bounds.lowExclusive ? v > bounds.low : v >= bounds.low) && (bounds.highExclusive ? v < bounds.high : v <= bounds.high)
  const target = nearest(1 + variant, bounds, inRange)

  const multipleOf = numeric(schema.multipleOf)
  const step = multipleOf !== undefined && multipleOf > 0 ? (integer ? integerStep(multipleOf) : multipleOf) : integer ? 1 : undefined
  if (step === undefined) return target
  const round = (v: number) => Number(v.toFixed(Math.min(decimals(step) + 2, 20)))
  const up = Math.ceil(target / step)
  const down = Math.floor(target / step)
  for (let i = 0; i < maxSteps; i++) {
    for (const k of [up + i, down - i]) {
      const v = round(k * step)
      if (inRange(v) && (!integer || Number.isInteger(v))) return v
    }
  }
  return integer ? Math.round(target) : target
}

interface Bounds {
  low: number
  lowExclusive: boolean
  high: number
  highExclusive: boolean
}

function boundsOf(schema: Schema): Bounds {
  let low = numeric(schema.minimum) ?? Number.NEGATIVE_INFINITY
  let high = numeric(schema.maximum) ?? Number.POSITIVE_INFINITY
  // Draft 4 spells exclusive bounds as booleans beside minimum/maximum; later drafts as numbers.
  let lowExclusive = schema.exclusiveMinimum === true
  let highExclusive = schema.exclusiveMaximum === true
  const exclusiveLow = numeric(schema.exclusiveMinimum)
  if (exclusiveLow !== undefined && exclusiveLow >= low) [low, lowExclusive] = [exclusiveLow, true]
  const exclusiveHigh = numeric(schema.exclusiveMaximum)
  if (exclusiveHigh !== undefined && exclusiveHigh <= high) [high, highExclusive] = [exclusiveHigh, true]
  return { low, lowExclusive, high, highExclusive }
}

/** `preferred` if in range, else the closest point of the range (its middle or one past an exclusive bound). */
function nearest(preferred: number, b: Bounds, inRange: (v: number) => boolean): number {
  if (inRange(preferred)) return preferred
  const bothFinite = Number.isFinite(b.low) && Number.isFinite(b.high)
  if (preferred < b.low || (b.lowExclusive && preferred === b.low)) {
    if (!b.lowExclusive) return b.low
    return bothFinite ? (b.low + b.high) / 2 : b.low + 1
  }
  if (!b.highExclusive) return b.high
  return bothFinite ? (b.low + b.high) / 2 : b.high - 1
}

/** The smallest multiple of `multipleOf` that is a whole number (0.5 → 1, 0.25 → 1, 3 → 3). */
function integerStep(multipleOf: number): number {
  for (let k = 1; k <= maxSteps; k++) {
    const v = Number((k * multipleOf).toFixed(Math.min(decimals(multipleOf) + 2, 20)))
    if (Number.isInteger(v)) return v
  }
  return multipleOf
}

function decimals(n: number): number {
  const [mantissa = '', exponent] = String(n).split('e')
  const fraction = mantissa.split('.')[1]?.length ?? 0
  return Math.max(0, fraction - Number(exponent ?? 0))
}
