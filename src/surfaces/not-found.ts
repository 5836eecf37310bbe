import { noAuth } from '../auth/auth-requirement.ts'
import { GatewayError } from '../errors/gateway-error.ts'
import { defineRoute } from '../gateway/route.ts'
import { surfaceForPath } from './surfaces.ts'

/** The gateway's own path prefixes: anything under them that no route takes is a 404, not a pass-through. */
export const gatewayPrefixes = ['/v1', '/v1beta', '/api', '/dashboard'] as const

/** The answer for an unknown path (or a known path with the wrong method) under the gateway's prefixes. */
export const notFoundRoute = defineRoute({
  method: 'GET',
  path: '*',
  // `params.path` is the path below the gateway's base URL (see to-handlers.ts).
  surface: (_request, params) => surfaceForPath(params.path ?? '/'),
  auth: noAuth,
  handle({ request, url }) {
    throw new GatewayError('invalid_url', `Invalid URL (${request.method} ${url.pathname})`)
  },
})
