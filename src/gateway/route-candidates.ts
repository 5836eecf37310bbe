import type { RequestHandler } from 'msw'
import { memo } from '../cache/memo.ts'
import type { RouteHandler } from './to-handlers.ts'

/**
 * The handlers that can answer a request, in their order: the routes of its method whose static
 * prefix its path starts with, and the catch-all. msw tries every handler it is given and each one
 * parses the request, so an adapter hands `getResponse` these rather than all of them (msw's first
 * match wins either way). The routes of each method are picked out once, and the candidates of a
 * path remembered (a few hundred paths, least recently used dropped): a server sees the same paths
 * again and again, and a method has dozens of routes to compare.
 */
export function routeCandidates(routes: readonly RouteHandler[]): (method: string, pathname: string) => RequestHandler[] {
  const byMethod = new Map<string, { routes: RouteHandler[]; paths: ReturnType<typeof memo<RequestHandler[]>> }>()
  const routesOf = (method: string) => {
    let known = byMethod.get(method)
    if (!known) {
      known = { routes: routes.filter((entry) => entry.prefix === null || entry.method === method), paths: memo(256, 512) }
      // Only methods some route serves are kept: any other gets the catch-all, looked up afresh.
      if (known.routes.some((entry) => entry.prefix !== null)) byMethod.set(method, known)
    }
    return known
  }
  return (method, pathname) => {
    const { routes: ofMethod, paths } = routesOf(method)
    return paths(pathname, () => {
      const list: RequestHandler[] = []
      for (const entry of ofMethod) {
        if (entry.prefix === null || pathname.startsWith(entry.prefix)) list.push(entry.handler)
      }
      return list
    })
  }
}
