import type { World } from '../world/world.ts'

/** What an auth requirement gets to look at. */
export interface AuthInput {
  request: Request
  /** Parsed on first use: most requests never need more than their path. */
  readonly url: URL
  world: World
  /** The gateway clock's now, in ms. */
  now: number
}

/**
 * How a route authenticates. The pipeline resolves it in one place, before the route runs;
 * `resolve` returns the route's auth context or throws a `GatewayError`.
 */
export interface AuthRequirement<Auth> {
  resolve(input: AuthInput): Auth
}

export const noAuth: AuthRequirement<undefined> = { resolve: () => undefined }
