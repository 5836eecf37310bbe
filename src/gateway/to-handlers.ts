import { http, type HttpHandler } from 'msw'
import { gatewayPrefixes, notFoundRoute } from '../surfaces/not-found.ts'
import type { Route } from './route.ts'
import { runRoute } from './run-route.ts'
import type { GatewayRuntime } from './runtime.ts'

/** A route's msw handler, with the static path prefix the Node adapter dispatches on. */
export interface RouteHandler {
  method: string
  /** The route path up to its first parameter; `null` for the catch-all. */
  prefix: string | null
  handler: HttpHandler
}

/**
 * One msw handler per route, then one catch-all that answers unknown paths under the gateway's
 * prefixes with a 404 in the right envelope. Without `baseUrl` the handlers match any origin.
 */
export function toRouteHandlers(routes: readonly Route<any>[], runtime: GatewayRuntime, baseUrl?: string): RouteHandler[] {
  const base = baseUrl === undefined ? '*' : baseUrl.replace(/\/+$/, '')
  const basePath = baseUrl === undefined ? '' : new URL(baseUrl).pathname.replace(/\/+$/, '')

  const handlers: RouteHandler[] = routes.map((route) => ({
    method: route.method,
    prefix: route.path.split(':')[0] ?? route.path,
    handler: http[route.method.toLowerCase() as Lowercase<Route['method']>](
      `${base}${route.path}`,
      ({ request, params }) => runRoute(route, runtime, request, params as Record<string, string>),
    ),
  }))

  const relativePath = (request: Request): string | undefined => {
    if (baseUrl !== undefined && !request.url.startsWith(base)) return undefined
    const pathname = new URL(request.url).pathname
    if (!pathname.startsWith(basePath)) return undefined
    const path = pathname.slice(basePath.length) || '/'
    return gatewayPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) ? path : undefined
  }

  handlers.push({
    method: '*',
    prefix: null,
    handler: http.all(
      ({ request }) => relativePath(request) !== undefined,
      ({ request }) => runRoute(notFoundRoute, runtime, request, { path: relativePath(request) ?? '/' }),
    ),
  })
  return handlers
}
