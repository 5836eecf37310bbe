import { userAuth } from '../../auth/user-auth.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { quotaPerUnit, unitsToUsd } from '../../world/quota-units.ts'

/** `GET /api/user/billing/summary`: the user's quota, usage and request count, in units and in USD. */
export const billingSummaryRoute = defineRoute({
  id: 'dashboard.billing_summary',
  method: 'GET',
  path: '/api/user/billing/summary',
  surface: 'dashboard',
  auth: userAuth,
  banner: "the user's quota and usage, in units and USD",
  handle({ auth: { user } }) {
    const total = user.quota + user.usedQuota
    return json({
      success: true,
      message: '',
      data: {
        user_id: user.id,
        username: user.username,
        group: user.group,
        quota_per_unit: quotaPerUnit,
        remaining_quota: user.quota,
        used_quota: user.usedQuota,
        total_quota: total,
        remaining_usd: unitsToUsd(user.quota),
        used_usd: unitsToUsd(user.usedQuota),
        total_usd: unitsToUsd(total),
        request_count: user.requestCount,
      },
    })
  },
})
