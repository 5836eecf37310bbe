import { GatewayEvents, type StateChange } from '../journal/gateway-events.ts'
import { Journal } from '../journal/journal.ts'
import { RequestDetails } from '../journal/latest-request-details.ts'
import type { RequestLogEntry } from '../journal/request-log-entry.ts'
import { RateLimiter } from '../limits/rate-limiter.ts'
import { LogBook } from '../logs/log-book.ts'
import { basePathOf } from '../http/path-matcher.ts'
import { defaultMaxBodyDepth } from '../pipeline/body/body-depth.ts'
import { defaultMaxBodyBytes } from '../pipeline/body/read-json-body.ts'
import { GatewayState } from '../pipeline/gateway-state.ts'
import type { GatewayControl, GatewayRuntime } from '../pipeline/gateway-runtime.ts'
import type { Profile } from '../profiles/profile-type.ts'
import { ScenarioEngine } from '../scenarios/scenario-engine.ts'
import { createClock, type TimeSource } from '../time/clock.ts'
import type { World } from '../world/world.ts'

/** The options (GatewayOptions') the runtime is built from. */
export interface RuntimeOptions {
  baseUrl?: string
  maxBodyBytes?: number
  maxBodyDepth?: number
  journalLimit?: number
  detailLimit?: number
  onRequest?: (entry: RequestLogEntry) => void
  time?: TimeSource
}

/**
 * What the pipeline reads and writes for one gateway: the live `world`, its clock, journal, logs,
 * request details, scenario engine (empty: the caller loads it), rate windows and stored state,
 * with `control` (the caller's scenario, reset and replay verdict) and a `changed` that tells the
 * inspector's watchers.
 */
export function buildRuntime(
  world: World,
  options: RuntimeOptions,
  profile: Profile,
  control: Omit<GatewayControl, 'changed'>,
): GatewayRuntime {
  const events = new GatewayEvents()
  const changed = (change: StateChange) => {
    if (events.watched) events.publish({ type: 'state', change })
  }
  const clock = createClock(() => changed('clock'), options.time)
  const journal = new Journal(options.journalLimit)
  const details = new RequestDetails(options.detailLimit)
  const onRequest = options.onRequest
  return {
    world,
    clock,
    profile,
    maxBodyBytes: options.maxBodyBytes ?? defaultMaxBodyBytes,
    maxBodyDepth: options.maxBodyDepth ?? defaultMaxBodyDepth,
    basePath: basePathOf(options.baseUrl),
    startedAt: clock.now(),
    scenarios: new ScenarioEngine(),
    rateLimiter: new RateLimiter(),
    journal,
    logs: new LogBook(journal.limit),
    details,
    keepsDetails: details.limit > 0,
    events,
    state: new GatewayState(),
    report(entry, detail) {
      // The admin API's own calls would crowd out the requests a test wants to read back.
      if (entry.surface !== 'admin') {
        journal.add(entry)
        if (detail) details.add(detail)
        if (events.watched) events.publish({ type: 'request', entry })
      }
      onRequest?.(entry)
    },
    control: { ...control, changed },
  }
}
