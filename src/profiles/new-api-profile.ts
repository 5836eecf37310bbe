import { defineProfile } from './define-profile.ts'
import type { CatalogueEntry, Messages } from './profile-type.ts'
import { managementBadBody } from './management-errors.ts'
import { specProfile } from './spec-profile.ts'

// Everything here is read from new-api's source; docs/profiles.md says which commit, and where it
// differs from the spec profile.

/** Middleware (auth, distributor, rate limiter): `abortWithOpenAiMessage`, type `new_api_error`, the request id appended. */
const middleware = (status: number, message: Messages, code = ''): CatalogueEntry => ({
  status,
  code,
  type: 'new_api_error',
  message,
  envelope: 'new-api-middleware',
})

/** Errors raised inside the relay: the OpenAI wrapper (the Claude one on `/v1/messages`), type `new_api_error`, `param` "". */
const relay = (status: number, code: string, message: Messages): CatalogueEntry => ({
  status,
  code,
  type: 'new_api_error',
  message,
  param: '',
})

/**
 * An upstream's own error, relayed as it came: no request id, the upstream's fields. OpenAI's
 * shape on the OpenAI surface, the Claude wrapper with the upstream's type on `/v1/messages`, and
 * on Gemini routes the OpenAI wrapper with `type: upstream_error` and Google's numeric code.
 */
const upstream = (
  status: number,
  code: string,
  type: string,
  messages: { openai: string; anthropic: string; gemini: string },
  anthropicType = type,
): CatalogueEntry => ({
  status,
  code,
  type,
  message: messages.openai,
  envelope: { '*': 'openai', anthropic: 'new-api-claude', gemini: 'new-api-relay' },
  requestIdSuffix: false,
  bySurface: {
    anthropic: { type: anthropicType, message: messages.anthropic },
    gemini: { type: 'upstream_error', code: status, message: messages.gemini, param: '' },
  },
})

/**
 * What Google answers a body whose field the method it reached does not have. A Gemini channel
 * picks the upstream method by the model's name (`embedContent` for embedding models,
 * `generateContent` for the rest), whatever action the client asked for.
 */
const googleUnknownField = 'Invalid JSON payload received. Unknown name "{field}": Cannot find field.'
/** A relayed Google error on a Gemini route: the OpenAI wrapper, Google's numeric code, no request id. */
const googleRelayed = (status: number, message: string): Partial<CatalogueEntry> => ({
  status,
  code: status,
  type: 'upstream_error',
  param: '',
  message,
})

/** An OpenAI upstream's refusal of a request only the OpenAI surface can make, relayed as it came. */
const openaiUpstream = (status: number, code: string, message: string): CatalogueEntry => ({
  status,
  code,
  type: 'invalid_request_error',
  message,
  envelope: 'openai',
  requestIdSuffix: false,
})

/** `entry`, except on the dashboard (`/api/usage/token`), where TokenAuthReadOnly writes `{message, success:false}`. */
const readOnly = (entry: CatalogueEntry, status: number, message: Messages): CatalogueEntry => ({
  ...entry,
  bySurface: { dashboard: { status, message, envelope: 'new-api-dashboard', requestIdSuffix: false } },
})

const invalidToken: Messages = { en: 'Invalid token', 'zh-CN': '无效的令牌', 'zh-TW': '無效的令牌' }
const userBanned: Messages = { en: 'User has been banned', 'zh-CN': '用户已被封禁', 'zh-TW': '用戶已被封禁' }
const invalidJson: Messages = {
  en: 'Invalid request: Invalid request: invalid JSON request body',
  'zh-CN': '无效的请求，无效的请求，invalid JSON request body',
}
const noModelName: Messages = { en: 'Model name not specified, model name cannot be empty', 'zh-CN': '未指定模型名称，模型名称不能为空' }
const noChannel: Messages = {
  en: 'No available channel for model {model} under group {group} (distributor)',
  'zh-CN': '分组 {group} 下模型 {model} 无可用渠道（distributor）',
}
const userQuotaEmpty = '用户额度不足, 剩余额度: ＄{leftUsd}'
const accessTokenInvalid: Messages = { en: 'Unauthorized, invalid access token', 'zh-CN': '无权进行此操作，access token 无效' }
const notLoggedIn: Messages = {
  en: 'Unauthorized, not logged in and no access token provided',
  'zh-CN': '无权进行此操作，未登录且未提供 access token',
}
const dashboardAuth = (status: number, code: string, message: Messages): CatalogueEntry => ({
  status,
  code,
  type: 'new_api_error',
  message,
  envelope: 'new-api-dashboard-auth',
  requestIdSuffix: false,
})
// On Gemini paths the distributor takes the model from the path and never reads the body, so body errors come from the relay.
const geminiRelayValidation = { status: 500, code: 'invalid_request', envelope: 'new-api-relay' as const, param: '' }

/**
 * The `new-api` profile: what a production new-api gateway answers, quirks included. 401
 * "Invalid token" for every bad key on every route, 503 from the distributor for an unknown
 * model, 403 `insufficient_user_quota` in Chinese with a full-width `＄`, 500 for body
 * validation, the OpenAI wrapper on Gemini routes, bare Gemini model names, 404 for the routes it
 * lacks, no local context check.
 */
export const newApiProfile = defineProfile(specProfile, {
  name: 'new-api',
  description:
    "The real new-api gateway's answers, byte for byte where its source shows them: status codes, envelopes, messages (English or Chinese), list shapes.",
  envelopes: { openai: 'new-api-relay', anthropic: 'new-api-claude', gemini: 'new-api-relay', dashboard: 'new-api-relay', admin: 'admin' },
  requestIdSuffix: true,
  language: 'accept-language',
  headers: { requestId: ['X-Oneapi-Request-Id'], always: { 'X-New-Api-Version': 'v1.0.0-rc.30' } },
  // TokenAuth looks at x-api-key on every path containing /v1/models, and x-goog-api-key, then ?key=, on the model and Gemini paths.
  credentials: {
    'gemini-relay': ['goog-api-key', 'key-query', 'x-api-key', 'bearer'],
    'openai-models': ['goog-api-key', 'key-query', 'x-api-key', 'bearer'],
  },
  routes: {
    // Its relay routes POST /v1/responses only: the upstream keeps the responses, and no route reads them back.
    lacks: [
      'anthropic.count_tokens',
      'gemini.get_model',
      'gemini.count_tokens',
      'dashboard.billing_summary',
      'openai.responses_retrieve',
      'openai.responses_input_tokens',
    ],
    adds: ['gemini.count_tokens_as_generation', 'openai.not_implemented'],
  },
  shapes: {
    openaiModelList: 'new-api',
    anthropicModelsWhen: 'x-api-key-and-anthropic-version',
    anthropicModelList: 'new-api',
    geminiModelList: 'new-api',
    geminiKeyOnModelList: 'gemini-list',
    retrieveModel: 'static-table',
    geminiReplies: 'by-channel',
    openaiEmbeddings: 'by-channel',
    geminiCountTokens: 'generate',
    exhaustedKey: 'auth',
    rateLimitHeaders: false,
    rerankResponse: 'new-api',
    // The distributor's fallbacks (middleware/distributor.go).
    defaultModels: { moderation: 'text-moderation-stable', image: 'dall-e', speech: 'tts-1', transcription: 'whisper-1' },
  },
  errors: {
    // TokenAuth: one answer for every bad key (docs/profiles.md, since when). On /api/usage/token,
    // TokenAuthReadOnly's own `{success:false, message}`, a word for each case.
    key_missing: readOnly(middleware(401, invalidToken), 401, { en: 'Token not provided', 'zh-CN': '未提供令牌' }),
    key_unknown: readOnly(middleware(401, invalidToken), 401, invalidToken),
    key_disabled: readOnly(middleware(401, invalidToken), 401, { en: 'This token status is unavailable', 'zh-CN': '该令牌状态不可用' }),
    key_expired: middleware(401, invalidToken),
    quota_key_exhausted: middleware(401, invalidToken),
    key_owner_missing: readOnly(middleware(401, invalidToken), 500, {
      en: 'Database error, please contact the administrator',
      'zh-CN': '数据库出错，请联系管理员',
    }),
    key_owner_disabled: readOnly(middleware(403, userBanned), 403, userBanned),
    // Written in Chinese whatever the client's language.
    key_ip_not_allowed: middleware(403, '您的 IP 不在令牌允许访问的列表中', 'access_denied'),
    invalid_api_key: middleware(401, invalidToken),

    // UserAuth on /api/* takes access tokens (docs/profiles.md): a relay key is just an unknown one.
    access_token_missing: dashboardAuth(401, 'AUTH_UNAUTHORIZED', accessTokenInvalid),
    access_token_unknown: dashboardAuth(401, 'AUTH_UNAUTHORIZED', accessTokenInvalid),
    access_token_is_api_key: dashboardAuth(401, 'AUTH_UNAUTHORIZED', accessTokenInvalid),
    access_user_disabled: dashboardAuth(401, 'AUTH_USER_DISABLED', userBanned),
    access_session_expired: dashboardAuth(401, 'AUTH_TOKEN_EXPIRED', notLoggedIn),
    access_session_revoked: dashboardAuth(401, 'AUTH_SESSION_REVOKED', notLoggedIn),

    // The distributor reads the JSON body for the model, before the relay validates it.
    body_empty: {
      ...middleware(400, invalidJson),
      bySurface: { dashboard: managementBadBody, gemini: { ...geminiRelayValidation, message: 'contents is required' } },
    },
    body_not_json: {
      ...middleware(400, invalidJson),
      bySurface: { dashboard: managementBadBody, gemini: { ...geminiRelayValidation, message: '{detail}' } },
    },
    body_not_object: {
      ...middleware(400, invalidJson),
      bySurface: { dashboard: managementBadBody, gemini: { ...geminiRelayValidation, message: 'contents is required' } },
    },
    body_unreadable: {
      ...middleware(400, 'Invalid request: Invalid request: {detail}'),
      bySurface: { gemini: { ...geminiRelayValidation, message: '{detail}' } },
    },
    body_too_large: {
      ...middleware(400, 'Invalid request: Invalid request: request body exceeds {limitMb} MB: request body too large'),
      bySurface: {
        gemini: {
          status: 413,
          code: 'read_request_body_failed',
          envelope: 'new-api-relay',
          message: 'request body exceeds {limitMb} MB: request body too large',
        },
      },
    },
    // Go's decoder takes any depth a client sends; the mock's own limit answers as a body the distributor cannot read.
    body_too_deep: {
      ...middleware(400, invalidJson),
      bySurface: { gemini: { ...geminiRelayValidation, message: 'The request body nests too deeply at {where}: at most {limit} levels.' } },
    },
    body_model_missing: middleware(400, noModelName),
    // The audio relay parses the form after the distributor: Go's own error text, as any validation error (500).
    body_not_multipart: relay(500, 'invalid_request', "request Content-Type isn't multipart/form-data"),
    // Estimating the upload's tokens reads its duration first; by code reading, a failure there is a 500.
    audio_unreadable: relay(500, 'count_token_failed', 'error getting audio duration: {detail}'),
    // Relayed to the upstream, which refuses it as OpenAI does.
    audio_too_short: openaiUpstream(400, 'audio_too_short', 'Audio file is too short. Minimum audio length is {least} seconds.'),
    body_model_not_string: middleware(400, 'Invalid request: Invalid request: field model must be a string'),
    path_model_missing: middleware(400, noModelName),
    // GetAndValidateRequest after the distributor: types.NewError defaults to 500.
    body_invalid: relay(500, 'invalid_request', '{detail}'),
    invalid_request_error: relay(500, 'invalid_request', 'The request was invalid.'),

    model_outside_key_limits: middleware(403, { en: 'This token has no access to model {model}', 'zh-CN': '该令牌无权访问模型 {model}' }),
    model_unavailable: middleware(503, noChannel, 'model_not_found'),
    model_not_found: middleware(503, noChannel, 'model_not_found'),
    model_unpriced: relay(
      400,
      'model_price_error',
      '模型 {model} 的价格尚未由管理员配置，暂时无法使用，请联系站点管理员开启该模型；Model {model} has not been priced by the administrator yet. Please contact the site administrator to enable this model.',
    ),
    // RetrieveModel writes its own body: no request id.
    retrieve_model_missing: { ...specProfile.errors.retrieve_model_missing, envelope: 'openai', requestIdSuffix: false },
    anthropic_model_missing: { ...specProfile.errors.retrieve_model_missing, envelope: 'openai', requestIdSuffix: false },

    // Billing: the user's wallet, the pre-consumed estimate, the token's own quota (all in ＄, six decimals).
    quota_user_exhausted: relay(403, 'insufficient_user_quota', userQuotaEmpty),
    insufficient_quota: relay(403, 'insufficient_user_quota', userQuotaEmpty),
    quota_user_short: relay(403, 'insufficient_user_quota', '预扣费额度失败, 用户剩余额度: ＄{leftUsd}, 需要预扣费额度: ＄{costUsd}'),
    quota_key_short: relay(
      403,
      'pre_consume_token_quota_failed',
      'token quota is not enough, token remain quota: ＄{leftUsd}, need quota: ＄{costUsd}',
    ),

    // ModelRequestRateLimit with Redis: the successful-requests cap, no Retry-After.
    rate_limited: { ...middleware(429, '您已达到请求数限制：{windowMinutes}分钟内最多请求{requests}次'), headers: false },

    // No local context check: the upstream refuses, and its error is relayed.
    context_too_long: upstream(400, 'context_length_exceeded', 'invalid_request_error', {
      openai: specProfile.errors.context_too_long.message as string,
      anthropic: 'prompt is too long: {total} tokens > {window} maximum',
      gemini: 'The input token count ({total}) exceeds the maximum number of tokens allowed ({window}).',
    }),
    context_length_exceeded: upstream(400, 'context_length_exceeded', 'invalid_request_error', {
      openai: specProfile.errors.context_length_exceeded.message as string,
      anthropic: 'prompt is too long',
      gemini: 'The input token count exceeds the maximum number of tokens allowed.',
    }),
    rate_limit_exceeded: upstream(
      429,
      'rate_limit_exceeded',
      'requests',
      {
        openai: 'Rate limit reached for requests. Please try again later.',
        anthropic: 'Number of request tokens has exceeded your per-minute rate limit',
        gemini: 'Resource has been exhausted (e.g. check quota).',
      },
      'rate_limit_error',
    ),
    upstream_error: upstream(
      503,
      'upstream_error',
      'upstream_error',
      {
        openai: 'The upstream model provider is temporarily unavailable. Please retry.',
        anthropic: 'Overloaded',
        gemini: 'The model is overloaded. Please try again later.',
      },
      'overloaded_error',
    ),
    internal_error: upstream(
      500,
      'internal_error',
      'server_error',
      {
        openai: 'The server had an error while processing your request.',
        anthropic: 'Internal server error',
        gemini: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
      },
      'api_error',
    ),

    // The wrong kind of model is relayed, and the upstream refuses it: OpenAI's words with `code: null`
    // (on /v1/messages ToClaudeError prints that null as the type "<nil>", and its message carries the
    // request id), or Google's refusal of the other method's body field.
    model_is_embedding: {
      status: 404,
      code: null,
      type: 'invalid_request_error',
      message: 'This is not a chat model and thus not supported in the v1/chat/completions endpoint. Did you mean to use v1/completions?',
      param: 'model',
      envelope: { '*': 'openai', anthropic: 'new-api-claude', gemini: 'new-api-relay' },
      requestIdSuffix: false,
      bySurface: { anthropic: { type: '<nil>', requestIdSuffix: true }, gemini: googleRelayed(400, googleUnknownField) },
    },
    model_not_embedding: {
      status: 403,
      code: null,
      type: 'invalid_request_error',
      message: 'You are not allowed to generate embeddings from this model',
      param: null,
      envelope: { '*': 'openai', gemini: 'new-api-relay' },
      requestIdSuffix: false,
      bySurface: { gemini: googleRelayed(400, googleUnknownField) },
    },
    // A model of another kind is relayed like any other and refused by the upstream; the exact wording
    // differs per route and is not on record, so the spec's is kept, in the shape a relayed refusal has.
    model_kind_mismatch: {
      ...specProfile.errors.model_kind_mismatch,
      code: null,
      param: 'model',
      envelope: 'openai',
      requestIdSuffix: false,
    },
    // Also the upstream's refusal; its exact OpenAI wording is not on record, so the spec's is kept.
    dimensions_too_large: {
      ...specProfile.errors.dimensions_too_large,
      code: null,
      param: null,
      envelope: { '*': 'openai', gemini: 'new-api-relay' },
      requestIdSuffix: false,
      bySurface: { gemini: googleRelayed(400, 'Request contains an invalid argument.') },
    },

    // Not new-api's route (its upstream's image URLs are the upstream's): the gateway's own, in new-api's words.
    image_file_missing: { like: 'image_file_missing', changes: { type: 'new_api_error', param: '' } },
    // RelayNotImplemented and NoRoute write their bodies directly: no request id.
    not_implemented: { ...relay(501, 'api_not_implemented', 'API not implemented'), requestIdSuffix: false },
    route_not_found: {
      status: 404,
      code: '',
      type: 'invalid_request_error',
      message: 'Invalid URL ({method} {path})',
      envelope: 'new-api-relay',
      requestIdSuffix: false,
    },
    invalid_url: { like: 'route_not_found', changes: { message: 'Invalid URL.' } },
    not_a_gateway_route: { like: 'route_not_found' },
    // NoRoute knows nothing of base URLs: a misplaced API path is just an unknown one, without a hint.
    base_url_anthropic_sdk: { like: 'route_not_found' },
    base_url_anthropic_ai_sdk: { like: 'route_not_found' },
    base_url_openai: { like: 'route_not_found' },
    base_url_genai: { like: 'route_not_found' },
    base_url_google_ai_sdk: { like: 'route_not_found' },
    request_malformed: { like: 'route_not_found', changes: { status: 400, message: 'Malformed request: {method} {path}' } },
    // Refused by the HTTP server before any of new-api's code runs: no request id, no code.
    request_unparseable: { like: 'route_not_found', changes: { status: 400, message: 'The request is not valid HTTP/1.1: {detail}.' } },
    plain_http_to_tls_port: {
      like: 'route_not_found',
      changes: { status: 400, message: specProfile.errors.plain_http_to_tls_port.message },
    },
    headers_too_large: { like: 'route_not_found', changes: { status: 431, message: specProfile.errors.headers_too_large.message } },
    chunk_extensions_too_large: {
      like: 'route_not_found',
      changes: { status: 413, message: specProfile.errors.chunk_extensions_too_large.message },
    },
    request_timeout: { like: 'route_not_found', changes: { status: 408, message: specProfile.errors.request_timeout.message } },
    // gin's recovery handler.
    internal: {
      status: 500,
      code: '',
      type: 'new_api_panic',
      message: 'Panic detected, error: {detail}. Please submit a issue here: https://github.com/Calcium-Ion/new-api',
      envelope: 'new-api-panic',
      requestIdSuffix: false,
    },
    scenario_mismatch: relay(400, 'scenario_mismatch', 'The request did not match the scenario script.'),
    replay_mismatch: relay(400, 'replay_mismatch', 'Strict replay: {detail}'),

    // The relay forwards `previous_response_id`, `item_reference`s and `max_output_tokens` to the upstream,
    // which keeps the responses and checks the limit; its refusal comes back as OpenAI wrote it
    // (its item error has code null, shown here as its name).
    previous_response_not_found: openaiUpstream(400, 'previous_response_not_found', "Previous response with id '{id}' not found."),
    output_limit_too_small: openaiUpstream(
      400,
      'integer_below_min_value',
      "Invalid 'max_output_tokens': integer below minimum value. Expected a value >= {least}, but got {got} instead.",
    ),
    response_item_not_found: openaiUpstream(
      404,
      'item_not_found',
      "Item with id '{id}' not found. Items are not persisted when `store` is set to false. Try again with `store` set to true, or remove this item from your input.",
    ),
  },
})
