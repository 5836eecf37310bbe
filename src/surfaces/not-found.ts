import { noAuth } from '../auth/auth-requirement.ts'
import { GatewayError } from '../errors/gateway-error.ts'
import { defineRoute } from '../gateway/route.ts'
import { surfaceForPath } from './surfaces.ts'

/**
 * The gateway's own path prefixes: anything under them that no route takes is a 404, not a
 * pass-through. `/__mock` holds the admin routes, so an unknown admin path is a 404 too.
 */
export const gatewayPrefixes = ['/v1', '/v1beta', '/api', '/dashboard', '/__mock'] as const

/** The 404 for a path nobody serves; admin routes refuse with it too, so they cannot be told from absent ones. */
export function invalidUrl(request: Request, url: URL): GatewayError {
  return new GatewayError('invalid_url', `Invalid URL (${request.method} ${url.pathname})`)
}

/** The answer for an unknown path (or a known path with the wrong method) under the gateway's prefixes. */
export const notFoundRoute = defineRoute({
  method: 'GET',
  path: '*',
  // `params.path` is the path below the gateway's base URL (see to-handlers.ts).
  surface: (_request, params) => surfaceForPath(params.path ?? '/'),
  auth: noAuth,
  handle({ request, url }) {
    throw invalidUrl(request, url)
  },
})
