import type { AuthRequirement } from '../auth/auth-requirement.ts'
import type { TokenUsage } from '../billing/quota-cost.ts'
import type { SurfaceName } from '../surfaces/surface.ts'
import type { Reply } from './reply.ts'
import type { GatewayRuntime } from './runtime.ts'

/** What a route learned that the request log shows: the model, the usage, the quota debited. */
export interface RouteNote {
  model?: string
  usage?: TokenUsage
  quota?: number
  decidedBy?: string
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Everything a route sees of one request. */
export interface RouteContext<Auth = unknown> {
  request: Request
  /** Parsed on first use. */
  readonly url: URL
  /** The URL's path, read from its text. */
  pathname: string
  params: Readonly<Record<string, string>>
  requestId: string
  surface: SurfaceName
  runtime: GatewayRuntime
  auth: Auth
  /** Facts for the request log that only the route knows. */
  note: RouteNote
  /** Headers every answer to this request carries, success or error (rate-limit state). */
  headers: Record<string, string>
}

/** One gateway route: where it lives, whose envelope it speaks, how it authenticates, what it does. */
export interface Route<Auth = unknown> {
  method: HttpMethod
  /** A path relative to the gateway's base, e.g. `/v1/models/:model`. */
  path: string
  /**
   * A further condition on the path parameters that the pattern cannot spell (`:model` must end
   * in a served `:action`). A path it refuses is no route's, so it gets the catch-all's 404.
   */
  accepts?(params: Readonly<Record<string, string>>): boolean
  /** The surface whose envelope renders this route's errors; some routes decide per request. */
  surface: SurfaceName | ((request: Request, params: Readonly<Record<string, string>>) => SurfaceName)
  auth: AuthRequirement<Auth>
  handle(context: RouteContext<Auth>): Reply | Promise<Reply>
}

/** Identity helper that infers the route's auth context type from its `auth` requirement. */
export function defineRoute<Auth>(route: Route<Auth>): Route<Auth> {
  return route
}
