import { chargeQuota } from '../billing/charge-quota.ts'
import { quotaCost, type TokenUsage } from '../billing/quota-cost.ts'
import type { AdmittedRequest } from './admitted-request.ts'

/**
 * Debits what an admitted request costs (its usage, or what a scenario's `reply.usage` says
 * instead, at the model's price through its group), and notes the usage and the debit for the
 * request log. `calls` multiplies a per-call price (images asked for, by size and quality).
 * Returns the usage charged.
 */
export function chargeRequest(context: AdmittedRequest, counted: TokenUsage, calls = 1): TokenUsage {
  const { model, group, action } = context.admission
  const scripted = action.reply?.usage
  const usage = {
    promptTokens: scripted?.promptTokens ?? counted.promptTokens,
    completionTokens: scripted?.completionTokens ?? counted.completionTokens,
  }
  const cost = quotaCost(model, group?.ratio ?? 1, usage, calls)
  chargeQuota(context.auth.token, context.auth.user, context.auth.maskedKey, cost)
  context.note.usage = usage
  context.note.quota = cost
  return usage
}
