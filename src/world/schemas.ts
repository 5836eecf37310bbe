import { z } from 'zod'
import { lazySchema } from '../schema/lazy-schema.ts'
import { valueUnits } from '../schema/value-units.ts'
import { quotaUnit } from './quota-units.ts'

// Field texts are `.describe()`d, before any `.default()`, so that the JSON Schema editors read
// (`llm-gateway-mock schema world`) shows them on hover, and patches (which strip defaults) keep them.

/** The API surfaces a model is served on (`supported_endpoint_types` in the model list): new-api's own values. */
export const endpointTypeSchema = lazySchema(() =>
  z
    .enum([
      'openai',
      'openai-response',
      'openai-response-compact',
      'openai-alpha-search',
      'anthropic',
      'gemini',
      'jina-rerank',
      'image-generation',
      'embeddings',
      'openai-video',
    ])
    .describe(
      'An API surface, as new-api names it: "openai" (chat completions and the other /v1 routes), "openai-response" (/v1/responses), "openai-response-compact", "openai-alpha-search", "anthropic" (messages), "gemini" (generateContent), "jina-rerank" (/v1/rerank), "image-generation" (/v1/images/generations), "embeddings" (/v1/embeddings) or "openai-video".',
    ),
)

/** What a model does, which decides the routes that accept it. */
export const modelKindSchema = lazySchema(() =>
  z
    .enum(['chat', 'embedding', 'completion', 'image', 'speech', 'transcription', 'moderation', 'rerank', 'realtime'])
    .describe(
      'What the model does, which decides the routes that accept it: "chat" (chat, messages, generateContent, responses, and /v1/completions), "embedding" (/v1/embeddings, embedContent, batchEmbedContents), "completion" (/v1/completions only: an instruct model), "image" (/v1/images/generations), "speech" (/v1/audio/speech), "transcription" (/v1/audio/transcriptions and /translations), "moderation" (/v1/moderations), "rerank" (/v1/rerank) or "realtime" (the Realtime API, /v1/realtime).',
    ),
)

/** A request-rate limit: at most `requests` in every window of `windowMs`. */
export const rateLimitSchema = lazySchema(() =>
  z
    .strictObject({
      requests: z.int().positive().describe('Generation requests allowed in any window.'),
      windowMs: z.int().positive().describe('The sliding window, in milliseconds of the gateway clock (60000 = a minute).'),
    })
    .describe(
      'At most `requests` generation requests in any `windowMs`; the next one gets 429 rate_limit_exceeded with Retry-After. A refused request does not use up the window.',
    ),
)

export const groupSchema = lazySchema(() =>
  z.strictObject({
    name: z
      .string()
      .min(1)
      .describe("The group's name: what users' `group`, tokens' `group` and `settings.autoGroups` refer to. \"auto\" is reserved."),
    ratio: z
      .number()
      .nonnegative()
      .describe('Price multiplier for every request made through this group (1.5 = 50% dearer, 0 = free). Default 1.')
      .default(1),
    models: z
      .array(z.string())
      .describe('Ids of the models enabled in this group, in listing order: a key sees the models of its groups. Default [].')
      .default([]),
    rateLimit: rateLimitSchema.describe('A request-rate limit shared by every key and user served through this group.').optional(),
    description: z.string().describe('Shown in the dashboard. Default "".').default(''),
  }),
)

export const userSchema = lazySchema(() =>
  z.strictObject({
    id: z.int().positive().describe("The user's id: what tokens' `userId` refers to."),
    username: z.string().min(1).describe('Shown in messages and in `keys`; scenario rules match it with `when.user`.'),
    displayName: z.string().describe('Shown in the dashboard; defaults to the username there.').optional(),
    role: z.enum(['user', 'admin', 'root']).describe('The dashboard role. Default "user".').default('user'),
    status: z
      .enum(['enabled', 'disabled'])
      .describe('"disabled": every key of this user gets 401, and the dashboard refuses the access token. Default "enabled".')
      .default('enabled'),
    group: z
      .string()
      .describe('The user\'s own group: its keys draw their models from it unless pinned to another. Default "default".')
      .default('default'),
    extraGroups: z
      .array(z.string())
      .describe('Further groups this user may pin a token to (and that `auto` tokens may fall through to). Default [].')
      .default([]),
    quota: z
      .int()
      .nonnegative()
      .describe("The user's remaining quota, in gateway units (500000 = 1 USD). At 0 every key of the user gets 403 insufficient_quota.")
      .register(valueUnits(), quotaUnit),
    usedQuota: z
      .int()
      .nonnegative()
      .describe('Quota already used, in units (shown in the dashboard). Default 0.')
      .register(valueUnits(), quotaUnit)
      .default(0),
    requestCount: z.int().nonnegative().describe('Requests already made (shown in the dashboard). Default 0.').default(0),
    accessToken: z
      .string()
      .min(1)
      .describe(
        "The user's access token for the management API (`Authorization: Bearer …` on `/api/*` routes). Unique per user. `GET /api/user/token` replaces it. None: the user signs in with a password, or gets one from `GET /api/user/token` once signed in.",
      )
      .optional(),
    password: z
      .string()
      .min(1)
      .describe(
        'The password `POST /api/user/login` takes, as written (kept hashed in memory). Give this or `passwordHash`, or neither: then the user cannot sign in.',
      )
      .optional(),
    passwordHash: z
      .string()
      .regex(
        /^(\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}|sha256\$[0-9a-f]+\$[0-9a-f]{64})$/,
        'a bcrypt hash ("$2a$10$…", as new-api stores it) or "sha256$<salt hex>$<hash hex>"',
      )
      .describe(
        'The password as a hash instead of `password`: a bcrypt hash as new-api keeps it in its database ("$2a$10$…"), or "sha256$<salt hex>$<hex of SHA-256(salt bytes + password)>" (what the gateway keeps for `password`, and what snapshots show).',
      )
      .optional(),
    affCode: z.string().min(1).describe('The invitation code `GET /api/user/aff` shows. Default: made from the id.').optional(),
    email: z.string().describe('Shown in the dashboard. Default "".').default(''),
    rateLimit: rateLimitSchema.describe('A request-rate limit over every key of this user.').optional(),
  }),
)

export const tokenSchema = lazySchema(() =>
  z.strictObject({
    key: z
      .string()
      .min(1)
      .regex(/^[\w.-]+$/, 'letters, digits, "_", "-" and "." only')
      .describe(
        'The API key as clients send it, usually "sk-…". Clients may send it with or without "sk-" and "Bearer ", so "sk-abc" and "abc" are the same key.',
      ),
    name: z.string().min(1).describe("The key's name, shown in `keys` and in quota messages."),
    userId: z.int().positive().describe('The id of the user who owns the key (in `users`).'),
    status: z
      .enum(['enabled', 'disabled', 'expired', 'exhausted'])
      .describe(
        '"disabled" and "expired" keys get 401 invalid_api_key, "exhausted" ones 403 insufficient_quota; the gateway marks a key "exhausted" itself when its remainQuota reaches 0. Default "enabled".',
      )
      .default('enabled'),
    expiresAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .describe('ISO date-time after which the key stops working (on the gateway clock); null for never. Default null.')
      .default(null),
    remainQuota: z
      .int()
      .nonnegative()
      .describe(
        "The key's own remaining quota, in units (500000 = 1 USD); ignored with unlimitedQuota. Default 0: give a quota or unlimitedQuota.",
      )
      .register(valueUnits(), quotaUnit)
      .default(0),
    unlimitedQuota: z.boolean().describe("The key has no quota of its own (its user's quota still applies). Default false.").default(false),
    usedQuota: z
      .int()
      .nonnegative()
      .describe('Quota the key has already used, in units. Default 0.')
      .register(valueUnits(), quotaUnit)
      .default(0),
    modelLimits: z
      .array(z.string())
      .nullable()
      .describe('Ids of the only models this key may use; null for no restriction, [] allows nothing. Default null.')
      .default(null),
    group: z
      .string()
      .nullable()
      .describe(
        'The group the key is pinned to: its owner\'s `group` or one of their `extraGroups`, or "auto" (the first of `settings.autoGroups` the owner may use that has the model). null: the owner\'s group. Default null.',
      )
      .default(null),
    rateLimit: rateLimitSchema.describe('A request-rate limit on this key alone.').optional(),
    id: z
      .int()
      .positive()
      .describe("The token's id in the management API (`/api/token/:id`). Unique. Default: after the highest id given, in order.")
      .optional(),
    allowIps: z
      .array(z.string().min(1))
      .describe(
        'The only client addresses the key works from (IPs or CIDR ranges, e.g. "127.0.0.1", "10.0.0.0/8"); another gets 403. [] allows every address. Default [].',
      )
      .default([]),
    createdAt: z.iso
      .datetime({ offset: true })
      .describe('When the key was created (`created_time`). Default: when the world was loaded, on the gateway clock.')
      .optional(),
    accessedAt: z.iso
      .datetime({ offset: true })
      .describe('When the key last made a request (`accessed_time`); the gateway updates it. Default: its createdAt.')
      .optional(),
    crossGroupRetry: z
      .boolean()
      .describe("new-api's `cross_group_retry` flag, kept and shown; the mock has no channels to retry. Default false.")
      .default(false),
  }),
)

export const redemptionSchema = lazySchema(() =>
  z.strictObject({
    id: z
      .int()
      .positive()
      .describe("The code's id in the management API (`/api/redemption/:id`). Default: after the highest id given.")
      .optional(),
    key: z
      .string()
      .min(1)
      .max(32)
      .describe('The code a user redeems with `POST /api/user/topup {"key": …}` (new-api makes 32 hex characters). Unique.'),
    name: z.string().describe('Shown in the admin list. Default "".').default(''),
    quota: z.int().nonnegative().describe('Quota units the code adds (500000 = 1 USD).').register(valueUnits(), quotaUnit),
    status: z
      .enum(['unused', 'disabled', 'used'])
      .describe('"unused" codes redeem once, then become "used"; "disabled" ones are refused. Default "unused".')
      .default('unused'),
    expiresAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .describe('ISO date-time after which the code is refused (gateway clock); null for never. Default null.')
      .default(null),
    createdAt: z.iso.datetime({ offset: true }).describe('When the code was made. Default: when the world was loaded.').optional(),
    usedByUserId: z.int().positive().describe('The user who redeemed a used code.').optional(),
    redeemedAt: z.iso.datetime({ offset: true }).describe('When a used code was redeemed.').optional(),
    userId: z.int().positive().describe('The admin who made the code (`user_id`). Default: none (0).').optional(),
  }),
)

const ratioPricingSchema = lazySchema(() =>
  z
    .strictObject({
      ratio: z.number().nonnegative().describe('Units per prompt token: 1 = 1 unit per token = USD 2 per million tokens. 0 = free.'),
      completionRatio: z.number().nonnegative().describe('Completion tokens cost this many times a prompt token. Default 1.').default(1),
    })
    .describe('Priced by tokens: (prompt + completion × completionRatio) × ratio × group ratio units, at least 1.'),
)

const perCallPricingSchema = lazySchema(() =>
  z
    .strictObject({
      pricePerCall: z.number().nonnegative().describe('USD per request, whatever its size (× group ratio).'),
    })
    .describe('A fixed price per request.'),
)

export const pricingSchema = lazySchema(() => z.union([ratioPricingSchema, perCallPricingSchema]))

/** Price of a model that does not say: 1 unit per token, prompt and completion alike. */
export const defaultPricing = { ratio: 1, completionRatio: 1 } as const

/**
 * A tool call a model is scripted to make: `arguments` is the object the client receives, or
 * `input` the text a freeform (Responses `custom`) tool receives.
 */
export const toolCallSpecSchema = lazySchema(() =>
  z
    .strictObject({
      name: z.string().min(1).describe("The tool's name."),
      arguments: z.record(z.string(), z.unknown()).describe('The arguments object the client receives. Default {}.').default({}),
      input: z
        .string()
        .optional()
        .describe(
          'A freeform call\'s text instead of `arguments`: a Responses `custom_tool_call` with this `input`; other surfaces get a function call with arguments {"input": …}.',
        ),
    })
    .refine((call) => call.input === undefined || Object.keys(call.arguments).length === 0, {
      message: 'give either `arguments` or `input`',
      path: ['input'],
    }),
)

/**
 * What a model answers. `echo` (the default) derives the reply from the request: it quotes the
 * last user message, or calls an offered tool the request requires or the user names, with
 * arguments built from its schema.
 */
export const modelReplySchema = lazySchema(() =>
  z
    .discriminatedUnion('type', [
      z
        .strictObject({ type: z.literal('echo').describe('The kind of reply.') })
        .describe(
          "Derived from the request: quotes the last user message, or calls an offered tool, with arguments built from its schema, when the request requires a call or the user's last turn names the tool.",
        ),
      z
        .strictObject({ type: z.literal('text').describe('The kind of reply.'), text: z.string().describe('The reply, word for word.') })
        .describe('Always the same text.'),
      z
        .strictObject({
          type: z.literal('lorem').describe('The kind of reply.'),
          tokens: z.int().positive().describe('How many tokens of filler.'),
        })
        .describe('Deterministic filler text of exactly `tokens` tokens (before max_tokens cuts it).'),
      z
        .strictObject({
          type: z.literal('tool-calls').describe('The kind of reply.'),
          calls: z.array(toolCallSpecSchema).min(1).describe('The calls, in order.'),
          text: z.string().describe('Text sent before the calls. Default "".').default(''),
        })
        .describe("Always these tool calls, whatever the request's tools."),
    ])
    .describe('What the model answers. Default {"type": "echo"}.'),
)

/** Delays of a streamed reply: before the first token, then between tokens. */
export const streamTimingSchema = lazySchema(() =>
  z
    .strictObject({
      firstTokenMs: z.int().nonnegative().describe('Milliseconds before the first token. Default 0.').default(0),
      tokensPerSecond: z
        .number()
        .positive()
        .nullable()
        .describe('Pace after the first token; null for no delay. Default null.')
        .default(null),
    })
    .describe('Explicit stream delays.'),
)

/** `instant` (the default, so tests run fast), `realistic` (for demos), or explicit delays. */
export const streamingSchema = lazySchema(() =>
  z
    .union([
      z
        .enum(['instant', 'realistic'])
        .describe('"instant": no delays (tests run fast). "realistic": 400 ms to the first token, then 60 tokens per second.'),
      streamTimingSchema,
    ])
    .describe('How streamed replies are paced, in real time. Non-streamed replies are never delayed. Default "instant".'),
)

export const modelSchema = lazySchema(() =>
  z
    .strictObject({
      id: z.string().min(1).describe("The model id clients ask for; what groups' `models` and tokens' `modelLimits` refer to."),
      kind: modelKindSchema
        .describe(
          'What the model does, which decides the routes that accept it (another route refuses it with 400 naming its kind): "chat" answers the generation routes (chat, messages, generateContent, responses) and /v1/completions; "embedding" the embedding routes (/v1/embeddings, embedContent, batchEmbedContents); "completion" /v1/completions; "image" /v1/images/generations; "speech" /v1/audio/speech; "transcription" /v1/audio/transcriptions and /translations; "moderation" /v1/moderations; "rerank" /v1/rerank; "realtime" the Realtime API. Default "chat".',
        )
        .default('chat'),
      ownedBy: z.string().describe('`owned_by` in the OpenAI model list. Default "custom".').default('custom'),
      displayName: z.string().describe('Shown by the Anthropic and Gemini model lists; defaults to the id there.').optional(),
      description: z.string().describe('Shown by the Gemini model list. Default "".').default(''),
      endpointTypes: z
        .array(endpointTypeSchema)
        .min(1)
        .describe(
          '`supported_endpoint_types` in the model list. Every surface serves every model of the right kind; this only changes what lists say (and, with the new-api profile, the shape of Gemini replies). Default ["openai"].',
        )
        .default(['openai']),
      created: z.int().nonnegative().describe('Unix seconds, as listed in `created`. Default 1626777600.').default(1626777600),
      contextWindow: z
        .int()
        .nonnegative()
        .describe(
          'The largest prompt + requested output, in tokens, for chat and completion models; more gets 400 context_length_exceeded with both numbers. For an embedding model, the limit of each input. Other kinds ignore it. 0: nothing fits (what the context-overflow scenario sets). Default 128000.',
        )
        .default(128_000),
      maxOutputTokens: z
        .int()
        .positive()
        .describe('The longest reply, in tokens; longer replies are cut with finish reason "length". Default 8192.')
        .default(8_192),
      dimensions: z
        .int()
        .positive()
        .describe(
          'An embedding model\'s vector length: the most `dimensions` (OpenAI) or `outputDimensionality` (Gemini) may ask for, and the default. Required when kind is "embedding".',
        )
        .optional(),
      pricing: pricingSchema
        .nullable()
        .describe(
          'What a request costs: {"ratio", "completionRatio"} per token, or {"pricePerCall"}. What counts as a prompt and a completion token depends on the kind (docs/routes.md): speech bills the input\'s characters and its audio at 1000 tokens a minute as the completion, transcription the uploaded audio at 1000 tokens a minute, image models ratio-priced bill the prompt and each image\'s tokens as the completion, and a per-call image price is multiplied by the images asked for and by size and quality. null: the model has no price, so (as on new-api) it is hidden and refused unless settings.selfUseMode is on. Default {"ratio": 1, "completionRatio": 1}.',
        )
        .default(defaultPricing),
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
    // The same rule for editors, in the JSON Schema of whole worlds (a patch may change a model that has its dimensions).
    .meta({ if: { properties: { kind: { const: 'embedding' } }, required: ['kind'] }, then: { required: ['dimensions'] } }),
)

export const worldSettingsSchema = lazySchema(() =>
  z
    .strictObject({
      selfUseMode: z
        .boolean()
        .describe("new-api's self-use mode: models without pricing (pricing null) are listed and served, free. Default false.")
        .default(false),
      autoGroups: z
        .array(z.string())
        .describe('The groups a token with group "auto" tries, in order (each only if its owner may use it). Default [].')
        .default([]),
      systemName: z.string().describe('The name `/api/status` reports. Default "LLM Gateway Mock".').default('LLM Gateway Mock'),
      anyModel: z
        .string()
        .min(1)
        .nullable()
        .describe(
          "Serve every model name the world lacks as this model of the world (its kind, prices, context window and groups; visible to the keys that see it), answered and journaled under the name asked for: for clients that ask for model names of their own (coding agents). The model lists still show the world's models only. null or absent: a missing model is model_not_found. Default null.",
        )
        .optional(),
      registerEnabled: z
        .boolean()
        .describe('`POST /api/user/register` makes new users (in the "default" group, with newUserQuota). Default true.')
        .default(true),
      newUserQuota: z
        .int()
        .nonnegative()
        .describe("A registered user's starting quota, in units (new-api's QuotaForNewUser). Default 0.")
        .register(valueUnits(), quotaUnit)
        .default(0),
      logConsume: z
        .boolean()
        .describe("Every billed request writes a consume log (type 2) that `/api/log/*` lists (new-api's LogConsumeEnabled). Default true.")
        .default(true),
      logErrors: z
        .boolean()
        .describe("Relay errors write an error log (type 5), as new-api's ErrorLogEnabled does. Default false.")
        .default(false),
      requireNewApiUser: z
        .boolean()
        .describe(
          "Management routes also want the user's id in a `New-Api-User` header beside the credential, as new-api releases before 2026-07-20 did: missing, malformed or someone else's id gets 401. Default false (the pinned release ignores the header).",
        )
        .default(false),
    })
    .describe('Gateway-wide settings.'),
)

export const worldSchema = lazySchema(() =>
  z.strictObject({
    $schema: z
      .string()
      .optional()
      .describe('The JSON Schema editors check this file with, e.g. "./node_modules/llm-gateway-mock/schemas/world.schema.json".'),
    settings: worldSettingsSchema.default(worldSettingsSchema.parse({})),
    groups: z.array(groupSchema).describe('Groups: which models are enabled, at what price multiplier.'),
    users: z.array(userSchema).describe('Users: they own keys, hold quota and log in to the dashboard.'),
    tokens: z.array(tokenSchema).describe('API keys.'),
    models: z.array(modelSchema).describe('Models: a model is served only through a group that enables it.'),
    redemptions: z
      .array(redemptionSchema)
      .describe(
        'Redemption codes users top up with (`POST /api/user/topup`); admins list and make them under `/api/redemption/`. Default [].',
      )
      .default([]),
  }),
)

export type EndpointType = z.infer<typeof endpointTypeSchema>
export type ModelKind = z.infer<typeof modelKindSchema>
export type RateLimit = z.infer<typeof rateLimitSchema>
export type Group = z.infer<typeof groupSchema>
export type User = z.infer<typeof userSchema>
export type Token = z.infer<typeof tokenSchema>
export type Redemption = z.infer<typeof redemptionSchema>
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
