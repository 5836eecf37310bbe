import { gatewayPrefixes, notFoundRoute } from '../surfaces/not-found.ts'
import { GatewayHandler } from './gateway-handler.ts'
import { basePathOf, pathMatcher, pathnameOf, type PathParams } from '../http/path-matcher.ts'
import { misroutedPath } from '../surfaces/misrouted-path.ts'
import { exchangeOf } from '../http/exchange.ts'
import type { Route } from '../pipeline/route.ts'
import { routeOf, type RouteEntry } from '../pipeline/route-entry.ts'
import { runPipeline } from '../pipeline/run-pipeline.ts'
import { servesRoute } from '../profiles/serves-route.ts'
import type { GatewayRuntime } from '../pipeline/gateway-runtime.ts'

/** A route's msw handler, with the static path prefix the Node adapter dispatches on. */
export interface RouteHandler {
  method: string
  /** The route path up to its first parameter; `null` for the catch-all. */
  prefix: string | null
  handler: GatewayHandler
}

/**
 * One msw handler per route, then one catch-all that answers unknown paths under the gateway's
 * prefixes with a 404 in the right envelope, and API paths sent below the wrong base URL with a
 * 404 that names the right one. Without `baseUrl` the handlers match any origin.
 */
export function toRouteHandlers(routes: readonly RouteEntry[], runtime: GatewayRuntime, baseUrl?: string): RouteHandler[] {
  return withoutCallFrames(() => makeRouteHandlers(routes, runtime, baseUrl))
}

/**
 * msw's RequestHandler keeps the stack frame that made it (`info.callFrame`, for its own
 * messages): ours would all name this file, and formatting a stack trace for each of the
 * handlers made createGateway slower for nothing (docs/performance.md).
 */
export function withoutCallFrames<T>(make: () => T): T {
  // V8's (Node's, Chromium's); elsewhere there is nothing to turn off.
  const errors = Error as { stackTraceLimit?: number }
  const limit = errors.stackTraceLimit
  if (limit === undefined) return make()
  errors.stackTraceLimit = 0
  try {
    return make()
  } finally {
    errors.stackTraceLimit = limit
  }
}

/** The parameters, when the route takes them (its further condition on them, if it has one). */
function accepted(route: Route, params: PathParams): PathParams | undefined {
  return !route.accepts || route.accepts(params) ? params : undefined
}

function makeRouteHandlers(routes: readonly RouteEntry[], runtime: GatewayRuntime, baseUrl?: string): RouteHandler[] {
  const base = baseUrl?.replace(/\/+$/, '')
  const handlers: RouteHandler[] = routes.map((entry) => {
    const matches = pathMatcher(entry.path, base)
    return {
      method: entry.method,
      prefix: entry.path.split(':')[0] ?? entry.path,
      handler: new GatewayHandler(
        { method: entry.method, path: `${base ?? ''}${entry.path}` },
        (request) => {
          if (request.method !== entry.method) return undefined
          // A route the active profile lacks matches nothing, so the next handler (or the catch-all's 404) answers.
          if (!servesRoute(runtime.profile, entry)) return undefined
          const params = matches(request.url)
          if (params === undefined || !entry.accepts) return params
          // Only the route can tell whether it takes these parameters: a head loads it first.
          const route = routeOf(entry)
          return route instanceof Promise ? route.then((loaded) => accepted(loaded, params)) : accepted(route, params)
        },
        (request, params) => {
          // The route itself, or a head's, loaded once (a promise only until it is).
          const route = routeOf(entry)
          return route instanceof Promise
            ? route.then((loaded) => runPipeline(loaded, runtime, request, params))
            : runPipeline(route, runtime, request, params)
        },
      ),
    }
  })

  const baseOrigin = base === undefined ? undefined : new URL(base).origin
  // Without its trailing slash: an origin alone is `''`, not `/`, or no path below it would match.
  const basePath = basePathOf(base)
  const relativePath = (request: Request): string | undefined => {
    if (baseOrigin !== undefined && !request.url.startsWith(baseOrigin)) return undefined
    const pathname = pathnameOf(request.url)
    if (!pathname.startsWith(basePath)) return undefined
    const path = pathname.slice(basePath.length) || '/'
    if (gatewayPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return path
    // A root path only when it is an API's path below the wrong base URL (misrouted-path.ts). In
    // process, with the API's own header too, so the app's own requests are left alone; the Node
    // adapter's requests (those with an exchange) are all the gateway's.
    const rootNeedsApiHeaders = exchangeOf(request) === undefined
    return misroutedPath(path, request, { rootNeedsApiHeaders }) ? path : undefined
  }
  handlers.push({
    method: '*',
    prefix: null,
    handler: new GatewayHandler(
      { method: '*', path: `${basePath}/*` },
      (request) => {
        const path = relativePath(request)
        return path === undefined ? undefined : { path }
      },
      (request, params) => runPipeline(notFoundRoute, runtime, request, params),
    ),
  })
  return handlers
}
