import { GatewayError } from '../errors/gateway-error.ts'
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
    if (!value) {
      throw new GatewayError(
        'invalid_api_key',
        "Missing access token: send the user's dashboard access token as `Authorization: Bearer <token>`.",
      )
    }
    const user = world.findUserByAccessToken(value)
    if (!user) {
      const hint = world.findToken(value)
        ? " That is an API key; dashboard routes take the user's access token (listed by `llm-gateway-mock keys`)."
        : ''
      throw new GatewayError('invalid_api_key', `Invalid access token ${maskKey(value)}.${hint}`)
    }
    if (user.status === 'disabled') {
      throw new GatewayError('invalid_api_key', `User "${user.username}" is disabled.`)
    }
    return { user }
  },
}
