/**
 * llm-gateway-mock: a local mock of an LLM API gateway of the new-api / one-api family.
 *
 * This entry point is runtime-neutral (Fetch `Request`/`Response` only), so it runs under
 * msw's `setupServer` in Node and `setupWorker` in a browser. The HTTP server lives in
 * `llm-gateway-mock/node`.
 *
 * The zod schemas it exports (`worldSchema`, `modelSchema`, `scenarioSchema`, …) are built on
 * first use (`z.lazy`, for start-up time): `parse` and `safeParse` them as any schema, and
 * `.unwrap()` one for the object schema itself (its `shape`, `extend`, …).
 *
 * @module
 */

/* The gateway */
export {
  createGateway,
  type Gateway,
  type GatewayOptions,
  type ScenarioControl,
  type ReplayControl,
  type ReplaySource,
} from './gateway/create-gateway.ts'
export type { Clock, TimeSource } from './time/clock.ts'
export type { RequestLogEntry, RequestLogEntry as JournalEntry, PipelineStage } from './journal/request-log-entry.ts'
export { Journal } from './journal/journal.ts'

/* Scenarios */
export {
  defineScenario,
  scenarioSchema,
  type Scenario,
  type ScenarioInput,
  type Rule,
  type Step,
  type Action,
  type RequestMatch,
  type RuleMatch,
  type ReplyOverride,
  type BreakStream,
  type When,
  type WhenFunction,
  type ReplyFunction,
} from './scenarios/scenario-schema.ts'
export type { MatchedRequest } from './scenarios/matched-request.ts'
export type { ConversationView } from './conversation/conversation-view.ts'
export { resolveScenario } from './scenarios/resolve-scenario.ts'
export { scenarioJsonSchema } from './scenarios/scenario-json-schema.ts'
export { ScenarioError } from './scenarios/scenario-error.ts'
export { ScenarioAssertionError } from './scenarios/scenario-assertion-error.ts'
export type { ScenarioReport, UnmatchedRequest, NearStep } from './scenarios/scenario-engine.ts'
export type { MatchDifference } from './scenarios/match-request.ts'
export { builtInScenarios, builtInScenarioNames } from './scenarios/built-in-scenarios.ts'
export type { ScenarioSpec } from './scenarios/to-scenario.ts'

/* Record and replay */
export { recordingSchema, recordingJsonSchema } from './gateway/recording-format.ts'
export type {
  Recording,
  RecordingInput,
  RecordedExchange,
  RecordedResponse,
  RecordedReply,
  RecordedEmbeddings,
  RecordedFrame,
  RecordedBinary,
  ConversationKey,
  EmbeddingKey,
} from './recording/recording-schema.ts'
export { RecordingError } from './recording/recording-error.ts'
export { ReplayAssertionError } from './recording/replay-assertion-error.ts'
export type { ReplayReport, UnusedRecording, UnmatchedReplayRequest, NearestRecording, NeverReplayed } from './recording/replay.ts'

/* The world */
export { World } from './world/world.ts'
export { defaultWorld } from './world/default-world.ts'
export { resolveWorld, type WorldDefinition } from './world/resolve-world.ts'
export { WorldError } from './world/world-error.ts'
export { visibleModels, groupsOf } from './world/visibility.ts'
export { describeKeys, type KeyDescription, type AccessTokenDescription, type SignInDescription } from './world/describe-keys.ts'
export { quotaPerUnit, unitsToUsd } from './world/quota-units.ts'
export {
  worldSchema,
  groupSchema,
  userSchema,
  tokenSchema,
  modelSchema,
  redemptionSchema,
  worldSettingsSchema,
  type WorldInput,
  type WorldData,
  type WorldSettings,
  type Group,
  type User,
  type Token,
  type Model,
  type Redemption,
  type Pricing,
  type RateLimit,
  type EndpointType,
} from './world/schemas.ts'
export type { WorldPatch, WorldChanges, ListChange } from './world/patch/world-patch.ts'
export { worldJsonSchema } from './world/world-json-schema.ts'

/* Errors and profiles */
export {
  DefinitionError,
  type DefinitionIssue,
  // The name it had when only worlds had issues.
  type DefinitionIssue as WorldIssue,
} from './definitions/definition-error.ts'
export { GatewayOptionsError } from './gateway/gateway-options-error.ts'
export { GatewayError, gatewayError, type GatewayErrorOptions } from './errors/gateway-error.ts'
export { errorCodes, type ErrorCode } from './errors/error-codes.ts'
export type { ErrorName, ErrorParams } from './errors/error-names.ts'
export { profiles, profileNames, resolveProfile, type ProfileName } from './profiles/shipped-profiles.ts'
export { specProfile } from './profiles/spec-profile.ts'
export { newApiProfile } from './profiles/new-api-profile.ts'
export { defineProfile, type ProfileChanges } from './profiles/define-profile.ts'
export type {
  Profile,
  ProfileShapes,
  CatalogueEntry,
  ErrorEntry,
  EnvelopeName,
  CredentialGroup,
  Language,
  Messages,
  PerSurface,
} from './profiles/profile-type.ts'
export type { SurfaceName } from './http/surface-name.ts'

export { defineWorld } from './world/define-world.ts'

export { version } from './version.ts'
