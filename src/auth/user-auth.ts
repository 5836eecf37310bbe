import { gatewayError, type GatewayError } from '../errors/gateway-error.ts'
import type { User } from '../world/schemas.ts'
import type { World } from '../world/world.ts'
import type { AuthRequirement } from './auth-requirement.ts'
import { maskKey } from './mask-key.ts'

/** A dashboard request authenticated by a user's access token. */
export interface UserAuth {
  user: User
}

/** A dashboard request that may carry an access token: its user when it does, and a valid one. */
export interface OptionalUserAuth {
  user: User | undefined
}

/** Dashboard auth: the user's access token in `Authorization` (with or without `Bearer `). */
export const userAuth: AuthRequirement<UserAuth> = {
  credential: 'access-token',
  resolve({ request, world }) {
    const found = findDashboardUser(request, world)
    if ('refusal' in found) throw found.refusal
    return found
  },
}

/**
 * Dashboard auth that lets everyone in (the gateway's `TryUserAuth`, in front of `/api/pricing`):
 * a valid access token makes the answer that user's, anything else is an anonymous request.
 */
export const optionalUserAuth: AuthRequirement<OptionalUserAuth> = {
  credential: 'access-token',
  resolve({ request, world }) {
    const found = findDashboardUser(request, world)
    return { user: 'refusal' in found ? undefined : found.user }
  },
}

/** The user whose access token `Authorization` carries, or why there is none. */
function findDashboardUser(request: Request, world: World): UserAuth | { refusal: GatewayError } {
  const header = request.headers.get('authorization')?.trim()
  const value = header?.replace(/^[Bb]earer\s+/, '').trim()
  if (!value) return { refusal: gatewayError('access_token_missing') }
  const user = world.findUserByAccessToken(value)
  if (!user) {
    return { refusal: gatewayError(world.findToken(value) ? 'access_token_is_api_key' : 'access_token_unknown', { token: maskKey(value) }) }
  }
  if (user.status === 'disabled') return { refusal: gatewayError('access_user_disabled', { username: user.username }) }
  return { user }
}
