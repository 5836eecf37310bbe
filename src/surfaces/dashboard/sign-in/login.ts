import { noAuth } from '../../../auth/auth-requirement.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { verifyPassword } from '../../../world/password-hash.ts'
import type { User } from '../../../world/schemas.ts'
import type { World } from '../../../world/world.ts'
import { ok } from '../management-reply.ts'
import { sessionCookieHeader, startSession } from './login-session.ts'
import { readStringFields } from './read-form.ts'
import { invalidParams, wrongCredentials } from './sign-in-messages.ts'
import { selfUserData } from '../account/self-user-data.ts'

/**
 * `POST /api/user/login` (`{username, password}`; the username may be the user's email, as
 * new-api looks up either): a new session, answered as new-api's Bearer era does (`access_token`,
 * `token_type`, `access_expires_at`, `session`, `user`) and also as a `session` cookie, for
 * callers of releases that kept the session in one. A wrong password, an unknown user, a user
 * without a password and a disabled user all get the same refusal.
 */
export const loginRoute = defineRoute({
  id: 'dashboard.login',
  method: 'POST',
  path: '/api/user/login',
  surface: 'dashboard',
  auth: noAuth,
  banner: 'sign in: an access token and a session cookie',
  async handle(context) {
    const { username, password } = await readStringFields(context, ['username', 'password'])
    const name = username.trim()
    if (name === '' || password === '') throw invalidParams()
    const user = findSignIn(context.runtime.world, name)
    // The password is checked even for a disabled user, so that the refusal takes as long either way.
    const matches = user?.passwordHash !== undefined && (await verifyPassword(password, user.passwordHash))
    if (!user || !matches || user.status !== 'enabled') throw wrongCredentials()
    const session = startSession(context.runtime.world, user, context.now)
    context.note.changed = `${user.username} signed in`
    const reply = ok({
      access_token: session.accessToken,
      token_type: 'Bearer',
      access_expires_at: Math.floor(session.accessExpiresAt / 1000),
      session: {
        sid: session.sid,
        current: true,
        login_method: 'password',
        ip: '',
        user_agent: context.request.headers.get('user-agent') ?? '',
        created_at: Math.floor(session.createdAt / 1000),
        last_active_at: Math.floor(session.createdAt / 1000),
        expires_at: Math.floor(session.expiresAt / 1000),
      },
      user: selfUserData(user),
    })
    return { ...reply, headers: { 'set-cookie': sessionCookieHeader(session), 'cache-control': 'no-store' } }
  },
})

/** The user a sign-in names: by username first, then by email (new-api's `username = ? OR email = ?`). */
function findSignIn(world: World, name: string): User | undefined {
  const users = world.users.all()
  return users.find((user) => user.username === name) ?? users.find((user) => user.email !== '' && user.email === name)
}
