import type { Profile } from '../profiles/profile-type.ts'
import { resolveProfile, type ProfileName } from '../profiles/shipped-profiles.ts'
import { namedRecordings, type ReplaySource } from '../recording/named-recordings.ts'
import { Replay } from '../recording/replay.ts'
import type { Scenario } from '../scenarios/scenario-schema.ts'
import { toScenario, type ScenarioSpec } from '../scenarios/to-scenario.ts'
import { resolveWorld, type WorldDefinition } from '../world/resolve-world.ts'
import type { WorldData } from '../world/schemas.ts'
import { withAnyModel } from '../world/with-any-model.ts'
import type { Route } from '../pipeline/route.ts'

/** The options (GatewayOptions') that name definitions: the world, scenarios, profile and recordings. */
export interface DefinitionOptions {
  world?: WorldDefinition | string
  anyModel?: string
  scenarios?: readonly ScenarioSpec[]
  profile?: ProfileName | Profile
  replay?: ReplaySource | readonly ReplaySource[]
}

/** What a gateway is made of and goes back to on reset, every part checked. */
export interface GatewayDefinitions {
  /** The gateway's own profile, before any scenario sets one. */
  readonly profile: Profile
  readonly replay: Replay
  /** The world as defined, before any scenario's patch. */
  readonly world: WorldData
  /** The scenarios active from the start. */
  readonly scenarios: readonly Scenario[]
}

/**
 * Each definition resolved and checked (throwing its `DefinitionError` kind, or a `TypeError` for
 * a path, which only the Node entry reads), before anything is built. `routes`: the gateway's
 * routes, loaded, when it replays (the recordings name them); none otherwise.
 */
export function resolveDefinitions(options: DefinitionOptions, routes: readonly Route[]): GatewayDefinitions {
  const profile = resolveProfile(options.profile ?? 'spec', 'createGateway: profile')
  const replay = new Replay(options.replay === undefined ? [] : namedRecordings(options.replay, routes), routes)
  if (typeof options.world === 'string') {
    throw new TypeError(
      `createGateway: world is a path (${JSON.stringify(options.world)}), which only Node can read: import createGateway from 'llm-gateway-mock' in Node (or use loadWorldFile from 'llm-gateway-mock/node'), or pass the world as data`,
    )
  }
  const world = withAnyModel(resolveWorld(options.world, 'passed to createGateway'), options.anyModel)
  const scenarios = (options.scenarios ?? []).map((spec, index) => toScenario(spec, `scenarios[${index}] passed to createGateway`))
  return { profile, replay, world, scenarios }
}
