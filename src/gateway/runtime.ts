import type { ErrorCatalogue } from '../errors/error-catalogue.ts'
import type { World } from '../world/world.ts'
import type { Clock } from './clock.ts'
import type { RequestLogEntry } from './request-log-entry.ts'

/** The live parts of one gateway that every request reads. */
export interface GatewayRuntime {
  world: World
  clock: Clock
  catalogue: ErrorCatalogue
  /** Request bodies above this many bytes get 413. */
  maxBodyBytes: number
  /** Gateway-clock time at which the gateway was created, in ms. */
  startedAt: number
  report(entry: RequestLogEntry): void
}
