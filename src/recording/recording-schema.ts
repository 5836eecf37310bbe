import { z } from 'zod'
import { lazySchema } from '../schema/lazy-schema.ts'
import type { Route } from '../pipeline/route.ts'
import { recordingOf } from './recorded-routes.ts'
import { conversationKeySchema, embeddingKeySchema } from './request-key-schema.ts'

// Field texts are `.describe()`d so that the JSON Schema (schemas/recording.schema.json) shows
// them on hover in editors. A recording is meant to be read and edited by hand: it holds no
// request header and no credential, only what identifies a request and what came back.

const usageSchema = lazySchema(() =>
  z
    .strictObject({
      promptTokens: z.int().nonnegative().describe('Prompt tokens, as the upstream reported them.'),
      completionTokens: z.int().nonnegative().describe('Completion tokens, as the upstream reported them.'),
    })
    .describe('The usage the upstream reported: what the replay reports and charges the quota.'),
)

/** A generation's reply as content, in any surface's terms: what the replay renders in the asking surface's format. */
export const recordedReplySchema = lazySchema(() =>
  z
    .strictObject({
      id: z.string().optional().describe('The reply id the upstream gave (`chatcmpl-…`, `msg_…`, `resp_…`): the replay gives it again.'),
      text: z.string().describe('The reply text. Edit it and the replay sends the edited text.').default(''),
      toolCalls: z
        .array(
          z
            .strictObject({
              id: z.string().optional().describe('The call id the upstream gave (`call_…`, `toolu_…`).'),
              name: z.string().min(1).describe("The tool's name."),
              arguments: z
                .record(z.string(), z.unknown())
                .optional()
                .describe('The arguments object. Default {} (unless argumentsText gives them).'),
              argumentsText: z
                .string()
                .optional()
                .describe(
                  'The arguments as the upstream sent them, when they were not a JSON object (an array, text cut short): replayed as they are.',
                ),
            })
            .refine((call) => call.arguments === undefined || call.argumentsText === undefined, {
              message: 'give arguments (an object) or argumentsText (the text as sent), not both',
            })
            .transform(({ arguments: args, ...call }) => (call.argumentsText === undefined ? { ...call, arguments: args ?? {} } : call)),
        )
        .describe('The tool calls, in order.')
        .default([]),
      reasoning: z.string().optional().describe('Reasoning (thinking) text the upstream sent; kept for reading, not replayed.'),
      finishReason: z
        .enum(['stop', 'length', 'tool_calls'])
        .optional()
        .describe(
          'Why the reply ended, in neutral terms (each surface\'s own word on replay). Default "tool_calls" when there are tool calls, else "stop".',
        ),
      usage: usageSchema.optional(),
    })
    .transform(({ finishReason, ...reply }) => ({
      ...reply,
      finishReason: finishReason ?? (reply.toolCalls.length > 0 ? ('tool_calls' as const) : ('stop' as const)),
    }))
    .describe('The reply as content: text, tool calls, finish reason and usage.'),
)

export const recordedEmbeddingsSchema = lazySchema(() =>
  z
    .strictObject({
      vectors: z.array(z.array(z.number())).describe('One vector per input, in order.'),
      promptTokens: z.int().nonnegative().optional().describe('The prompt tokens the upstream reported, if it did.'),
    })
    .describe('The vectors of an embedding request.'),
)

/** One frame of a stream as it came from the upstream, and when. */
export const recordedFrameSchema = lazySchema(() =>
  z.strictObject({
    atMs: z.number().nonnegative().describe('Milliseconds after the request was sent upstream that the frame arrived.'),
    data: z.string().describe('The server-sent event as it came, without its blank-line end.'),
  }),
)

/** An answer that is not text (audio, an image), as a recording keeps it. */
export const recordedBinarySchema = lazySchema(() =>
  z
    .strictObject({
      contentType: z.string().describe('Its content type, as the upstream sent it.'),
      bytes: z.int().nonnegative().describe('Its length in bytes.'),
      sha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .describe('The SHA-256 of its bytes, in hex.'),
      base64: z.string().optional().describe('Its bytes in base64, for an answer of at most 1 MiB.'),
    })
    .describe('An answer that is not text: kept for reading (and comparing), not replayed.'),
)

const jsonValue = lazySchema(() => z.json().meta({ id: 'JsonValue' }))

const answerFields = ['reply', 'embeddings', 'error', 'body', 'binary'] as const

export const recordedResponseSchema = lazySchema(() =>
  z
    .strictObject({
      status: z.int().min(100).max(599).describe('The HTTP status.'),
      headers: z
        .record(z.string(), z.string())
        .describe('The response headers kept from an allow-list: content type, rate limits, retry advice, request ids.')
        .default({}),
      reply: recordedReplySchema.optional().describe('A generation that succeeded: the reply as content.'),
      embeddings: recordedEmbeddingsSchema.optional().describe('An embedding request that succeeded.'),
      error: jsonValue.optional().describe('An error answer: its body (JSON, or the text it was), replayed as it came.'),
      body: jsonValue.optional().describe('Any other answer (model lists, dashboard routes): its body, kept for reading; not replayed.'),
      binary: recordedBinarySchema.optional(),
      frames: z
        .array(recordedFrameSchema)
        .optional()
        .describe('A stream: its events as they came, with their timing (the replay keeps the pace).'),
      durationMs: z.number().nonnegative().optional().describe('Milliseconds from sending the request to the end of the answer.'),
    })
    .superRefine((response, context) => {
      const given = answerFields.filter((field) => response[field] !== undefined)
      if (given.length !== 1) {
        context.addIssue({
          code: 'custom',
          message: `give exactly one of reply, embeddings, error, body or binary (got ${given.join(', ') || 'none'})`,
        })
      } else if (given[0] === 'error' && response.status < 400) {
        context.addIssue({ code: 'custom', path: ['status'], message: 'an error needs a status of 400 or more' })
      } else if ((given[0] === 'reply' || given[0] === 'embeddings') && (response.status < 200 || response.status > 299)) {
        context.addIssue({ code: 'custom', path: ['status'], message: `a ${given[0]} needs a 2xx status` })
      }
    })
    .describe('What came back.'),
)

function recordedExchangeSchemaOf(routes: readonly Route[]) {
  return lazySchema(() =>
    z
      .strictObject({
        id: z
          .int()
          .positive()
          .describe('The exchange number in the session, in the order the requests were sent; named in reports as #id.'),
        time: z.string().optional().describe('When the request was sent (ISO time).'),
        surface: z.enum(['openai', 'anthropic', 'gemini', 'dashboard', 'admin']).describe('The API surface of the route.'),
        route: z
          .enum(recordedRouteIds(routes))
          .describe(
            'The route id (openai.chat_completions, anthropic.messages, …), or "unknown" for a path no route of this gateway serves.',
          ),
        method: z.string().min(1).describe('The HTTP method.'),
        path: z.string().min(1).describe('The path and query, without credentials (a `key` query parameter is left out).'),
        model: z.string().optional().describe('The model the request named.'),
        stream: z.boolean().optional().describe('Whether the request asked for a stream.'),
        request: z
          .union([conversationKeySchema, embeddingKeySchema])
          .optional()
          .describe(
            'What identifies the request: required for the routes that replay (generations and embeddings) when the answer is a reply, embeddings or an error.',
          ),
        response: recordedResponseSchema,
      })
      .superRefine((exchange, context) => checkReplayable(routes, exchange, context))
      .describe('One request and what came back.'),
  )
}

/** Every route id a recording may name: the gateway's routes (its admin routes are never recorded), and "unknown". */
function recordedRouteIds(routes: readonly Route[]): [string, ...string[]] {
  const ids = new Set(routes.filter((route) => route.surface !== 'admin').map((route) => route.id))
  const all: string[] = [...ids, 'unknown']
  return all as [string, ...string[]]
}

type ExchangeFields = {
  route: string
  request?: object | undefined
  response: { reply?: unknown; embeddings?: unknown; error?: unknown }
}

/**
 * An exchange whose answer replays must say what request it answers, of the kind its route
 * keys; a reply or vectors only replay on routes that give them. Otherwise it would load, and
 * never answer anything.
 */
function checkReplayable(routes: readonly Route[], exchange: ExchangeFields, context: z.RefinementCtx): void {
  const { response, request } = exchange
  const replayable = recordingOf(routes, exchange.route)
  const answer = response.reply !== undefined ? 'reply' : response.embeddings !== undefined ? 'embeddings' : undefined
  if (!replayable) {
    if (answer)
      context.addIssue({
        code: 'custom',
        path: ['response', answer],
        message: `${exchange.route} does not replay: a ${answer === 'reply' ? 'reply' : 'vectors'} replays on ${answer === 'reply' ? 'a generation route (openai.chat_completions, anthropic.messages, …)' : 'an embedding route (openai.embeddings, …)'}; keep the answer under body to read it`,
      })
    return
  }
  if (answer === undefined && response.error === undefined) return
  const wanted =
    replayable.kind === 'embeddings' ? 'an embedding request ({"inputs": [...]})' : 'a generation request ({"lastUserTurn": …})'
  if (answer !== undefined && (answer === 'reply') !== (replayable.kind === 'generation')) {
    context.addIssue({
      code: 'custom',
      path: ['response', answer],
      message: `${exchange.route} answers with ${replayable.kind === 'embeddings' ? 'embeddings' : 'a reply'}, not ${answer === 'reply' ? 'a reply' : 'embeddings'}`,
    })
  }
  if (request === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['request'],
      message: `required: what identifies the request this answer replays for, ${wanted}; without it the exchange would never replay`,
    })
  } else if ('inputs' in request !== (replayable.kind === 'embeddings')) {
    context.addIssue({ code: 'custom', path: ['request'], message: `${exchange.route} is keyed by ${wanted}` })
  }
}

/**
 * A recording file: what `llm-gateway-mock record` writes and `serve --replay` reads, naming
 * `routes` (the gateway's), whose declarations say which answers replay and how each is keyed.
 * One schema per route table, built the first time it is used.
 */
export function recordingSchemaOf(routes: readonly Route[]): RecordingSchema {
  let schema = schemas.get(routes)
  if (!schema) schemas.set(routes, (schema = recordingSchemaBuilt(routes)))
  return schema
}

const schemas = new WeakMap<readonly Route[], RecordingSchema>()
type RecordingSchema = ReturnType<typeof recordingSchemaBuilt>

function recordingSchemaBuilt(routes: readonly Route[]) {
  return lazySchema(() =>
    z
      .strictObject({
        $schema: z.string().optional().describe('The JSON Schema of this file, for editors.'),
        version: z.literal(1).describe('The format version: 1.'),
        name: z.string().min(1).optional().describe('What reports call this recording; by default its file path.'),
        upstream: z.string().optional().describe('The upstream recorded from (its origin and path, never a credential).'),
        recordedAt: z.string().optional().describe('When the session started (ISO time).'),
        exchanges: z.array(recordedExchangeSchemaOf(routes)).describe('The exchanges, in the order the requests were sent.'),
      })
      .superRefine((recording, context) => {
        const seen = new Set<number>()
        recording.exchanges.forEach((exchange, index) => {
          if (seen.has(exchange.id))
            context.addIssue({ code: 'custom', path: ['exchanges', index, 'id'], message: `#${exchange.id} is used twice` })
          seen.add(exchange.id)
          const inputs = exchange.request !== undefined && 'inputs' in exchange.request ? exchange.request.inputs.length : undefined
          const vectors = exchange.response.embeddings?.vectors.length
          if (inputs !== undefined && vectors !== undefined && inputs !== vectors) {
            context.addIssue({
              code: 'custom',
              path: ['exchanges', index, 'response', 'embeddings', 'vectors'],
              message: `${vectors} vectors for ${inputs} inputs: give one per input`,
            })
          }
        })
      }),
  )
}

export type Recording = z.output<RecordingSchema>
/** A recording as written by hand or read from a file: the fields with defaults may be left out. */
export type RecordingInput = z.input<RecordingSchema>
export type RecordedExchange = z.output<ReturnType<typeof recordedExchangeSchemaOf>>
export type RecordedResponse = z.output<typeof recordedResponseSchema>
export type RecordedReply = z.output<typeof recordedReplySchema>
export type RecordedEmbeddings = z.output<typeof recordedEmbeddingsSchema>
export type RecordedFrame = z.output<typeof recordedFrameSchema>
export type RecordedBinary = z.output<typeof recordedBinarySchema>
export type { ConversationKey, EmbeddingKey, RequestKey } from './request-key-schema.ts'
