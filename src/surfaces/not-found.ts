import { noAuth } from '../auth/auth-requirement.ts'
import { GatewayError } from '../errors/gateway-error.ts'
import { defineRoute } from '../gateway/route.ts'
import { isAnthropicRequest } from './model-routes-auth.ts'
import { surfaceForPath } from './surfaces.ts'

/** `/v1/models` and `/v1/models/{model}`, with or without a trailing slash. */
const modelsPath = /^\/v1\/models(?:\/[^/]+)?\/?$/

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
  surface: (request, params) => {
    const path = params.path ?? '/'
    const surface = surfaceForPath(path)
    // The model routes answer Anthropic clients in Anthropic's envelope; so does their wrong-method 404.
    return surface === 'openai' && modelsPath.test(path) && isAnthropicRequest(request) ? 'anthropic' : surface
  },
  auth: noAuth,
  handle({ request, url }) {
    throw invalidUrl(request, url)
  },
})
