import { quotaPerUnit } from '../world/quota-units.ts'
import type { Model } from '../world/schemas.ts'

export interface TokenUsage {
  promptTokens: number
  completionTokens: number
}

/**
 * What a generation costs in quota units (new-api's formula):
 * `(prompt + completion × completionRatio) × modelRatio × groupRatio`, at least 1 when it is
 * not free; a per-call price is `price × 500 000 × groupRatio`. Unpriced models (self-use
 * mode) and zero ratios are free. `calls` multiplies a per-call price (new-api's "other ratios":
 * the images asked for, their size and quality).
 */
export function quotaCost(model: Model, groupRatio: number, usage: TokenUsage, calls = 1): number {
  const pricing = model.pricing
  if (pricing === null || groupRatio === 0) return 0
  if ('pricePerCall' in pricing) return Math.round(pricing.pricePerCall * calls * quotaPerUnit * groupRatio)
  if (pricing.ratio === 0) return 0
  const weighted = usage.promptTokens + usage.completionTokens * pricing.completionRatio
  return Math.max(1, Math.round(weighted * pricing.ratio * groupRatio))
}
