import { isExhausted } from '../billing/is-exhausted.ts'
import { gatewayError } from '../errors/gateway-error.ts'
import { describeSources, readCredential, type CredentialSource } from '../http/request-credentials.ts'
import type { CredentialGroup } from '../profiles/profile-type.ts'
import type { Token, User } from '../world/schemas.ts'
import { isoTimeOf } from '../time/iso-time.ts'
import { expiryOf, isExpired } from '../world/token-expiry.ts'
import type { AuthInput, AuthRequirement } from './auth-requirement.ts'
import { inProcessClientAddress, isAddressAllowed, plainAddress } from './ip-allow-list.ts'
import { maskKey } from './mask-key.ts'

/** A request authenticated by an API key. */
export interface TokenAuth {
  token: Token
  user: User
  /** The presented key, masked for messages and logs. */
  maskedKey: string
  source: CredentialSource
}

/** Whether what a route's auth resolved is an API key's: what the pipeline's log and the key's checks read, whatever the route. */
export function isTokenAuth(auth: unknown): auth is TokenAuth {
  return typeof auth === 'object' && auth !== null && 'token' in auth && 'user' in auth && 'maskedKey' in auth
}

/**
 * The API key a request was authenticated with, for what charges and limits a key (admission,
 * replay): a route that names a model authenticates by key, so anything else is a mistake of the
 * route's, answered as the gateway's own error.
 */
export function keyAuthOf(auth: unknown, routeId: string): TokenAuth {
  if (isTokenAuth(auth)) return auth
  throw gatewayError('internal', { detail: `route ${routeId} names a model but does not authenticate by API key` })
}

/** Authenticates by API key, read where the profile says routes of `group` carry it. */
export function tokenAuth(group: CredentialGroup): AuthRequirement<TokenAuth> {
  return { resolve: (input) => authenticateToken(input, input.profile.credentials[group]), credential: 'api-key' }
}

/**
 * Authenticates by API key on the read-only routes (`/api/usage/token`): `Authorization` only, and
 * an expired or exhausted key still reads its figures, as the gateway's `TokenAuthReadOnly` allows;
 * a disabled key, or one whose owner is disabled, does not.
 */
export const tokenReadOnlyAuth: AuthRequirement<TokenAuth> = {
  resolve: (input) => authenticateToken(input, ['bearer'], 'read-only'),
  credential: 'api-key',
}

// The key a client presented last, masked: the same key comes request after request.
let lastPresented = { value: '', masked: '' }

/** The presented credential, without its `Bearer `, masked for messages and the journal. */
function maskedKeyOf(value: string): string {
  if (value !== lastPresented.value) lastPresented = { value, masked: maskKey(value.replace(/^[Bb]earer\s+/, '')) }
  return lastPresented.masked
}

/** `relay`: every check a model route makes; `read-only`: a key past its expiry or quota passes. */
export function authenticateToken(
  input: AuthInput,
  sources: readonly CredentialSource[],
  checks: 'relay' | 'read-only' = 'relay',
): TokenAuth {
  const credential = readCredential(input.request, sources)
  if (!credential) throw gatewayError('key_missing', { sources: describeSources(sources) })
  const key = maskedKeyOf(credential.value)
  const token = input.world.findToken(credential.value)
  input.presented = token ? { maskedKey: key, worldKey: token.key } : { maskedKey: key }
  if (!token) throw gatewayError('key_unknown', { key })
  const name = token.name
  if (token.status === 'disabled') throw gatewayError('key_disabled', { key, name })
  if (checks === 'relay' && isExpired(token, input.now)) {
    const expiresAt = expiryOf(token)
    throw gatewayError('key_expired', { key, name, when: Number.isFinite(expiresAt) ? ` at ${new Date(expiresAt).toISOString()}` : '' })
  }
  // The real gateway refuses an exhausted key with the other bad keys; the spec profile leaves it to the quota check.
  if (checks === 'relay' && input.profile.shapes.exhaustedKey === 'auth' && isExhausted(token))
    throw gatewayError('quota_key_exhausted', { key, name })
  // After the key's own state and before its owner's, as new-api's TokenAuth checks them; the read-only routes do not look.
  if (checks === 'relay' && token.allowIps.length > 0) {
    const ip = plainAddress(input.clientAddress ?? inProcessClientAddress)
    if (!isAddressAllowed(ip, token.allowIps))
      throw gatewayError('key_ip_not_allowed', { key, name, ip, allowed: token.allowIps.join(', ') })
  }
  const user = input.world.findUser(token.userId)
  if (!user) throw gatewayError('key_owner_missing', { key })
  if (user.status === 'disabled') throw gatewayError('key_owner_disabled', { key, username: user.username })
  // new-api's accessed_time: when the key was last used on a relay route.
  if (checks === 'relay') token.accessedAt = isoTimeOf(input.now)
  return { token, user, maskedKey: key, source: credential.source }
}
