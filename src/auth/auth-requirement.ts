import type { Profile } from '../profiles/profile-type.ts'
import type { World } from '../world/world.ts'

/** What an auth requirement gets to look at. */
export interface AuthInput {
  request: Request
  /** Parsed on first use: most requests never need more than their path. */
  readonly url: URL
  pathname: string
  /** The gateway's base URL as this request reached it (origin and `baseUrl` path), for messages that name it. */
  readonly gatewayBase: string
  world: World
  /** The profile answering the request: it says where keys are read and which keys pass. */
  profile: Profile
  /** The gateway clock's now, in ms. */
  now: number
  /** The client's IP address, as the server's socket saw it; undefined for a request made in-process (msw). */
  readonly clientAddress?: string | undefined
  /**
   * The API key the request presented, noted as soon as it is read, so that a request refused
   * for its key still shows which one (masked) and, for a key of the world, its world spelling.
   */
  presented?: PresentedKey | undefined
}

/** An API key as a request presented it: masked, and as the world spells it when the world has it. */
export interface PresentedKey {
  maskedKey: string
  worldKey?: string
}

/**
 * How a route authenticates. The pipeline resolves it in one place (stage 1), before the route
 * runs; `resolve` returns the route's auth context or throws a `GatewayError`.
 */
export interface AuthRequirement<Auth> {
  resolve(input: AuthInput): Auth
  /**
   * What the credential is: an API key (the relay routes, `/api/usage/token`) or a user's
   * dashboard access token. A gateway that forwards requests (the recorder) replaces only API keys.
   */
  readonly credential?: 'api-key' | 'access-token'
}

export const noAuth: AuthRequirement<undefined> = { resolve: () => undefined }
