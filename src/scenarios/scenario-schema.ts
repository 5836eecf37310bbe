import { z } from 'zod'
import { lazySchema } from '../schema/lazy-schema.ts'
import { errorCodes } from '../errors/error-codes.ts'
import { errorNameList } from '../errors/error-name-list.ts'
import { profileNames } from '../profiles/shipped-profile-names.ts'
import { moderationCategories } from './moderation-categories.ts'
import { toolCallSpecSchema } from '../world/schemas.ts'
import { worldChangesSchema } from '../world/patch/world-patch.ts'
import { patternProblem } from './text-pattern.ts'
import { codeOnlyMark } from '../schema/json-schema-file.ts'
import type { MatchedRequest } from './matched-request.ts'

// Field texts are `.describe()`d so that the JSON Schema (scenarios/scenario.schema.json) shows
// them on hover in editors.

const statusSchema = lazySchema(() => z.int().min(400).max(599))

/** Text, or a regular expression written "/pattern/flags" (checked when the scenario is read). */
const textPatternSchema = lazySchema(() =>
  z
    .string()
    .min(1)
    .superRefine((value, context) => {
      const problem = patternProblem(value)
      if (problem) context.addIssue({ code: 'custom', message: problem })
    }),
)

/**
 * What only a scenario written in code can hold (a function): accepted by the zod schema, left
 * out of the JSON Schema of scenario files (see json-schema-file.ts), which cannot hold one.
 */
function codeOnly<T>(what: string) {
  return z
    .custom<T>()
    .superRefine((value, context) => {
      // Aborting, as a failed discriminator is: a zod 4 union reports the one branch that did not
      // abort, which would hide a reply object's own mistake behind this one.
      if (typeof value !== 'function')
        context.addIssue({ code: 'invalid_type', expected: 'function', input: value, message: `expected ${what}`, continue: false })
    })
    .meta({ [codeOnlyMark]: true })
}

/** Which requests a rule or step is about. Every field given must match. */
export const requestMatchSchema = lazySchema(() =>
  z.strictObject({
    route: z
      .string()
      .min(1)
      .optional()
      .describe(
        '"POST /v1/chat/completions", "/v1/messages" or "/v1beta/models/*": method optional, * matches anything, matched against the end of the path.',
      ),
    surface: z.enum(['openai', 'anthropic', 'gemini']).optional().describe('The API surface the request came through.'),
    model: z.string().min(1).optional().describe('The model id asked for.'),
    key: z
      .string()
      .min(1)
      .optional()
      .describe('The API key, in any spelling the gateway accepts ("sk-vip", "vip"); must be a key of the world.'),
    user: z
      .union([z.int().positive(), z.string().min(1)])
      .optional()
      .describe("The key's owner: a user id or a username of the world."),
    stream: z.boolean().optional().describe('true for streamed requests, false for the rest.'),
    upgrade: z
      .boolean()
      .optional()
      .describe(
        'true: the WebSocket handshake that opens /v1/realtime or /v1/responses as a socket, which only rules and steps that say so see (`fail` refuses it, `delayMs` holds it). Left out or false: requests, and each response on an open socket.',
      ),
    message: textPatternSchema
      .optional()
      .describe('The last user turn\'s text contains this; "/pattern/flags" is a regular expression it must match.'),
    system: textPatternSchema
      .optional()
      .describe('The system prompt (or instructions) contains this; "/pattern/flags" is a regular expression it must match.'),
    toolResult: z
      .union([z.boolean(), textPatternSchema])
      .optional()
      .describe(
        'true: the request returns a tool result (one after the model\'s last turn); false: it returns none; text or "/pattern/flags": a result it returns contains it.',
      ),
    toolCallId: textPatternSchema
      .optional()
      .describe('The request returns the result of the tool call with this id (or one "/pattern/flags" matches).'),
    tool: textPatternSchema.optional().describe('A tool of this name is offered ("*": any tool; "/pattern/flags": a name it matches).'),
    turn: z.int().positive().optional().describe('The number of user turns the request carries: 1 for the first.'),
    header: z
      .record(z.string().min(1), textPatternSchema)
      .optional()
      .describe('Request headers, by name (any case): each value is the header\'s exact value, or "/pattern/flags" it must match.'),
  }),
)

/** A rule's match: the request criteria plus which of the matching requests it fires on. */
export const ruleMatchSchema = lazySchema(() =>
  requestMatchSchema.unwrap().extend({
    call: z.int().positive().optional().describe('Only the Nth matching request (1 = the first).'),
    after: z.int().nonnegative().optional().describe('Every matching request except the first N.'),
    times: z.int().positive().optional().describe('At most N times.'),
    probability: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe("Fires with this chance (0 to 1), drawn from the scenario's seed, so runs repeat."),
  }),
)

/** An error the gateway answers with instead of generating. */
export const failSchema = lazySchema(() =>
  z.strictObject({
    code: z.enum(errorCodes).describe("The error, answered in the surface's own envelope with this code's status."),
    status: statusSchema
      .optional()
      .describe("Overrides the code's status, e.g. 429 for OpenAI's insufficient_quota, 529 for an overloaded upstream, or 502."),
    message: z.string().min(1).optional().describe("Replaces the code's message."),
    as: z
      .enum(errorNameList)
      .optional()
      .describe(
        "Answer as the gateway answers this refusal of its own (an error name, as the journal's `error` shows it): that error's code, type and envelope in the active profile, with `code` kept for the rest. The inspector's copied steps use it where no contract code renders alike.",
      ),
    param: z
      .string()
      .optional()
      .describe('The request field at fault, as `error.param` where the envelope has one and the profile leaves it to the error.'),
    retryAfterMs: z
      .int()
      .nonnegative()
      .optional()
      .describe("Sent as retry-after-ms and, rounded up, as Retry-After (and Gemini's RetryInfo on a 429)."),
    shouldRetry: z.boolean().optional().describe('Sent as x-should-retry, which the OpenAI and Anthropic SDKs obey.'),
    headers: z.record(z.string(), z.string()).optional().describe('Further response headers.'),
  }),
)

/** One piece of a reply given as `blocks`, sent in the order given. */
export const replyBlockSchema = lazySchema(() =>
  z
    .discriminatedUnion('type', [
      z
        .strictObject({ type: z.literal('text'), text: z.string().describe('The text, sent as given.') })
        .describe('Text: a text block, message item or text part.'),
      z
        .strictObject({ type: z.literal('reasoning'), text: z.string().describe('The reasoning text.') })
        .describe(
          "Reasoning, in the surface's own form: Anthropic `thinking` with a signature, a Responses `reasoning` item, chat `reasoning_content`, a Gemini `thought` part.",
        ),
      z
        .strictObject({
          type: z.literal('toolCall'),
          name: z.string().min(1).describe("The tool's name."),
          arguments: z.record(z.string(), z.unknown()).optional().describe('The arguments object the client receives. Default {}.'),
          input: z.string().optional().describe("A freeform call's text instead of `arguments` (Responses `custom_tool_call`)."),
        })
        .refine((block) => block.arguments === undefined || block.input === undefined, {
          message: 'give either `arguments` or `input`',
          path: ['input'],
        })
        .describe('A tool call.'),
    ])
    .describe('A text, reasoning or toolCall block.'),
)

/** What replaces the model's own reply. */
export const replyOverrideSchema = lazySchema(() =>
  z
    .strictObject({
      text: z
        .string()
        .optional()
        .describe(
          "The reply text, sent as given (also to a request for structured output): a completion's text, a transcription's or translation's transcript, an image's revised_prompt, what a speech says.",
        ),
      json: z
        .json()
        .meta({ id: 'JsonValue' })
        .optional()
        .describe(
          'Any JSON value, sent as the reply text in compact JSON and never cut by `max_tokens`: structured output a test chooses.',
        ),
      toolCalls: z
        .array(toolCallSpecSchema)
        .optional()
        .describe('Tool calls, all in one turn, in order: [{name, arguments}] or, for a freeform tool, [{name, input}].'),
      reasoning: z
        .string()
        .optional()
        .describe(
          "Reasoning sent before the text and calls, in the surface's own form (Anthropic thinking, Responses reasoning item, chat reasoning_content, Gemini thought part); counted in the completion tokens as reasoning tokens.",
        ),
      blocks: z
        .array(replyBlockSchema)
        .min(1)
        .optional()
        .describe(
          'The whole reply as ordered pieces, sent in this order on every surface: [{type: "reasoning", text}, {type: "text", text}, {type: "toolCall", name, arguments | input}]. Instead of text, json, toolCalls and reasoning.',
        ),
      finishReason: z.enum(['stop', 'length', 'tool_calls']).optional().describe("Mapped to each surface's own word."),
      moderation: z
        .strictObject({
          categories: z
            .array(z.enum(moderationCategories))
            .describe('The categories every input is flagged for (score 0.99, `flagged: true`); [] flags nothing.'),
        })
        .optional()
        .describe("/v1/moderations: what the inputs are flagged for, instead of the gateway's own word lists."),
      scores: z
        .array(z.number().min(0).max(1))
        .optional()
        .describe(
          '/v1/rerank: the relevance score of each document, by its index (documents beyond the list keep their own), which decides the order.',
        ),
      usage: z
        .strictObject({
          promptTokens: z.int().nonnegative().optional().describe('Reported prompt tokens.'),
          completionTokens: z.int().nonnegative().optional().describe('Reported completion tokens.'),
          cacheReadTokens: z
            .int()
            .nonnegative()
            .optional()
            .describe(
              'Prompt tokens read from the cache (part of promptTokens): OpenAI cached_tokens, Anthropic cache_read_input_tokens, Gemini cachedContentTokenCount.',
            ),
          cacheWriteTokens: z
            .int()
            .nonnegative()
            .optional()
            .describe('Prompt tokens written to the cache (part of promptTokens): Anthropic cache_creation_input_tokens.'),
        })
        .optional()
        .describe('The reported usage, which is also what the quota is charged.'),
    })
    .refine((reply) => reply.text === undefined || reply.json === undefined, { message: 'give either `text` or `json`', path: ['json'] })
    .refine(
      (reply) =>
        reply.blocks === undefined ||
        (reply.text === undefined && reply.json === undefined && reply.toolCalls === undefined && reply.reasoning === undefined),
      { message: '`blocks` is the whole reply: leave out text, json, toolCalls and reasoning', path: ['blocks'] },
    ),
)

/** How a stream breaks: after `afterChunks` content chunks, an error event in the surface's own form, or a dropped connection. */
export const breakStreamSchema = lazySchema(() =>
  z
    .strictObject({
      afterChunks: z.int().nonnegative().describe('Content chunks sent before the break.'),
      error: z
        .strictObject({
          code: z.enum(errorCodes).describe('The error code of the event.'),
          status: statusSchema.optional().describe("Overrides the code's status."),
          message: z.string().min(1).optional().describe("Replaces the code's message."),
        })
        .optional()
        .describe("Send an error event in the surface's own form."),
      disconnect: z.boolean().optional().describe('true: drop the connection instead.'),
    })
    .refine((value) => (value.error === undefined) !== (value.disconnect !== true), {
      message: 'give either `error` or `disconnect: true`',
    }),
)

export const actionSchema = lazySchema(() =>
  z.strictObject({
    fail: failSchema.optional().describe('Answer with this error instead of generating.'),
    delayMs: z.int().nonnegative().optional().describe('Wait this long (real time) before answering; combines with the rest.'),
    reply: z
      .union([replyOverrideSchema, codeOnly<ReplyFunction>('a reply object, or in code a function of the request')])
      .optional()
      .describe("Replace the model's reply."),
    breakStream: breakStreamSchema
      .optional()
      .describe('Streams only: after afterChunks content chunks, an error event (error) or a dropped connection (disconnect: true).'),
  }),
)

/** In code, `when` may be a function of the request (sync), true for the requests it is about. */
export type WhenFunction = (request: MatchedRequest) => boolean

/** In code, a reply may be a function of the request (sync or async) returning the reply. */
export type ReplyFunction = (request: MatchedRequest) => ReplyOverrideInput | Promise<ReplyOverrideInput>

const whenFunctionSchema = lazySchema(() => codeOnly<WhenFunction>('a `when` object, or in code a function of the request'))

/** A step's or `ignore`'s `when`: the request criteria, or in code a function of the request. */
export const whenSchema = lazySchema(() => z.union([requestMatchSchema, whenFunctionSchema]))

export const ruleSchema = lazySchema(() =>
  z.strictObject({
    name: z.string().min(1).optional().describe("Shown in the journal's decidedBy and in reports."),
    when: z
      .union([ruleMatchSchema, whenFunctionSchema])
      .default({})
      .describe('Which generation requests the rule is about; leave it out to match every one.'),
    then: actionSchema.describe('What a matching request gets.'),
  }),
)

export const stepSchema = lazySchema(() =>
  z.strictObject({
    name: z.string().min(1).optional().describe("Shown in the journal's decidedBy and in reports."),
    when: whenSchema.default({}).describe('What the next generation request must look like; leave it out to match any.'),
    then: actionSchema.default({}).describe('What this request gets; empty: the normal answer (the step only checks the call was made).'),
  }),
)

/**
 * A scenario: a world patch, rules consulted on every generation request, and an optional
 * script of steps consumed one generation request at a time.
 */
export const scenarioSchema = lazySchema(() =>
  z.strictObject({
    $schema: z.string().optional().describe('The JSON Schema editors check this file with, e.g. "./scenario.schema.json".'),
    name: z.string().min(1).describe('Shown in decidedBy, reports and errors.'),
    description: z.string().default('').describe('One line for `scenarios list`.'),
    seed: z.int().default(1).describe('Seeds `probability` draws, so a flaky run repeats exactly.'),
    world: worldChangesSchema
      .optional()
      .describe(
        'A world patch applied to whatever world the gateway serves, as a world file\'s but without "extends". Prefer "every" and {"add", "remove"} so that it fits any world.',
      ),
    rules: z
      .array(ruleSchema)
      .default([])
      .describe('{name?, when, then}, consulted on every generation request; the first that fires applies.'),
    steps: z.array(stepSchema).default([]).describe('{name?, when, then}, a script consumed one generation request at a time, in order.'),
    ignore: z
      .array(whenSchema)
      .default([])
      .describe(
        "`when`s of requests the script leaves alone (an agent's title request, a routing call): they get the normal answer, never advance the script, never meet a rule, and are never a strict mismatch.",
      ),
    strict: z.boolean().default(false).describe('Answer a request that matches no step with 400 scenario_mismatch instead of normally.'),
    profile: z
      .enum(profileNames)
      .optional()
      .describe('The profile the gateway speaks in while this scenario is active (the last scenario that sets one wins).'),
  }),
)
export type RequestMatch = z.output<typeof requestMatchSchema>
export type RuleMatch = z.output<typeof ruleMatchSchema>
/** A step's or `ignore`'s `when`. */
export type When = z.output<typeof whenSchema>
export type Fail = z.output<typeof failSchema>
export type ReplyOverride = z.output<typeof replyOverrideSchema>
export type ReplyBlockSpec = z.output<typeof replyBlockSchema>
type ReplyOverrideInput = z.input<typeof replyOverrideSchema>
export type BreakStream = z.output<typeof breakStreamSchema>
/** What a rule or step does, as written: its reply may be a function. */
export type ScenarioAction = z.output<typeof actionSchema>
/** What a request gets, its reply settled (a reply function called): what routes read. */
export type Action = Omit<ScenarioAction, 'reply'> & { reply?: ReplyOverride }
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
