import { userAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { ok } from '../management-reply.ts'
import { ownToken, pathId } from './own-token.ts'
import { tokenView } from './token-view.ts'

/** `GET /api/token/:id`: one of the caller's tokens, its key masked. */
export const getTokenRoute = defineRoute({
  id: 'dashboard.token_get',
  method: 'GET',
  path: '/api/token/:id',
  surface: 'dashboard',
  auth: userAuth,
  handle: ({ params, runtime: { world }, auth: { user } }) => ok(tokenView(world, ownToken(world, user, pathId(params.id!)))),
})
