import type { RouteEntry } from '../pipeline/route-entry.ts'
import { routes } from './routes.ts'

/**
 * The routes as a gateway serves them, in matching order. In the sources and the library, each
 * route itself (routes.ts). The CLI's serve bundle replaces this module with each route's head and
 * an import of its module on first use (scripts/build.ts), so that a start compiles and runs none
 * of the routes' own code.
 */
export const routeEntries: readonly RouteEntry[] = routes
