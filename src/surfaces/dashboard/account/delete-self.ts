import { userAuth } from '../../../auth/user-auth.ts'
import { json } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { refused } from '../management-reply.ts'

/**
 * `DELETE /api/user/self`: the user deletes their account, as new-api's `DeleteSelf` does (the
 * root may not). Their sessions end, their access token no longer signs in, and their keys go
 * with them: the relay answers those with its 401.
 */
export const deleteSelfRoute = defineRoute({
  id: 'dashboard.delete_self',
  method: 'DELETE',
  path: '/api/user/self',
  surface: 'dashboard',
  auth: userAuth,
  banner: "deletes the user's own account",
  handle({ note, runtime: { world }, auth: { user } }) {
    if (user.role === 'root') throw refused('Cannot delete super administrator account', '不能删除超级管理员账户')
    world.tokens.deleteMany((query) => query.where({ userId: user.id }))
    world.users.delete((query) => query.where({ id: user.id }))
    for (const [id, session] of world.sessions) if (session.userId === user.id) world.sessions.delete(id)
    note.changed = `${user.username} deleted their account and keys`
    return json({ success: true, message: '' })
  },
})
