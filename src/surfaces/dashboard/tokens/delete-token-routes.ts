import { z } from 'zod'
import { userAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { ok } from '../management-reply.ts'
import { lenientPathId, ownToken } from './own-token.ts'
import { readTokenIds } from './token-ids.ts'

/** `DELETE /api/token/:id`: one of the caller's tokens; its key gets 401 from then on. */
export const deleteTokenRoute = defineRoute({
  id: 'dashboard.token_delete',
  method: 'DELETE',
  path: '/api/token/:id',
  surface: 'dashboard',
  auth: userAuth,
  handle({ params, note, runtime: { world }, auth: { user } }) {
    const { id, name } = ownToken(world, user, lenientPathId(params.id!))
    world.tokens.delete((q) => q.where({ id }))
    note.changed = `deleted token ${id} ${JSON.stringify(name)}`
    return ok()
  },
})

/** `POST /api/token/batch` `{ids}`: deletes those of the caller's tokens (others' and unknown ids are skipped); `data` is how many. */
export const deleteTokensBatchRoute = defineRoute({
  id: 'dashboard.token_delete_batch',
  method: 'POST',
  path: '/api/token/batch',
  surface: 'dashboard',
  auth: userAuth,
  body: { schema: z.record(z.string(), z.unknown()) },
  handle({ body, note, runtime: { world }, auth: { user } }) {
    const ids = new Set(readTokenIds(body))
    const doomed = world.tokens.all().filter((token) => token.userId === user.id && ids.has(token.id ?? 0))
    for (const { id } of doomed) world.tokens.delete((q) => q.where({ id }))
    note.changed = `deleted ${doomed.length} token${doomed.length === 1 ? '' : 's'}${doomed.length ? ` (${doomed.map((token) => token.id).join(', ')})` : ''}`
    return ok(doomed.length)
  },
})
