import { z } from 'zod'
import { lazySchema } from '../../schema/lazy-schema.ts'

// What an upstream gateway (new-api, one-api, or this mock in either profile) answers on the
// routes an import reads, parsed leniently: only the fields the import uses, each allowed to be
// missing or null where some gateway leaves it out, anything else let through.

const text = () => z.string().nullish()
const count = () => z.number().nullish()

/** `GET /v1/models`: the OpenAI list. */
export const openAIListSchema = lazySchema(() =>
  z.looseObject({
    data: z.array(
      z.looseObject({
        id: z.string().min(1),
        created: count(),
        owned_by: text(),
        supported_endpoint_types: z.array(z.string()).nullish(),
      }),
    ),
  }),
)

/** `GET /v1/models` with `anthropic-version`: the Anthropic list, a page of it. */
export const anthropicListSchema = lazySchema(() =>
  z.looseObject({
    data: z.array(z.looseObject({ id: z.string().min(1), display_name: text(), max_input_tokens: count(), max_tokens: count() })),
    has_more: z.boolean().nullish(),
    last_id: text(),
  }),
)

/** `GET /v1beta/models`: the Gemini list, a page of it (names with or without `models/`). */
export const geminiListSchema = lazySchema(() =>
  z.looseObject({
    models: z.array(
      z.looseObject({
        name: z.string().min(1),
        displayName: text(),
        description: text(),
        inputTokenLimit: count(),
        outputTokenLimit: count(),
        supportedGenerationMethods: z.array(z.string()).nullish(),
      }),
    ),
    nextPageToken: text(),
  }),
)

/** `GET /api/usage/token`: the key's own figures. */
export const tokenUsageSchema = lazySchema(() =>
  z.looseObject({
    data: z.looseObject({
      name: z.string(),
      total_available: z.number(),
      total_used: z.number(),
      unlimited_quota: z.boolean(),
      model_limits: z.record(z.string(), z.unknown()).nullish(),
      model_limits_enabled: z.boolean().nullish(),
      expires_at: count(),
    }),
  }),
)

/** `GET /v1/dashboard/billing/subscription`: the key's limit, in the gateway's display currency. */
export const subscriptionSchema = lazySchema(() => z.looseObject({ hard_limit_usd: z.number(), access_until: count() }))

/** `GET /v1/dashboard/billing/usage`: what the key used, in hundredths of the display currency. */
export const billingUsageSchema = lazySchema(() => z.looseObject({ total_usage: z.number() }))

/** `GET /api/pricing`: every model of the groups the caller may use, and those groups. */
export const pricingSchema = lazySchema(() =>
  z.looseObject({
    data: z.array(
      z.looseObject({
        model_name: z.string().min(1),
        description: text(),
        quota_type: count(),
        model_ratio: count(),
        model_price: count(),
        completion_ratio: count(),
        owner_by: text(),
        enable_groups: z.array(z.string()).nullish(),
        supported_endpoint_types: z.array(z.string()).nullish(),
      }),
    ),
    group_ratio: z.record(z.string(), z.number()).nullish(),
    usable_group: z.record(z.string(), z.string()).nullish(),
    auto_groups: z.array(z.string()).nullish(),
  }),
)

/** `GET /api/status`: the gateway's settings. */
export const statusSchema = lazySchema(() =>
  z.looseObject({
    data: z.looseObject({
      system_name: text(),
      quota_per_unit: count(),
      quota_display_type: text(),
      usd_exchange_rate: count(),
      self_use_mode_enabled: z.boolean().nullish(),
    }),
  }),
)

/** `GET /api/user/self`: the access token's user. */
export const userSelfSchema = lazySchema(() =>
  z.looseObject({
    data: z.looseObject({
      id: z.number().int().positive(),
      username: z.string().min(1),
      display_name: text(),
      role: count(),
      email: text(),
      group: z.string().min(1),
      quota: z.number(),
      used_quota: count(),
      request_count: count(),
    }),
  }),
)

/** `GET /api/user/models?group=G`: the models a group of the user enables. */
export const userModelsSchema = lazySchema(() => z.looseObject({ data: z.array(z.string()).nullish() }))

/** One of the user's tokens as `GET /api/token/` lists it: the key masked, so it cannot be imported whole. */
export const listedTokenSchema = lazySchema(() =>
  z.looseObject({
    id: z.number().int().positive(),
    name: text(),
    key: text(),
    status: count(),
    remain_quota: count(),
    unlimited_quota: z.boolean().nullish(),
    used_quota: count(),
    expired_time: count(),
    model_limits_enabled: z.boolean().nullish(),
    model_limits: text(),
    group: text(),
    allow_ips: text(),
    created_time: count(),
    accessed_time: count(),
    cross_group_retry: z.boolean().nullish(),
  }),
)

/** `GET /api/token/?p=&page_size=`: a page of the user's tokens (`data.items`), or the whole list (`data`) on older releases. */
export const tokenListSchema = lazySchema(() =>
  z.looseObject({
    data: z.union([z.array(listedTokenSchema), z.looseObject({ items: z.array(listedTokenSchema).nullish(), total: count() })]).nullish(),
  }),
)

export type OpenAIListEntry = z.infer<typeof openAIListSchema>['data'][number]
export type AnthropicListEntry = z.infer<typeof anthropicListSchema>['data'][number]
export type GeminiListEntry = z.infer<typeof geminiListSchema>['models'][number]
export type TokenUsageAnswer = z.infer<typeof tokenUsageSchema>['data']
export type SubscriptionAnswer = z.infer<typeof subscriptionSchema>
export type BillingUsageAnswer = z.infer<typeof billingUsageSchema>
export type PricingAnswer = z.infer<typeof pricingSchema>
export type PricingEntry = PricingAnswer['data'][number]
export type StatusAnswer = z.infer<typeof statusSchema>['data']
export type ListedToken = z.infer<typeof listedTokenSchema>
/** new-api's `GET /api/log/token`: a key's log of requests, each naming the user who made it. */
export const tokenLogSchema = lazySchema(() => z.looseObject({ data: z.array(z.looseObject({ user_id: count() })).nullish() }))

export type UserSelfAnswer = z.infer<typeof userSelfSchema>['data']

/** What the upstream said about one `--key`. */
export interface UpstreamKey {
  /** How reports name the key: `--key 2 (sk-a…bcd)`, never the key itself. */
  label: string
  /** The key masked (`sk-a…bcd`), as reports show it. */
  masked: string
  /** The upstream key: written to the world only when the import keeps keys. */
  key: string
  /**
   * The key's OpenAI model list, in the upstream's order; undefined when the upstream refused the
   * key there but still reported its usage (an expired or exhausted key).
   */
  models: OpenAIListEntry[] | undefined
  anthropicModels?: AnthropicListEntry[]
  geminiModels?: GeminiListEntry[]
  usage?: TokenUsageAnswer
  subscription?: SubscriptionAnswer
  billingUsage?: BillingUsageAnswer
}

/** Everything an import read from the upstream; a route that failed leaves its field out. */
export interface UpstreamAnswers {
  keys: UpstreamKey[]
  pricing?: PricingAnswer
  status?: StatusAnswer
  self?: UserSelfAnswer
  /** The models of groups `/api/pricing` did not describe, read from `/api/user/models?group=`. */
  groupModels: Record<string, string[]>
  /** The upstream access token: written to the world only when the import keeps keys. */
  accessToken?: string
  /** The access token's user's tokens, as `GET /api/token/` lists them (keys masked). */
  tokens?: ListedToken[]
}
