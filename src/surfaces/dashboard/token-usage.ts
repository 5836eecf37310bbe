import { tokenReadOnlyAuth } from '../../auth/token-auth.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'

/**
 * `GET /api/usage/token`: the presented key's own quota, limits and expiry, as balance tools read
 * them. Expired and exhausted keys still get their figures. The gateway's body (a Go map: keys
 * sorted) with its boolean `code`.
 */
export const tokenUsageRoute = defineRoute({
  id: 'dashboard.token_usage',
  method: 'GET',
  path: '/api/usage/token',
  surface: 'dashboard',
  auth: tokenReadOnlyAuth,
  banner: "the key's quota, model limits and expiry",
  handle: ({ auth: { token } }) =>
    json({
      code: true,
      data: {
        expires_at: token.expiresAt === null ? 0 : Math.floor(Date.parse(token.expiresAt) / 1000),
        model_limits: Object.fromEntries((token.modelLimits ?? []).map((id) => [id, true])),
        model_limits_enabled: token.modelLimits !== null,
        name: token.name,
        object: 'token_usage',
        total_available: token.remainQuota,
        total_granted: token.remainQuota + token.usedQuota,
        total_used: token.usedQuota,
        unlimited_quota: token.unlimitedQuota,
      },
      message: 'ok',
    }),
})
