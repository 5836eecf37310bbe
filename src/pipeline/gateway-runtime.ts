import type { RateLimiter } from '../limits/rate-limiter.ts'
import type { ScenarioEngine } from '../scenarios/scenario-engine.ts'
import type { ScenarioSpec } from '../scenarios/to-scenario.ts'
import type { Profile } from '../profiles/profile-type.ts'
import type { World } from '../world/world.ts'
import type { Journal } from '../journal/journal.ts'
import type { Clock } from '../time/clock.ts'
import type { RequestLogEntry } from '../journal/request-log-entry.ts'
import type { ReportedDetail } from '../journal/request-detail.ts'
import type { RequestDetails } from '../journal/latest-request-details.ts'
import type { GatewayEvents, StateChange } from '../journal/gateway-events.ts'
import type { GatewayState } from './gateway-state.ts'
import type { LogBook } from '../logs/log-book.ts'

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
  /** The gateway's own log table (new-api's logs: consume, top-up, manage, error), read by `/api/log/*`. */
  logs: LogBook
  /** The latest requests with their bodies and stream frames, for the inspector. */
  details: RequestDetails
  /** Whether requests are kept in detail at all (a detail limit above 0): when not, none is built. */
  keepsDetails: boolean
  /** The live feed of requests and state changes that the inspector watches. */
  events: GatewayEvents
  /** What routes keep across requests (the Responses API's stored responses), emptied by reset. */
  state: GatewayState
  /** Records an answered request: in the journal, in detail when given one, and to whoever watches. */
  report(entry: RequestLogEntry, detail?: ReportedDetail): void
  /** The gateway-wide operations the admin routes expose. */
  control: GatewayControl
  /**
   * Reads a file of the inspector's page, for a gateway run from its sources: the build bundles
   * the page, and a server adapter gives this for when it is not (see adapter-seam.ts).
   */
  pageFiles?: (name: string) => Promise<string | undefined>
}

/** What `/__mock/*` can do to the gateway, the same as the in-process API. */
export interface GatewayControl {
  /** `where` tells an entry without a name in errors: where it was given. */
  useScenario(specs: readonly ScenarioSpec[], where?: (index: number) => string): Promise<void>
  reset(): Promise<void>
  /** The replay's report (`gateway.replay.pending()`), whether it is done, and the assertion's message when it is not. */
  replay(): { done: boolean; report: object; message?: string }
  /** Tells the inspector's feed that the state changed outside a request's answer. */
  changed(change: StateChange): void
}
