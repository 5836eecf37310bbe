import type { Route } from './route.ts'

/**
 * What the gateway reads of a route before its module is loaded: where the route lives, whether
 * the active profile serves it, and its line in the banner.
 */
export type RouteHead = Pick<Route, 'id' | 'method' | 'path' | 'surface' | 'optional' | 'banner' | 'bannerPath' | 'quiet'>

/**
 * A route known by its head, whose module (its schemas, its generation, its streams) is loaded
 * the first time a request needs it. The CLI's serve bundle lists every route so (scripts/build.ts
 * makes the list from the routes themselves), so that a start compiles and runs none of their code.
 */
export interface LazyRoute extends RouteHead {
  /** A socket route (socket-route.ts): opened by a WebSocket handshake. */
  socket?: true
  /** The route has a further condition on its path parameters (`Route.accepts`), which only the loaded route can answer. */
  accepts?: true
  load(): Promise<Route>
}

/** A route as the gateway lists it: the route itself, or its head until it is first used. */
export type RouteEntry = Route | LazyRoute

/** Whether an entry is still to load (a route itself has a `handle`). */
export function isLazyRoute(entry: RouteEntry): entry is LazyRoute {
  return 'load' in entry
}

const loaded = new WeakMap<LazyRoute, Route | Promise<Route>>()

/**
 * The route an entry names: the route itself, or the one its module gives, loaded once (the
 * promise until it settles, the route from then on). A module that fails to load is tried again
 * by the next request.
 */
export function routeOf(entry: RouteEntry): Route | Promise<Route> {
  if (!isLazyRoute(entry)) return entry
  const known = loaded.get(entry)
  if (known !== undefined) return known
  const loading = entry.load().then(
    (route) => {
      loaded.set(entry, route)
      return route
    },
    (error: unknown) => {
      loaded.delete(entry)
      throw error
    },
  )
  loaded.set(entry, loading)
  return loading
}

/** Every entry's route, loaded: for what reads them all (a replay's recordings name routes by id). */
export function allRoutes(entries: readonly RouteEntry[]): Promise<Route[]> {
  return Promise.all(entries.map(routeOf))
}
