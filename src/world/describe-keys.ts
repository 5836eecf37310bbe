import { isExpired } from './token-expiry.ts'
import { groupsOf, unpricedModels, visibleModels } from './visibility.ts'
import type { World } from './world.ts'

/** An API key and what it can do, as `llm-gateway-mock keys` prints it. */
export interface KeyDescription {
  key: string
  name: string
  owner: string
  state: 'enabled' | 'disabled' | 'expired' | 'exhausted'
  /** The key's group as configured (`auto` included), or the owner's group. */
  group: string
  /** The groups the key draws its models from. */
  groups: string[]
  /** Remaining quota in units, or `unlimited`. */
  quota: number | 'unlimited'
  /** The models the key sees and may use. */
  models: string[]
  /** Anything else a tester should know about this key, e.g. models its groups enable but that have no pricing. */
  notes: string[]
}

/** A user's dashboard access token. */
export interface AccessTokenDescription {
  token: string
  username: string
  userId: number
  group: string
  quota: number
}

/** How a user signs in to the management API: what `llm-gateway-mock keys` prints for each. */
export interface SignInDescription {
  username: string
  userId: number
  role: 'user' | 'admin' | 'root'
  status: 'enabled' | 'disabled'
  /** Whether the user has a password (`POST /api/user/login`); without one the user cannot sign in. */
  hasPassword: boolean
  /** The password as written, where the caller knows it (the world keeps only its hash); else null. */
  password: string | null
  /** The user's access token; null until `GET /api/user/token` gives one. */
  accessToken: string | null
}

/**
 * Every key of the world with its state and visible models, every user's access token, and how
 * every user signs in. `knownPasswords` (by username) are the passwords as written that the
 * caller knows to be right (known-passwords.ts): the world itself keeps only hashes.
 */
export function describeKeys(
  world: World,
  now: number,
  knownPasswords: Readonly<Record<string, string>> = {},
): { keys: KeyDescription[]; accessTokens: AccessTokenDescription[]; signIns: SignInDescription[] } {
  const keys = world.tokens.all().flatMap((token): KeyDescription[] => {
    const user = world.findUser(token.userId)
    if (!user) return []
    const expired = isExpired(token, now)
    const exhausted = token.status === 'exhausted' || (!token.unlimitedQuota && token.remainQuota <= 0)
    const state = token.status === 'disabled' ? 'disabled' : expired ? 'expired' : exhausted ? 'exhausted' : 'enabled'
    const notes: string[] = []
    if (token.modelLimits) notes.push(`limited to ${token.modelLimits.join(', ') || 'no models'}`)
    if (token.expiresAt) notes.push(`${expired ? 'expired' : 'expires'} ${token.expiresAt}`)
    if (user.quota <= 0) notes.push(`owner ${user.username} has no quota left`)
    if (user.status === 'disabled') notes.push(`owner ${user.username} is disabled`)
    const unpriced = unpricedModels(world, token, user)
    if (unpriced.length > 0) {
      notes.push(
        `hidden: ${unpriced.join(', ')} (no pricing: set ${unpriced.length === 1 ? 'its' : 'their'} "pricing", or turn on settings.selfUseMode)`,
      )
    }
    return [
      {
        key: token.key,
        name: token.name,
        owner: user.username,
        state,
        group: token.group ?? user.group,
        groups: groupsOf(world, token, user),
        quota: token.unlimitedQuota ? 'unlimited' : token.remainQuota,
        models: visibleModels(world, token, user).map((model) => model.id),
        notes,
      },
    ]
  })
  const accessTokens = world.users
    .all()
    .flatMap((user) => (user.accessToken === undefined ? [] : [{ ...user, accessToken: user.accessToken }]))
    .map((user) => ({
      token: user.accessToken,
      username: user.username,
      userId: user.id,
      group: user.group,
      quota: user.quota,
    }))
  const signIns = world.users.all().map((user) => ({
    username: user.username,
    userId: user.id,
    role: user.role,
    status: user.status,
    hasPassword: user.passwordHash !== undefined,
    password: Object.hasOwn(knownPasswords, user.username) ? knownPasswords[user.username]! : null,
    accessToken: user.accessToken ?? null,
  }))
  return { keys, accessTokens, signIns }
}
