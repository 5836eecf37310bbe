import { tokenAuth } from '../../auth/token-auth.ts'
import { json } from '../../gateway/reply.ts'
import { defineRoute, type Route } from '../../gateway/route.ts'
import type { TokenAuth } from '../../auth/token-auth.ts'
import { unitsToUsd } from '../../world/quota-units.ts'

// What the gateway reports as the limit of a key with unlimited quota.
const unlimitedUsd = 100_000_000

/** The OpenAI-compatible billing routes balance widgets call, per key, under `/v1/dashboard` and `/dashboard`. */
function billingRoutes(prefix: string): Route<TokenAuth>[] {
  return [
    defineRoute({
      method: 'GET',
      path: `${prefix}/billing/subscription`,
      surface: 'openai',
      auth: tokenAuth(['bearer']),
      handle({ auth: { token } }) {
        const limit = token.unlimitedQuota ? unlimitedUsd : unitsToUsd(token.remainQuota + token.usedQuota)
        return json({
          object: 'billing_subscription',
          has_payment_method: true,
          soft_limit_usd: limit,
          hard_limit_usd: limit,
          system_hard_limit_usd: limit,
          access_until: token.expiresAt === null ? 0 : Math.floor(Date.parse(token.expiresAt) / 1000),
        })
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${prefix}/billing/usage`,
      surface: 'openai',
      auth: tokenAuth(['bearer']),
      // In cents, as OpenAI's old billing API reported it; start_date/end_date are ignored, as the gateway does.
      handle: ({ auth: { token } }) => json({ object: 'list', total_usage: unitsToUsd(token.usedQuota) * 100 }),
    }),
  ]
}

export const openAIBillingRoutes = [...billingRoutes('/v1/dashboard'), ...billingRoutes('/dashboard')]
