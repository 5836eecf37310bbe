import type { RequestHandler, WebSocketHandler } from 'msw'
import type { Profile } from '../profiles/profile-type.ts'
import { resolveProfile, type ProfileName } from '../profiles/shipped-profiles.ts'
import { routeEntries } from '../surfaces/route-entries.ts'
import { allRoutes, type RouteEntry } from '../pipeline/route-entry.ts'
import type { WorldDefinition } from '../world/resolve-world.ts'
import { World } from '../world/world.ts'
import { applyScenarioWorlds } from '../scenarios/resolve-scenario.ts'
import type { Scenario } from '../scenarios/scenario-schema.ts'
import { toScenario, type ScenarioSpec } from '../scenarios/to-scenario.ts'
import type { Journal } from '../journal/journal.ts'
import type { Clock, TimeSource } from '../time/clock.ts'
import type { RequestLogEntry } from '../journal/request-log-entry.ts'
import { kAdapterSeam, type AdapterSeam } from './adapter-seam.ts'
import { buildRuntime } from './build-runtime.ts'
import { resolveDefinitions } from './gateway-definitions.ts'
import { assertGatewayOptions } from './gateway-options-schema.ts'
import { gatewaySeam } from './gateway-seam.ts'
import { replayControl, replayVerdict, type ReplayControl } from './replay-control.ts'
import { scenarioControl, type ScenarioControl } from './scenario-control.ts'
import { unsupportedNodeMessage } from '../supported-node.ts'
import { toRouteHandlers, withoutCallFrames } from './to-handlers.ts'
import { toSocketHandlers } from './to-socket-handlers.ts'
import type { ReplaySource } from '../recording/named-recordings.ts'
import { withReplay } from '../recording/with-replay.ts'

export interface GatewayOptions {
  /**
   * The world to serve: a whole world, or a patch on the default one (`{ extends: 'default', … }`).
   * Under Node (`import … from 'llm-gateway-mock'` there, and the test-runner fixtures) a path is
   * read too: a world file, JSON or TypeScript, as `--world` reads it. Defaults to the built-in
   * world that `llm-gateway-mock keys` prints.
   */
  world?: WorldDefinition | string
  /**
   * Where the gateway lives, e.g. `http://localhost:4010` or `https://gateway.test/proxy`.
   * Without it the handlers answer the gateway's paths on any origin.
   */
  baseUrl?: string
  /**
   * Serve every model name the world lacks as this model of the world (its kind, prices, context
   * window, the keys that see it), answered and journaled under the name asked for: coding agents
   * ask for model names of their own. The model lists still show the world's models only. Sets
   * the world's `settings.anyModel`; a model the world lacks is a `WorldError`. Default: off, a
   * missing model is `model_not_found`.
   */
  anyModel?: string
  /** Request bodies larger than this many bytes are refused with 413. Default 32 MiB. */
  maxBodyBytes?: number
  /**
   * Request bodies whose objects and arrays nest deeper than this many levels (the body itself
   * is level 1) are refused with 400, naming where. Default 100; at most 1000.
   */
  maxBodyDepth?: number
  /** Scenarios active from the start, applied in order: built-in names or scenario objects. */
  scenarios?: readonly ScenarioSpec[]
  /** Called once for every request the gateway answers, with its journal entry. */
  onRequest?: (entry: RequestLogEntry) => void
  /**
   * How the gateway speaks: `spec` (the default: the interface contract, each surface in its
   * vendor's error envelope) or `new-api` (the real gateway's answers, quirks included). A
   * scenario may switch it while it is active.
   */
  profile?: ProfileName | Profile
  /** How many requests the journal keeps (the last ones); older entries drop off. Default 10 000. */
  journalLimit?: number
  /**
   * Recordings to replay (what `llm-gateway-mock record` writes): a recording's parsed JSON, or a
   * list of them. Under Node (`import … from 'llm-gateway-mock'` there) a path is read too: a
   * recording file, or a directory of them. The world still decides first (keys, visibility,
   * quota, rate limits, context windows, scenarios); then a generation or embedding request that
   * a recording matches gets the recorded reply or error, in its surface's format. A request no
   * recording matches gets the generated reply, or with `replayStrict` a `replay_mismatch` error.
   */
  replay?: ReplaySource | readonly ReplaySource[]
  /** A request that no recording matches gets 400 `replay_mismatch`, naming the nearest recordings and what differs. Default false. */
  replayStrict?: boolean
  /** How fast recorded streams play: 1 (the default) as recorded, 2 twice as fast, 0 without delays. */
  replaySpeed?: number
  /**
   * How many of the latest requests keep their request and reply bodies and stream frames for the
   * inspector (`GET /__mock/journal/{requestId}`). Default 100; 0 keeps none.
   */
  detailLimit?: number
  /**
   * Where the gateway's time comes from: `now()` for its clock (key expiry, rate windows,
   * timestamps) and `sleep(ms, signal)` for its waits (a scenario's `delayMs`, stream pacing,
   * a replay's recorded pace). Default: the system's (`Date.now` and timers). A test passes its own
   * to freeze the time and end each wait when it chooses, so that no verdict depends on how
   * fast the machine is. `gateway.clock.advance` still moves the clock on top of it.
   */
  time?: TimeSource
}

export type { ReplaySource }

export type { ScenarioControl, ReplayControl }

export interface Gateway {
  /**
   * The msw handlers: `setupServer(...gateway.handlers)` or `setupWorker(...)`. The request
   * handlers come first; the last ones are `ws` handlers that serve `/v1/realtime` and
   * `/v1/responses` to clients on the global `WebSocket` class.
   */
  readonly handlers: (RequestHandler | WebSocketHandler)[]
  /** The live world: collections of groups, users, tokens and models. */
  readonly world: World
  /** The gateway's clock; advance it to expire keys without sleeping. */
  readonly clock: Clock
  /** Every request answered, oldest first: the last `journalLimit` (default 10 000). */
  readonly journal: Journal
  /** The active scenarios' script and its report. */
  readonly scenario: ScenarioControl
  /** The replayed recordings' ledger and its report (empty without `replay`). */
  readonly replay: ReplayControl
  /**
   * Replaces the active scenarios: the world goes back to how it was created, then each
   * scenario's world patch applies in order; rules, steps, counters and rate windows start afresh.
   * With no argument, no scenario is active.
   */
  useScenario(...scenarios: ScenarioSpec[]): Promise<void>
  /**
   * Back to how the gateway was created: the world, the clock, the scenarios it was created with
   * (their counters and scripts from the start), empty rate windows, an empty journal, no
   * stored responses, and every recording unused again.
   */
  reset(): Promise<void>
  /** The profile answering now: the gateway's, or the one the active scenarios set. */
  readonly profile: Profile
  /** The seam a server adapter uses (see adapter-seam.ts); `startServer` in `llm-gateway-mock/node` is one. */
  readonly [kAdapterSeam]: AdapterSeam
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
export function createGateway(options: GatewayOptions = {}): Promise<Gateway> {
  return createGatewayServing(routeEntries, options)
}

/**
 * `createGateway` serving a list of routes of its own, in place of route-entries.ts's: a test
 * serves the heads the CLI's serve bundle lists (test/gateway/lazy-routes.test.ts).
 */
export async function createGatewayServing(entries: readonly RouteEntry[], options: GatewayOptions = {}): Promise<Gateway> {
  const refusal = unsupportedNodeMessage()
  if (refusal !== undefined) throw new Error(refusal)
  assertGatewayOptions(options)
  // A replay reads the routes' own declarations of how each replays: every route is loaded first.
  const replayed = options.replay === undefined ? undefined : await allRoutes(entries)
  const defined = resolveDefinitions(options, replayed ?? [])
  const { replay, scenarios: initial } = defined
  const world = await World.create(applyScenarioWorlds(defined.world, initial))
  const control = { useScenario, reset, replay: () => replayVerdict(replay) }
  const runtime = buildRuntime(world, options, profileFor(defined.profile, initial), control)
  const { clock, journal, scenarios } = runtime
  scenarios.load(initial)
  const served =
    replayed === undefined
      ? entries
      : withReplay(replayed, { replay, strict: options.replayStrict === true, speed: options.replaySpeed ?? 1 })
  const routeHandlers = toRouteHandlers(served, runtime, options.baseUrl)
  const socketHandlers = withoutCallFrames(() => toSocketHandlers(entries, runtime, options.baseUrl))

  // Validates (toScenario) before touching the live world, so a bad scenario changes nothing.
  async function useScenario(specs: readonly ScenarioSpec[], where?: (index: number) => string): Promise<void> {
    await activate(specs.map((spec, index) => toScenario(spec, where?.(index))))
  }

  async function activate(active: readonly Scenario[]): Promise<void> {
    await world.load(applyScenarioWorlds(defined.world, active), clock.now())
    scenarios.load(active)
    runtime.rateLimiter.reset()
    runtime.profile = profileFor(defined.profile, active)
    runtime.control.changed('scenario')
  }

  async function reset(): Promise<void> {
    clock.reset()
    journal.clear()
    runtime.logs.clear()
    runtime.details.clear()
    runtime.state.clear()
    replay.reset()
    world.sessions.clear()
    await activate(initial)
    runtime.control.changed('reset')
  }

  return {
    handlers: [...routeHandlers.map((entry) => entry.handler), ...socketHandlers],
    world,
    clock,
    journal,
    scenario: scenarioControl(scenarios),
    replay: replayControl(replay, options.replayStrict === true),
    useScenario: (...specs) => useScenario(specs),
    reset,
    get profile() {
      return runtime.profile
    },
    [kAdapterSeam]: gatewaySeam(runtime, entries, routeHandlers),
  }
}

/** The profile of the last active scenario that sets one, else the gateway's own. */
function profileFor(base: Profile, active: readonly Scenario[]): Profile {
  const named = active.findLast((scenario) => scenario.profile !== undefined)?.profile
  return named === undefined ? base : resolveProfile(named, 'scenario profile')
}
