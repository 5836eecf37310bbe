import { userAuth } from '../../auth/user-auth.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'

const roleNumber = { user: 1, admin: 10, root: 100 } as const

/** `GET /api/user/self`: the access token's user, in the gateway's field names. */
export const userSelfRoute = defineRoute({
  id: 'dashboard.user_self',
  method: 'GET',
  path: '/api/user/self',
  surface: 'dashboard',
  auth: userAuth,
  banner: "the access token's user",
  handle: ({ auth: { user } }) =>
    json({
      success: true,
      message: '',
      data: {
        id: user.id,
        username: user.username,
        display_name: user.displayName ?? user.username,
        role: roleNumber[user.role],
        status: user.status === 'enabled' ? 1 : 2,
        email: user.email,
        group: user.group,
        quota: user.quota,
        used_quota: user.usedQuota,
        request_count: user.requestCount,
        aff_code: '',
        aff_count: 0,
        aff_quota: 0,
        aff_history_quota: 0,
        inviter_id: 0,
        setting: '',
      },
    }),
})
