import type { RouteHead } from '../../pipeline/route-entry.ts'
import type { Profile } from '../../profiles/profile-type.ts'
import { servesRoute } from '../../profiles/serves-route.ts'

/** The banner's lines for the routes `profile` serves: method, path and what each is for, from the routes themselves. */
export function formatRouteLines(routes: readonly RouteHead[], profile: Profile): string[] {
  const listed = routes.filter((route) => route.banner !== undefined && servesRoute(profile, route))
  const pathOf = (route: RouteHead) => route.bannerPath ?? route.path.replace(/:(\w+)/g, '{$1}')
  const width = Math.max(...listed.map((route) => pathOf(route).length))
  return listed.map((route) => `${route.method.padEnd(6)} ${pathOf(route).padEnd(width)}  ${route.banner}`)
}
