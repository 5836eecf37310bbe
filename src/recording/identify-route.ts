import { pathMatcher, pathnameOf, type PathParams } from '../http/path-matcher.ts'
import { surfaceOf } from '../http/surface-of.ts'
import type { SurfaceName } from '../http/surface-name.ts'
import { routeSurface, type Route } from '../pipeline/route.ts'

/** The gateway route a request to an upstream gateway is for, as this gateway would route it. */
export interface IdentifiedRoute {
  /** Undefined for a path no route of ours serves (still forwarded and recorded, as "unknown"). */
  route: Route | undefined
  params: PathParams
  surface: SurfaceName
}

type Matchers = { route: Route; matches: (url: string) => PathParams | undefined }[]
const matchersOf = new WeakMap<readonly Route[], Matchers>()

/** Which route of `routes` (the gateway's) `request` is for: the first, in routing order, whose method and path it has (any profile's). */
export function identifyRoute(request: Request, routes: readonly Route[]): IdentifiedRoute {
  let matchers = matchersOf.get(routes)
  if (!matchers) {
    matchers = routes.filter((route) => route.surface !== 'admin').map((route) => ({ route, matches: pathMatcher(route.path, undefined) }))
    matchersOf.set(routes, matchers)
  }
  for (const { route, matches } of matchers) {
    if (route.method !== request.method) continue
    const params = matches(request.url)
    if (!params || (route.accepts && !route.accepts(params))) continue
    return { route, params, surface: routeSurface(route, request, '') }
  }
  // A path no route serves is recorded under the surface its path alone says.
  return { route: undefined, params: {}, surface: surfaceOf(pathnameOf(request.url)) }
}
