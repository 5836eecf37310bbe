import { userAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { ok } from '../management-reply.ts'
import { selfUserData } from './self-user-data.ts'

/** `GET /api/user/self`: the signed-in user, as new-api's `GetSelf` answers. */
export const userSelfRoute = defineRoute({
  id: 'dashboard.user_self',
  method: 'GET',
  path: '/api/user/self',
  surface: 'dashboard',
  auth: userAuth,
  banner: "the access token's user",
  handle: ({ auth: { user } }) => ok(selfUserData(user)),
})
