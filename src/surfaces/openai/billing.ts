import { tokenAuth, type TokenAuth } from '../../auth/token-auth.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute, type Route } from '../../pipeline/route.ts'
import { unitsToUsd } from '../../world/quota-units.ts'

// What the gateway reports as the limit of a key with unlimited quota.
const unlimitedUsd = 100_000_000

/** The OpenAI-compatible billing routes balance widgets call, per key, under `/v1/dashboard` and `/dashboard`. */
function billingRoutes(prefix: string): Route<TokenAuth, undefined>[] {
  const idPrefix = prefix === '/dashboard' ? 'openai.legacy_billing' : 'openai.billing'
  return [
    defineRoute({
      id: `${idPrefix}_subscription`,
      method: 'GET',
      path: `${prefix}/billing/subscription`,
      surface: 'openai',
      auth: tokenAuth('openai'),
      banner: prefix === '/v1/dashboard' ? "the key's limit in USD (also without /v1)" : undefined,
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
      id: `${idPrefix}_usage`,
      method: 'GET',
      path: `${prefix}/billing/usage`,
      surface: 'openai',
      auth: tokenAuth('openai'),
      banner: prefix === '/v1/dashboard' ? "the key's usage in cents (also without /v1)" : undefined,
      // In cents, as OpenAI's old billing API reported it; start_date/end_date are ignored, as the gateway does.
      handle: ({ auth: { token } }) => json({ object: 'list', total_usage: unitsToUsd(token.usedQuota) * 100 }),
    }),
  ]
}

export const openAIBillingRoutes = [...billingRoutes('/v1/dashboard'), ...billingRoutes('/dashboard')]
