import type { RateLimiter } from '../limits/rate-limiter.ts'
import type { ScenarioEngine } from '../scenarios/scenario-engine.ts'
import type { ScenarioSpec } from '../scenarios/to-scenario.ts'
import type { Profile } from '../profiles/profile.ts'
import type { World } from '../world/world.ts'
import type { Journal } from '../journal/journal.ts'
import type { Clock } from '../time/clock.ts'
import type { RequestLogEntry } from '../journal/request-log-entry.ts'
import type { GatewayState } from './gateway-state.ts'

/** The live parts of one gateway that every request reads. */
export interface GatewayRuntime {
  world: World
  clock: Clock
  /** The profile answering now: the gateway's, or the last active scenario's. */
  profile: Profile
  /** Request bodies above this many bytes get 413. */
  maxBodyBytes: number
  /** Request bodies nested deeper than this many levels of objects and arrays get 400. */
  maxBodyDepth: number
  /** The path of the gateway's `baseUrl` (`/proxy`), `''` without one: what hints put after a request's origin. */
  basePath: string
  /** Gateway-clock time at which the gateway was created, in ms. */
  startedAt: number
  scenarios: ScenarioEngine
  rateLimiter: RateLimiter
  journal: Journal
  /** What routes keep across requests (the Responses API's stored responses), emptied by reset. */
  state: GatewayState
  report(entry: RequestLogEntry): void
  /** The gateway-wide operations the admin routes expose. */
  control: GatewayControl
}

/** What `/__mock/*` can do to the gateway, the same as the in-process API. */
export interface GatewayControl {
  useScenario(specs: readonly ScenarioSpec[]): Promise<void>
  reset(): Promise<void>
  /** The replay's report (`gateway.replay.pending()`), whether it is done, and the assertion's message when it is not. */
  replay(): { done: boolean; report: object; message?: string }
}
