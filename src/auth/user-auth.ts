import { gatewayError, type GatewayError } from '../errors/gateway-error.ts'
import { accessTokenOf, sessionIdOf } from '../http/request-credentials.ts'
import type { User } from '../world/schemas.ts'
import type { DashboardSession, World } from '../world/world.ts'
import type { AuthInput, AuthRequirement } from './auth-requirement.ts'
import { maskKey } from './mask-key.ts'

/** The management API's roles, lowest first, with new-api's numbers (`role` in its answers). */
export const roleNumber = { user: 1, admin: 10, root: 100 } as const

export type DashboardRole = keyof typeof roleNumber

/** A management request: its user, and how the user proved who they are. */
export interface UserAuth {
  user: User
  /** The signed-in session the request came with (cookie, or the access token login answered with); none for a user's own access token. */
  session: DashboardSession | undefined
}

/** A dashboard request that may carry an access token: its user when it does, and a valid one. */
export interface OptionalUserAuth {
  user: User | undefined
}

/**
 * Management auth at `role` or above (new-api's `UserAuth`, `AdminAuth`, `RootAuth`): the user's
 * access token in `Authorization` (with or without `Bearer `), the access token login answered
 * with, or the session cookie; with `settings.requireNewApiUser`, the user's id in `New-Api-User`
 * too. A disabled user is refused, and so is a role below `role` (403).
 */
export function dashboardAuth(role: DashboardRole): AuthRequirement<UserAuth> {
  return {
    credential: 'access-token',
    resolve(input) {
      const found = findDashboardUser(input)
      if ('refusal' in found) throw found.refusal
      const { user } = found
      if (input.world.settings.requireNewApiUser) checkNewApiUser(input.request, user)
      if (roleNumber[user.role] < roleNumber[role]) {
        throw gatewayError('access_role_too_low', { username: user.username, role: user.role, needs: role })
      }
      return found
    },
  }
}

/** `GET /api/user/self` and every route a signed-in user may call. */
export const userAuth = dashboardAuth('user')
/** Routes for admins and the root (users, redemption codes, all logs). */
export const adminAuth = dashboardAuth('admin')
/** Routes for the root alone (options). */
export const rootAuth = dashboardAuth('root')

/**
 * Dashboard auth that lets everyone in (the gateway's `TryUserAuth`, in front of `/api/pricing`):
 * a valid credential makes the answer that user's, anything else is an anonymous request.
 */
export const optionalUserAuth: AuthRequirement<OptionalUserAuth> = {
  credential: 'access-token',
  resolve(input) {
    const found = findDashboardUser(input)
    return { user: 'refusal' in found ? undefined : found.user }
  },
}

/** The user a request's credential names, or why there is none. */
function findDashboardUser({ request, world, now }: AuthInput): UserAuth | { refusal: GatewayError } {
  const value = accessTokenOf(request.headers)
  if (value) return byAccessToken(world, value, now)
  const cookie = sessionIdOf(request.headers)
  const session = cookie === undefined ? undefined : world.sessions.get(cookie)
  if (!session) return { refusal: gatewayError('access_token_missing') }
  const ended = sessionEnded(session, session.expiresAt, now, maskKey(session.id))
  if (ended) return { refusal: ended }
  return withUser(world, world.findUser(session.userId), session, cookie ?? '')
}

function byAccessToken(world: World, value: string, now: number): UserAuth | { refusal: GatewayError } {
  const session = sessionWithToken(world, value)
  if (!session) return withUser(world, world.findUserByAccessToken(value), undefined, value)
  const ended = sessionEnded(session, session.accessExpiresAt, now, maskKey(value))
  if (ended) return { refusal: ended }
  return withUser(world, world.findUser(session.userId), session, value)
}

// Walked in place: a copy of every session (ended ones stay known) on each request would grow with them.
function sessionWithToken(world: World, accessToken: string): DashboardSession | undefined {
  for (const session of world.sessions.values()) if (session.accessToken === accessToken) return session
  return undefined
}

function withUser(
  world: World,
  user: User | undefined,
  session: DashboardSession | undefined,
  presented: string,
): UserAuth | { refusal: GatewayError } {
  if (!user) {
    return {
      refusal: gatewayError(world.findToken(presented) ? 'access_token_is_api_key' : 'access_token_unknown', { token: maskKey(presented) }),
    }
  }
  if (user.status === 'disabled') return { refusal: gatewayError('access_user_disabled', { username: user.username }) }
  return { user, session }
}

/**
 * Why a signed-in credential no longer works, if it does not: its session was ended by logout, or
 * it is past `until` (the login token's expiry, or the session's for its cookie). Ended sessions
 * stay known, so that every later request with them gets the same answer, as new-api's signed
 * tokens do.
 */
function sessionEnded(session: DashboardSession, until: number, now: number, token: string): GatewayError | undefined {
  if (session.revoked) return gatewayError('access_session_revoked', { token })
  if (now >= until) return gatewayError('access_session_expired', { token })
  return undefined
}

function checkNewApiUser(request: Request, user: User): void {
  const got = request.headers.get('new-api-user')?.trim()
  if (!got) throw gatewayError('new_api_user_missing')
  if (!/^[+-]?\d+$/.test(got)) throw gatewayError('new_api_user_malformed', { got })
  if (Number(got) !== user.id) throw gatewayError('new_api_user_mismatch', { got, userId: user.id })
}
