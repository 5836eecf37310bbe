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
 * mode) and zero ratios are free.
 */
export function quotaCost(model: Model, groupRatio: number, usage: TokenUsage): number {
  const pricing = model.pricing
  if (pricing === null || groupRatio === 0) return 0
  if ('pricePerCall' in pricing) return Math.round(pricing.pricePerCall * quotaPerUnit * groupRatio)
  if (pricing.ratio === 0) return 0
  const weighted = usage.promptTokens + usage.completionTokens * pricing.completionRatio
  return Math.max(1, Math.round(weighted * pricing.ratio * groupRatio))
}
