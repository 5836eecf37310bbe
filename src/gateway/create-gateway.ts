import type { RequestHandler, WebSocketHandler } from 'msw'
import { defaultMaxBodyBytes } from '../pipeline/body/read-json-body.ts'
import { GatewayState } from '../pipeline/gateway-state.ts'
import { renderFailure } from '../pipeline/render-failure.ts'
import type { Profile } from '../profiles/profile-type.ts'
import { resolveProfile, type ProfileName } from '../profiles/shipped-profiles.ts'
import { routes } from '../surfaces/routes.ts'
import { resolveWorld, type WorldDefinition } from '../world/resolve-world.ts'
import { World } from '../world/world.ts'
import { withAnyModel } from '../world/with-any-model.ts'
import { RateLimiter } from '../limits/rate-limiter.ts'
import { applyScenarioWorlds } from '../scenarios/resolve-scenario.ts'
import { ScenarioAssertionError } from '../scenarios/scenario-assertion-error.ts'
import { isDone, ScenarioEngine, type ScenarioReport } from '../scenarios/scenario-engine.ts'
import type { Scenario } from '../scenarios/scenario-schema.ts'
import { toScenario, type ScenarioSpec } from '../scenarios/to-scenario.ts'
import { LogBook } from '../logs/log-book.ts'
import { Journal } from '../journal/journal.ts'
import { GatewayEvents, type StateChange } from '../journal/gateway-events.ts'
import { RequestDetails } from '../journal/latest-request-details.ts'

import { defaultMaxBodyDepth } from '../pipeline/body/body-depth.ts'
import { createClock, type Clock, type TimeSource } from '../time/clock.ts'
import type { RequestLogEntry } from '../journal/request-log-entry.ts'
import { kAdapterSeam, type AdapterSeam } from './adapter-seam.ts'
import { assertGatewayOptions } from './gateway-options-schema.ts'
import { unsupportedNodeMessage } from '../supported-node.ts'
import type { GatewayRuntime } from '../pipeline/gateway-runtime.ts'
import { toRouteHandlers, withoutCallFrames } from './to-handlers.ts'
import { toSocketHandlers } from './to-socket-handlers.ts'
import { isSocketRoute } from '../pipeline/socket-route.ts'
import { runUpgrade } from '../pipeline/run-upgrade.ts'
import { servesRoute } from '../profiles/serves-route.ts'
import { basePathOf } from '../http/path-matcher.ts'
import { namedRecordings, type ReplaySource } from '../recording/named-recordings.ts'
import { isReplayDone, Replay, type ReplayReport, type UnmatchedReplayRequest, type UnusedRecording } from '../recording/replay.ts'
import { ReplayAssertionError } from '../recording/replay-assertion-error.ts'
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

/** The replay's ledger, for assertions at the end of a test (the same shape as {@link ScenarioControl}). */
export interface ReplayControl {
  /** Names of the recordings replayed (their file paths, or `replay[i]`), in the order given. */
  readonly recordings: readonly string[]
  /**
   * Whether the replay is strict (`replayStrict`): the recordings are the whole of what the test
   * should send, so a recording left unused or a request none matched is a failure (the test-runner
   * fixtures fail the test then).
   */
  readonly strict: boolean
  /** Recorded exchanges not yet used and requests no recording answered. */
  pending(): ReplayReport
  /** The recorded exchanges (generations, embeddings, errors) that no request has used yet. */
  unused(): UnusedRecording[]
  /** The requests no recording answered, each with the nearest recordings and what differs. */
  unmatched(): UnmatchedReplayRequest[]
  /** Throws, with the report in the message, if a recorded exchange was not used or a request had no recording. */
  assertDone(): void
}

/** The active scenarios' script, for assertions at the end of a test. */
export interface ScenarioControl {
  /** Names of the active scenarios, in the order they were applied. */
  readonly names: readonly string[]
  /**
   * Whether an active scenario is strict (`strict: true`): its script is the whole of what the
   * test may send, and the runner fixtures (`llm-gateway-mock/vitest`, …) fail a test that leaves it unfinished.
   */
  readonly strict: boolean
  /** Steps not yet consumed and requests that matched no step. */
  pending(): ScenarioReport
  /** Throws, with the report in the message, if a step was not consumed or a request matched none. */
  assertDone(): void
}

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
export async function createGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const refusal = unsupportedNodeMessage()
  if (refusal !== undefined) throw new Error(refusal)
  assertGatewayOptions(options)
  const baseProfile = resolveProfile(options.profile ?? 'spec', 'createGateway: profile')
  const replay = new Replay(options.replay === undefined ? [] : namedRecordings(options.replay))
  if (typeof options.world === 'string') {
    throw new TypeError(
      `createGateway: world is a path (${JSON.stringify(options.world)}), which only Node can read: import createGateway from 'llm-gateway-mock' in Node (or use loadWorldFile from 'llm-gateway-mock/node'), or pass the world as data`,
    )
  }
  const data = withAnyModel(resolveWorld(options.world, 'passed to createGateway'), options.anyModel)
  const initial = (options.scenarios ?? []).map((spec, index) => toScenario(spec, `scenarios[${index}] passed to createGateway`))
  const world = await World.create(applyScenarioWorlds(data, initial))
  const events = new GatewayEvents()
  const changed = (change: StateChange) => {
    if (events.watched) events.publish({ type: 'state', change })
  }
  const clock = createClock(() => changed('clock'), options.time)
  const journal = new Journal(options.journalLimit)
  const logs = new LogBook(journal.limit)
  const details = new RequestDetails(options.detailLimit)
  const scenarios = new ScenarioEngine()
  scenarios.load(initial)
  const rateLimiter = new RateLimiter()
  const state = new GatewayState()
  const onRequest = options.onRequest
  const runtime: GatewayRuntime = {
    world,
    clock,
    profile: profileFor(baseProfile, initial),
    maxBodyBytes: options.maxBodyBytes ?? defaultMaxBodyBytes,
    maxBodyDepth: options.maxBodyDepth ?? defaultMaxBodyDepth,
    basePath: basePathOf(options.baseUrl),
    startedAt: clock.now(),
    scenarios,
    rateLimiter,
    journal,
    logs,
    details,
    keepsDetails: details.limit > 0,
    events,
    state,
    report(entry, detail) {
      // The admin API's own calls would crowd out the requests a test wants to read back.
      if (entry.surface !== 'admin') {
        journal.add(entry)
        if (detail) details.add(detail)
        if (events.watched) events.publish({ type: 'request', entry })
      }
      onRequest?.(entry)
    },
    control: {
      useScenario,
      reset,
      changed,
      replay() {
        const report = replay.report()
        const done = isReplayDone(report)
        // The message is written only for what asks for it (the assert route), not for each state read.
        return {
          done,
          report,
          get message() {
            return done ? undefined : new ReplayAssertionError(report).message
          },
        }
      },
    },
  }
  const served =
    options.replay === undefined
      ? routes
      : withReplay(routes, { replay, strict: options.replayStrict === true, speed: options.replaySpeed ?? 1 })
  const routeHandlers = toRouteHandlers(served, runtime, options.baseUrl)
  const socketHandlers = withoutCallFrames(() => toSocketHandlers(routes, runtime, options.baseUrl))
  const socketRoutes = routes.filter(isSocketRoute)

  // Validates (toScenario) before touching the live world, so a bad scenario changes nothing.
  async function useScenario(specs: readonly ScenarioSpec[], where?: (index: number) => string): Promise<void> {
    await activate(specs.map((spec, index) => toScenario(spec, where?.(index))))
  }

  async function activate(active: readonly Scenario[]): Promise<void> {
    await world.load(applyScenarioWorlds(data, active), clock.now())
    scenarios.load(active)
    rateLimiter.reset()
    runtime.profile = profileFor(baseProfile, active)
    changed('scenario')
  }

  async function reset(): Promise<void> {
    clock.reset()
    journal.clear()
    logs.clear()
    details.clear()
    state.clear()
    replay.reset()
    world.sessions.clear()
    await activate(initial)
    changed('reset')
  }

  return {
    handlers: [...routeHandlers.map((entry) => entry.handler), ...socketHandlers],
    world,
    clock,
    journal,
    scenario: {
      get names() {
        return scenarios.names
      },
      get strict() {
        return scenarios.strict
      },
      pending: () => scenarios.report(),
      assertDone() {
        const report = scenarios.report()
        if (!isDone(report)) throw new ScenarioAssertionError(report)
      },
    },
    replay: {
      get recordings() {
        return replay.recordings
      },
      strict: options.replayStrict === true,
      pending: () => replay.report(),
      unused: () => replay.report().unused,
      unmatched: () => replay.report().unmatched,
      assertDone() {
        const report = replay.report()
        if (!isReplayDone(report)) throw new ReplayAssertionError(report)
      },
    },
    useScenario: (...specs) => useScenario(specs),
    reset,
    get profile() {
      return runtime.profile
    },
    [kAdapterSeam]: {
      routes: routeHandlers,
      failure: (error, path) => renderFailure(runtime.profile, error, path),
      upgrade(request, path) {
        const relative = path.startsWith(runtime.basePath) ? path.slice(runtime.basePath.length).replace(/(.)\/$/, '$1') : undefined
        const route = socketRoutes.find((candidate) => candidate.path === relative && servesRoute(runtime.profile, candidate))
        return route && runUpgrade(route, runtime, request, {})
      },
      maxMessageBytes: runtime.maxBodyBytes,
      usePageFiles(read) {
        runtime.pageFiles ??= read
      },
    },
  }
}

/** The profile of the last active scenario that sets one, else the gateway's own. */
function profileFor(base: Profile, active: readonly Scenario[]): Profile {
  const named = active.findLast((scenario) => scenario.profile !== undefined)?.profile
  return named === undefined ? base : resolveProfile(named, 'scenario profile')
}
