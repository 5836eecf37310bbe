import { renderFailure } from '../pipeline/render-failure.ts'
import type { GatewayRuntime } from '../pipeline/gateway-runtime.ts'
import { runUpgrade } from '../pipeline/socket/run-upgrade.ts'
import type { RouteEntry } from '../pipeline/route-entry.ts'
import { isSocketEntry, socketRouteOf } from '../pipeline/socket/socket-route.ts'
import { servesRoute } from '../profiles/serves-route.ts'
import { routeCandidates } from './route-candidates.ts'
import type { AdapterSeam } from './adapter-seam.ts'
import type { RouteHandler } from './to-handlers.ts'

/** The gateway's side of the adapter seam: its route handlers, its failures and its socket routes' handshakes, as the active profile answers them. */
export function gatewaySeam(runtime: GatewayRuntime, routes: readonly RouteEntry[], routeHandlers: readonly RouteHandler[]): AdapterSeam {
  const socketRoutes = routes.filter(isSocketEntry)
  return {
    candidates: routeCandidates(routeHandlers),
    failure: (error, path) => renderFailure(runtime.profile, error, path),
    upgrade(request, path) {
      const relative = path.startsWith(runtime.basePath) ? path.slice(runtime.basePath.length).replace(/(.)\/$/, '$1') : undefined
      const entry = socketRoutes.find((candidate) => candidate.path === relative && servesRoute(runtime.profile, candidate))
      return entry && socketRouteOf(entry).then((route) => runUpgrade(route, runtime, request, {}))
    },
    maxMessageBytes: runtime.maxBodyBytes,
    usePageFiles(read) {
      runtime.pageFiles ??= read
    },
  }
}
