import { noAuth } from '../../../auth/auth-requirement.ts'
import { accessTokenOf, sessionIdOf } from '../../../http/request-credentials.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { ok } from '../management-reply.ts'
import { clearedSessionCookie } from './login-session.ts'

/**
 * `GET /api/user/logout`: ends the session the request signed in with (its `session` cookie, or
 * the access token login answered with), so that neither works again, and tells the browser to
 * forget the cookie. Like new-api, it answers success whether or not there was a session.
 */
export const logoutRoute = defineRoute({
  id: 'dashboard.logout',
  method: 'GET',
  path: '/api/user/logout',
  surface: 'dashboard',
  auth: noAuth,
  banner: 'sign out: the session and its token stop working',
  handle({ request, note, runtime: { world } }) {
    const token = accessTokenOf(request.headers)
    const cookie = sessionIdOf(request.headers)
    for (const session of world.sessions.values()) {
      if ((token && session.accessToken === token) || session.id === cookie) {
        session.revoked = true
        note.changed = `${world.findUser(session.userId)?.username ?? `user ${session.userId}`} signed out`
      }
    }
    return { ...ok(), headers: { 'set-cookie': clearedSessionCookie } }
  },
})
