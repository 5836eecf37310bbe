import { GatewayError } from '../errors/gateway-error.ts'
import type { Token, User } from '../world/schemas.ts'
import { expiryOf, isExpired } from '../world/token-expiry.ts'
import type { AuthInput, AuthRequirement } from './auth-requirement.ts'
import { describeSources, readCredential, type CredentialSource } from './credential-source.ts'
import { maskKey } from './mask-key.ts'

/** A request authenticated by an API key. */
export interface TokenAuth {
  token: Token
  user: User
  /** The presented key, masked for messages and logs. */
  maskedKey: string
  source: CredentialSource
}

/** Authenticates by API key, read from `sources` in order of precedence. */
export function tokenAuth(sources: readonly CredentialSource[]): AuthRequirement<TokenAuth> {
  return { resolve: (input) => authenticateToken(input, sources) }
}

export function authenticateToken(input: AuthInput, sources: readonly CredentialSource[]): TokenAuth {
  const credential = readCredential(input.request, sources)
  if (!credential) {
    throw new GatewayError('invalid_api_key', `Missing API key: send it as ${describeSources(sources)}.`)
  }
  const maskedKey = maskKey(credential.value.replace(/^[Bb]earer\s+/, ''))
  const token = input.world.findToken(credential.value)
  if (!token) throw new GatewayError('invalid_api_key', `Invalid API key ${maskedKey}: no such key.`)
  if (token.status === 'disabled') {
    throw new GatewayError('invalid_api_key', `API key ${maskedKey} ("${token.name}") is disabled.`)
  }
  if (isExpired(token, input.now)) {
    const expiresAt = expiryOf(token)
    const when = Number.isFinite(expiresAt) ? ` at ${new Date(expiresAt).toISOString()}` : ''
    throw new GatewayError('invalid_api_key', `API key ${maskedKey} ("${token.name}") expired${when}.`)
  }
  const user = input.world.findUser(token.userId)
  if (!user) throw new GatewayError('invalid_api_key', `API key ${maskedKey} has no owner.`)
  if (user.status === 'disabled') {
    throw new GatewayError('invalid_api_key', `API key ${maskedKey} belongs to user "${user.username}", who is disabled.`)
  }
  return { token, user, maskedKey, source: credential.source }
}
