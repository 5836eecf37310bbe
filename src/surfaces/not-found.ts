import { noAuth } from '../auth/auth-requirement.ts'
import { gatewayError } from '../errors/gateway-error.ts'
import { defineRoute } from '../pipeline/route.ts'
import { misroutedPath } from './misrouted-path.ts'

/**
 * The gateway's own path prefixes: anything under them that no route takes is a 404, not a
 * pass-through. `/__mock` holds the admin routes, so an unknown admin path is a 404 too.
 */
export const gatewayPrefixes = ['/v1', '/v1beta', '/api', '/dashboard', '/__mock'] as const

/** The 404 for a path nobody serves; admin routes refuse with it too, so they cannot be told from absent ones. */
export function invalidUrl(request: Request, url: URL) {
  return gatewayError('route_not_found', { method: request.method, path: url.pathname })
}

// The catch-all takes a root path only once misroutedPath has seen its API's headers (to-handlers.ts),
// so here any path it takes is read the same way.
const misroute = (request: Request, path: string) => misroutedPath(path, request, { rootNeedsApiHeaders: false })

/**
 * The answer for an unknown path (or a known path with the wrong method) under the gateway's
 * prefixes, and for an API path below the wrong base URL, which names the base URL to use.
 */
export const notFoundRoute = defineRoute({
  id: 'not_found',
  method: 'GET',
  path: '*',
  // No `surface`: the request's path and headers decide (surfaceOf, src/http/surface-of.ts).
  auth: noAuth,
  // `params.path` is the path below the gateway's base URL (see to-handlers.ts).
  handle({ request, url, params, gatewayBase }) {
    const misrouted = misroute(request, params.path ?? '/')
    if (misrouted) throw gatewayError(misrouted.error, { method: request.method, path: url.pathname, base: gatewayBase })
    throw invalidUrl(request, url)
  },
})
