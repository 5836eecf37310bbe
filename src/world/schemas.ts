import { z } from 'zod'

/** The API surfaces a model is served on (`supported_endpoint_types` in the model list). */
export const endpointTypeSchema = z.enum(['openai', 'anthropic', 'gemini', 'embeddings'])

/** What a model does: `chat` models generate text, `embedding` models turn text into vectors. */
export const modelKindSchema = z.enum(['chat', 'embedding'])

/** A request-rate limit: at most `requests` in every window of `windowMs`. */
export const rateLimitSchema = z.strictObject({
  requests: z.int().positive(),
  windowMs: z.int().positive(),
})

export const groupSchema = z.strictObject({
  name: z.string().min(1),
  /** Price multiplier applied to every request made through this group. */
  ratio: z.number().nonnegative().default(1),
  /** Ids of the models enabled in this group, in listing order. */
  models: z.array(z.string()).default([]),
  rateLimit: rateLimitSchema.optional(),
  description: z.string().default(''),
})

export const userSchema = z.strictObject({
  id: z.int().positive(),
  username: z.string().min(1),
  displayName: z.string().optional(),
  role: z.enum(['user', 'admin', 'root']).default('user'),
  status: z.enum(['enabled', 'disabled']).default('enabled'),
  /** The user's own group. */
  group: z.string().default('default'),
  /** Further groups this user may pick for a token (and that `auto` may fall through to). */
  extraGroups: z.array(z.string()).default([]),
  /** Remaining quota, in gateway units (500 000 = 1 USD). */
  quota: z.int().nonnegative(),
  usedQuota: z.int().nonnegative().default(0),
  requestCount: z.int().nonnegative().default(0),
  /** The dashboard access token (`Authorization: Bearer …` on `/api/*`). */
  accessToken: z.string().min(1),
  email: z.string().default(''),
  rateLimit: rateLimitSchema.optional(),
})

export const tokenSchema = z.strictObject({
  /** The API key as users see it (`sk-…`). */
  key: z
    .string()
    .min(1)
    .regex(/^[\w.-]+$/, 'letters, digits, "_", "-" and "." only'),
  name: z.string().min(1),
  userId: z.int().positive(),
  status: z.enum(['enabled', 'disabled', 'expired', 'exhausted']).default('enabled'),
  /** ISO date-time after which the key stops working; null for never. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  remainQuota: z.int().nonnegative().default(0),
  unlimitedQuota: z.boolean().default(false),
  usedQuota: z.int().nonnegative().default(0),
  /** Model ids this key may use; null for no restriction (an empty list allows nothing). */
  modelLimits: z.array(z.string()).nullable().default(null),
  /** The group the key is pinned to (`auto` included); null for the owner's group. */
  group: z.string().nullable().default(null),
  rateLimit: rateLimitSchema.optional(),
})

const ratioPricingSchema = z.strictObject({
  /** 1 = 1 unit per token (USD 2 per million tokens). */
  ratio: z.number().nonnegative(),
  completionRatio: z.number().nonnegative().default(1),
})

const perCallPricingSchema = z.strictObject({
  /** USD per request. */
  pricePerCall: z.number().nonnegative(),
})

export const pricingSchema = z.union([ratioPricingSchema, perCallPricingSchema])

/** A tool call a model is scripted to make; `arguments` is the object the client receives. */
export const toolCallSpecSchema = z.strictObject({
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
})

/**
 * What a model answers. `echo` (the default) derives the reply from the request: it quotes the
 * last user message, or calls one of the request's tools with arguments built from its schema.
 */
export const modelReplySchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('echo') }),
  z.strictObject({ type: z.literal('text'), text: z.string() }),
  /** Deterministic filler text of exactly `tokens` tokens (before `max_tokens` truncation). */
  z.strictObject({ type: z.literal('lorem'), tokens: z.int().positive() }),
  z.strictObject({
    type: z.literal('tool-calls'),
    calls: z.array(toolCallSpecSchema).min(1),
    /** Text sent before the calls. */
    text: z.string().default(''),
  }),
])

/** Delays of a streamed reply: before the first token, then between tokens. */
export const streamTimingSchema = z.strictObject({
  firstTokenMs: z.int().nonnegative().default(0),
  /** null: no delay between tokens. */
  tokensPerSecond: z.number().positive().nullable().default(null),
})

/** `instant` (the default, so tests run fast), `realistic` (for demos), or explicit delays. */
export const streamingSchema = z.union([z.enum(['instant', 'realistic']), streamTimingSchema])

export const modelSchema = z
  .strictObject({
    id: z.string().min(1),
    /** `chat` (the default) answers the generation routes; `embedding` answers only the embedding routes. */
    kind: modelKindSchema.default('chat'),
    ownedBy: z.string().default('custom'),
    displayName: z.string().optional(),
    description: z.string().default(''),
    endpointTypes: z.array(endpointTypeSchema).min(1).default(['openai']),
    /** Unix seconds, as listed in `created`. */
    created: z.int().nonnegative().default(1626777600),
    /** The prompt's limit in tokens; for an embedding model, each input's. */
    contextWindow: z.int().positive().default(128_000),
    maxOutputTokens: z.int().positive().default(8_192),
    /** An embedding model's vector length: the most `dimensions` / `outputDimensionality` may ask for, and the default. */
    dimensions: z.int().positive().optional(),
    /** null: no billing configured, so the model is hidden unless the world is in self-use mode. */
    pricing: pricingSchema.nullable().default(null),
    reply: modelReplySchema.default({ type: 'echo' }),
    streaming: streamingSchema.default('instant'),
  })
  .superRefine((model, context) => {
    if (model.kind === 'embedding' && model.dimensions === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['dimensions'],
        message: 'an embedding model needs its dimensions (the length of its vectors)',
      })
    }
  })

export const worldSettingsSchema = z.strictObject({
  /** Show and serve models without pricing (new-api's self-use mode). */
  selfUseMode: z.boolean().default(false),
  /** The groups an `auto` key tries, in order (each only if its owner may use it). */
  autoGroups: z.array(z.string()).default([]),
  systemName: z.string().default('LLM Gateway Mock'),
})

export const worldSchema = z.strictObject({
  $schema: z.string().optional(),
  settings: worldSettingsSchema.default(worldSettingsSchema.parse({})),
  groups: z.array(groupSchema),
  users: z.array(userSchema),
  tokens: z.array(tokenSchema),
  models: z.array(modelSchema),
})

export type EndpointType = z.infer<typeof endpointTypeSchema>
export type ModelKind = z.infer<typeof modelKindSchema>
export type RateLimit = z.infer<typeof rateLimitSchema>
export type Group = z.infer<typeof groupSchema>
export type User = z.infer<typeof userSchema>
export type Token = z.infer<typeof tokenSchema>
export type Model = z.infer<typeof modelSchema>
export type Pricing = z.infer<typeof pricingSchema>
export type ModelReply = z.infer<typeof modelReplySchema>
export type ToolCallSpec = z.infer<typeof toolCallSpecSchema>
export type StreamTiming = z.infer<typeof streamTimingSchema>
export type Streaming = z.infer<typeof streamingSchema>
export type WorldSettings = z.infer<typeof worldSettingsSchema>
/** A complete, validated world. */
export type WorldData = z.infer<typeof worldSchema>
/** A world as written by hand: every defaulted field may be left out. */
export type WorldInput = z.input<typeof worldSchema>
