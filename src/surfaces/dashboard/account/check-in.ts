import { userAuth } from '../../../auth/user-auth.ts'
import type { HttpMethod } from '../../../pipeline/route.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { refused } from '../management-reply.ts'

/**
 * `GET` and `POST /api/user/checkin`: the daily check-in, as new-api answers with the feature
 * off (its default): refused in Chinese whatever the caller's language, as its controller words it.
 */
export const checkInRoutes = (['GET', 'POST'] as const satisfies readonly HttpMethod[]).map((method) =>
  defineRoute({
    id: method === 'GET' ? 'dashboard.check_in_status' : 'dashboard.check_in',
    method,
    path: '/api/user/checkin',
    surface: 'dashboard',
    auth: userAuth,
    banner: method === 'GET' ? 'the daily check-in (off, as new-api by default)' : undefined,
    handle() {
      throw refused('签到功能未启用', '签到功能未启用')
    },
  }),
)
