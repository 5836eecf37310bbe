import type { HttpHandler } from 'msw'
import { specCatalogue } from '../errors/error-catalogue.ts'
import { routes } from '../surfaces/routes.ts'
import { resolveWorld, type WorldDefinition } from '../world/resolve-world.ts'
import { World } from '../world/world.ts'
import { defaultMaxBodyBytes } from './read-json-body.ts'
import { createClock, type Clock } from './clock.ts'
import type { RequestLogEntry } from './request-log-entry.ts'
import { kRouteHandlers } from './route-handlers-symbol.ts'
import type { GatewayRuntime } from './runtime.ts'
import { toRouteHandlers, type RouteHandler } from './to-handlers.ts'

export interface GatewayOptions {
  /**
   * The world to serve: a whole world, or a patch on the default one (`{ extends: 'default', … }`).
   * Defaults to the built-in world that `llm-gateway-mock keys` prints.
   */
  world?: WorldDefinition
  /**
   * Where the gateway lives, e.g. `http://localhost:4010` or `https://gateway.test/proxy`.
   * Without it the handlers answer the gateway's paths on any origin.
   */
  baseUrl?: string
  /** Request bodies larger than this many bytes are refused with 413. Default 32 MiB. */
  maxBodyBytes?: number
  /** Called once for every request the gateway answers. */
  onRequest?: (entry: RequestLogEntry) => void
}

export interface Gateway {
  /** The msw request handlers: `setupServer(...gateway.handlers)` or `setupWorker(...)`. */
  readonly handlers: HttpHandler[]
  /** The live world: collections of groups, users, tokens and models. */
  readonly world: World
  /** The gateway's clock; advance it to expire keys without sleeping. */
  readonly clock: Clock
  /** Puts the world and the clock back as they were when the gateway was created. */
  reset(): Promise<void>
  /** @internal The handlers with their dispatch prefixes, for the Node adapter. */
  readonly [kRouteHandlers]: readonly RouteHandler[]
}

/**
 * Creates a gateway: its world, its clock and the msw handlers that serve it.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { createGateway } from 'llm-gateway-mock'
 *
 * const gateway = await createGateway()
 * const server = setupServer(...gateway.handlers)
 * server.listen()
 */
export async function createGateway(options: GatewayOptions = {}): Promise<Gateway> {
  if (options.baseUrl !== undefined) assertBaseUrl(options.baseUrl)
  if (options.maxBodyBytes !== undefined && !(Number.isSafeInteger(options.maxBodyBytes) && options.maxBodyBytes > 0)) {
    throw new TypeError(`createGateway: maxBodyBytes must be a positive integer, got ${options.maxBodyBytes}`)
  }
  const data = resolveWorld(options.world, 'passed to createGateway')
  const world = await World.create(data)
  const clock = createClock()
  const onRequest = options.onRequest
  const runtime: GatewayRuntime = {
    world,
    clock,
    catalogue: specCatalogue,
    maxBodyBytes: options.maxBodyBytes ?? defaultMaxBodyBytes,
    startedAt: clock.now(),
    report: onRequest ? (entry) => onRequest(entry) : () => {},
  }
  const routeHandlers = toRouteHandlers(routes, runtime, options.baseUrl)

  return {
    handlers: routeHandlers.map((entry) => entry.handler),
    world,
    clock,
    async reset() {
      clock.reset()
      await world.load(data)
    },
    [kRouteHandlers]: routeHandlers,
  }
}

function assertBaseUrl(baseUrl: string): void {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new TypeError(`createGateway: baseUrl must be an absolute URL such as "http://localhost:4010", got ${JSON.stringify(baseUrl)}`)
  }
  if (url.search || url.hash) throw new TypeError(`createGateway: baseUrl must not have a query or hash, got ${JSON.stringify(baseUrl)}`)
}
