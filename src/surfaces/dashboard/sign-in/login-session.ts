import { sessionCookie } from '../../../http/request-credentials.ts'
import type { User } from '../../../world/schemas.ts'
import type { DashboardSession, World } from '../../../world/world.ts'
import { base64Url, randomBase64Url } from './random-text.ts'

/** new-api's `AccessTokenTTL`: the login token works for 15 minutes. */
export const accessTokenLifetimeMs = 15 * 60 * 1000
/** new-api's `LoginSessionTTL` (and its older session cookie's `MaxAge`): 30 days. */
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000

/**
 * Signs `user` in at `now` (gateway clock, ms): a new session in `world.sessions`, with the
 * access token login answers with. The token is shaped like new-api's (an HS256 JWT with its
 * issuer, audience and claims) so that clients that look inside it find what they expect; the
 * gateway itself only ever compares it whole.
 */
export function startSession(world: World, user: User, now: number): DashboardSession {
  const sid = crypto.randomUUID()
  const accessExpiresAt = now + accessTokenLifetimeMs
  const seconds = (ms: number) => Math.floor(ms / 1000)
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const claims = base64Url(
    JSON.stringify({
      token_use: 'access',
      sid,
      uv: 1,
      sv: 1,
      iss: 'new-api',
      sub: String(user.id),
      aud: ['new-api-dashboard'],
      exp: seconds(accessExpiresAt),
      nbf: seconds(now) - 5,
      iat: seconds(now),
      jti: crypto.randomUUID(),
    }),
  )
  const session: DashboardSession = {
    id: randomBase64Url(32),
    sid,
    userId: user.id,
    accessToken: `${header}.${claims}.${randomBase64Url(32)}`,
    accessExpiresAt,
    expiresAt: now + sessionLifetimeMs,
    createdAt: now,
  }
  world.sessions.set(session.id, session)
  return session
}

/** The `Set-Cookie` that hands a browser (or a cookie-keeping client of an older release) its session. */
export function sessionCookieHeader(session: DashboardSession): string {
  return `${sessionCookie}=${session.id}; Path=/; Max-Age=${Math.floor(sessionLifetimeMs / 1000)}; HttpOnly; SameSite=Strict`
}

/** The `Set-Cookie` that makes a browser forget its session (logout). */
export const clearedSessionCookie = `${sessionCookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`
