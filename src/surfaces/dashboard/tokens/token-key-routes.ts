import { z } from 'zod'
import { userAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { ok } from '../management-reply.ts'
import { ownToken, pathId } from './own-token.ts'
import { readTokenIds } from './token-ids.ts'
import { bareKeyOf } from './token-view.ts'

/** `POST /api/token/:id/key`: the whole key of one of the caller's tokens (without `sk-`, as new-api keeps it). */
export const tokenKeyRoute = defineRoute({
  id: 'dashboard.token_key',
  method: 'POST',
  path: '/api/token/:id/key',
  surface: 'dashboard',
  auth: userAuth,
  handle: ({ params, runtime: { world }, auth: { user } }) => ok({ key: bareKeyOf(ownToken(world, user, pathId(params.id!))) }),
})

const maxBatchKeys = 100

/** `POST /api/token/batch/keys` `{ids}`: the whole keys of those of the caller's tokens, by id; others' and unknown ids are left out. */
export const tokenKeysBatchRoute = defineRoute({
  id: 'dashboard.token_keys_batch',
  method: 'POST',
  path: '/api/token/batch/keys',
  surface: 'dashboard',
  auth: userAuth,
  body: { schema: z.record(z.string(), z.unknown()) },
  handle({ body, runtime: { world }, auth: { user } }) {
    const ids = readTokenIds(body, maxBatchKeys)
    const keys: Record<number, string> = {}
    for (const id of ids) {
      const token = world.findTokenById(id)
      if (token?.userId === user.id) keys[id] = bareKeyOf(token)
    }
    return ok({ keys })
  },
})
