import { z } from 'zod'
import { errorCodes } from '../errors/error-codes.ts'
import { profileNames } from '../profiles/profile-names.ts'
import { toolCallSpecSchema } from '../world/schemas.ts'
import { worldChangesSchema } from '../world/world-patch.ts'

/** Which requests a rule or step is about. Every field given must match. */
export const requestMatchSchema = z.strictObject({
  /** `POST /v1/chat/completions`, `/v1/messages` or `/v1beta/models/*`: method optional, `*` matches anything. */
  route: z.string().min(1).optional(),
  surface: z.enum(['openai', 'anthropic', 'gemini']).optional(),
  model: z.string().min(1).optional(),
  /** The API key, in any spelling the gateway accepts. */
  key: z.string().min(1).optional(),
  /** The key's owner: user id or username. */
  user: z.union([z.int().positive(), z.string().min(1)]).optional(),
  stream: z.boolean().optional(),
})

/** A rule's match: the request criteria plus which of the matching requests it fires on. */
export const ruleMatchSchema = requestMatchSchema.extend({
  /** Only the Nth matching request (1 = the first). */
  call: z.int().positive().optional(),
  /** Not the first N matching requests. */
  after: z.int().nonnegative().optional(),
  /** At most N times. */
  times: z.int().positive().optional(),
  /** Fires with this probability, drawn from the scenario's seed, so runs repeat. */
  probability: z.number().min(0).max(1).optional(),
})

/** An error the gateway answers with instead of generating. */
export const failSchema = z.strictObject({
  code: z.enum(errorCodes),
  /** Overrides the code's status, e.g. 429 for OpenAI's `insufficient_quota`, 529 for an overloaded upstream. */
  status: z.int().min(400).max(599).optional(),
  message: z.string().min(1).optional(),
  /** Sent as `retry-after-ms` and (rounded up) `retry-after`. */
  retryAfterMs: z.int().nonnegative().optional(),
  /** Sent as `x-should-retry`, which the OpenAI and Anthropic SDKs obey. */
  shouldRetry: z.boolean().optional(),
  headers: z.record(z.string(), z.string()).optional(),
})

/** What replaces the model's own reply. */
export const replyOverrideSchema = z
  .strictObject({
    /** The reply text, sent as given (also to a request for structured output). */
    text: z.string().optional(),
    /** Any JSON value, sent as the reply text in compact JSON and never cut by `max_tokens`: structured output a test chooses. */
    json: z.json().meta({ id: 'JsonValue' }).optional(),
    toolCalls: z.array(toolCallSpecSchema).optional(),
    finishReason: z.enum(['stop', 'length', 'tool_calls']).optional(),
    usage: z
      .strictObject({
        promptTokens: z.int().nonnegative().optional(),
        completionTokens: z.int().nonnegative().optional(),
      })
      .optional(),
  })
  .refine((reply) => reply.text === undefined || reply.json === undefined, { message: 'give either `text` or `json`', path: ['json'] })

/** How a stream breaks: after `afterChunks` content chunks, an error event in the surface's own form, or a dropped connection. */
export const breakStreamSchema = z
  .strictObject({
    afterChunks: z.int().nonnegative(),
    error: z
      .strictObject({
        code: z.enum(errorCodes),
        status: z.int().min(400).max(599).optional(),
        message: z.string().min(1).optional(),
      })
      .optional(),
    disconnect: z.boolean().optional(),
  })
  .refine((value) => (value.error === undefined) !== (value.disconnect !== true), {
    message: 'give either `error` or `disconnect: true`',
  })

export const actionSchema = z.strictObject({
  fail: failSchema.optional(),
  /** Waits this long (real time) before answering. */
  delayMs: z.int().nonnegative().optional(),
  reply: replyOverrideSchema.optional(),
  breakStream: breakStreamSchema.optional(),
})

export const ruleSchema = z.strictObject({
  name: z.string().min(1).optional(),
  when: ruleMatchSchema.default({}),
  then: actionSchema,
})

export const stepSchema = z.strictObject({
  name: z.string().min(1).optional(),
  when: requestMatchSchema.default({}),
  /** What this request gets; empty: the normal answer (the step only checks the call was made). */
  then: actionSchema.default({}),
})

/**
 * A scenario: a world patch, rules consulted on every generation request, and an optional
 * script of steps consumed one generation request at a time.
 */
export const scenarioSchema = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().min(1),
  description: z.string().default(''),
  /** Seeds `probability` draws, so a flaky run repeats exactly. */
  seed: z.int().default(1),
  world: worldChangesSchema.optional(),
  rules: z.array(ruleSchema).default([]),
  steps: z.array(stepSchema).default([]),
  /** Answer requests that match no step with a `scenario_mismatch` error instead of normally. */
  strict: z.boolean().default(false),
  /** The profile the gateway speaks in while this scenario is active (the last scenario that sets one wins). */
  profile: z.enum(profileNames).optional(),
})

export type RequestMatch = z.output<typeof requestMatchSchema>
export type RuleMatch = z.output<typeof ruleMatchSchema>
export type Fail = z.output<typeof failSchema>
export type ReplyOverride = z.output<typeof replyOverrideSchema>
export type BreakStream = z.output<typeof breakStreamSchema>
export type Action = z.output<typeof actionSchema>
export type Rule = z.output<typeof ruleSchema>
export type Step = z.output<typeof stepSchema>
/** A validated scenario. */
export type Scenario = z.output<typeof scenarioSchema>
/** A scenario as written by hand: defaulted fields may be left out. */
export type ScenarioInput = z.input<typeof scenarioSchema>

/**
 * Identity helper for scenario files written in TypeScript: `export default defineScenario({...})`
 * type-checks the scenario as you write it.
 */
export function defineScenario(scenario: ScenarioInput): ScenarioInput {
  return scenario
}
