import { gatewayError } from '../errors/gateway-error.ts'
import type { User } from '../world/schemas.ts'
import type { AuthRequirement } from './auth-requirement.ts'
import { maskKey } from './mask-key.ts'

/** A dashboard request authenticated by a user's access token. */
export interface UserAuth {
  user: User
}

/** Dashboard auth: the user's access token in `Authorization` (with or without `Bearer `). */
export const userAuth: AuthRequirement<UserAuth> = {
  resolve({ request, world }) {
    const header = request.headers.get('authorization')?.trim()
    const value = header?.replace(/^[Bb]earer\s+/, '').trim()
    if (!value) throw gatewayError('access_token_missing')
    const user = world.findUserByAccessToken(value)
    if (!user) throw gatewayError(world.findToken(value) ? 'access_token_is_api_key' : 'access_token_unknown', { token: maskKey(value) })
    if (user.status === 'disabled') throw gatewayError('access_user_disabled', { username: user.username })
    return { user }
  },
}
