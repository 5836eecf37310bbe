import { expect } from 'vitest'
import { newApiProfile } from '../../src/index.ts'
import {
  admin,
  adminCases,
  unreachableOverHttp,
  failingWith,
  generation,
  http,
  longPrompt,
  setups,
  walkCatalogue,
  type CatalogueCase,
  type CatalogueTable,
  type GenerationTrigger,
  type SurfaceName,
} from '../support/catalogue-walk.ts'
import { emptyWav, imageGone, imageRequest, kindMismatch, upload } from '../support/upload-triggers.ts'

// new-api's answers as its source (QuantumNous/new-api) gives them, written out.
const requestId = String.raw`\d{23}6d6f636b\w{8}`
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A message new-api wrote itself: the request id appended. */
const withId = (message: string | RegExp) =>
  expect.stringMatching(new RegExp(`^${typeof message === 'string' ? escape(message) : message.source} \\(request id: ${requestId}\\)$`))

const middleware = (message: string | RegExp, code = '') => ({ error: { code, message: withId(message), type: 'new_api_error' } })
const relay = (message: string | RegExp, code: string) => ({ error: { message: withId(message), type: 'new_api_error', param: '', code } })
const claude = (message: string | RegExp) => ({ error: { type: 'new_api_error', message: withId(message) }, type: 'error' })
const noRoute = (method: string, path: string) => ({
  error: { message: `Invalid URL (${method} ${path})`, type: 'invalid_request_error', param: '', code: '' },
})
const dashboardAuth = (code: string, message: string) => ({ code, message, success: false })
/** `GET /api/usage/token` with `headers`, refused by TokenAuthReadOnly: `{message, success:false}`, no request id. */
const usageToken = (headers: Record<string, string>, status: number, message: string, setup?: CatalogueCase['setup']): CatalogueCase => ({
  surface: 'dashboard',
  send: http('GET', '/api/usage/token', headers),
  setup,
  status,
  body: { message, success: false },
})
/** An upstream's error, relayed as it came (no request id). */
const upstreamOpenAI = (message: unknown, type: string, code: string | null, param: string | null = null) => ({
  error: { message, type, param, code },
})
const upstreamClaude = (type: string, message: unknown) => ({ error: { type, message }, type: 'error' })
const upstreamGoogle = (code: number, message: unknown) => ({ error: { message, type: 'upstream_error', param: '', code } })

const json = { 'content-type': 'application/json' }

/** The same middleware error (auth, distributor, rate limiter) on the three generation routes: one body everywhere. */
function everywhere(
  trigger: GenerationTrigger,
  status: number,
  body: unknown,
  more: Pick<CatalogueCase, 'setup' | 'headers'> = {},
): CatalogueCase[] {
  return (['openai', 'anthropic', 'gemini'] as const).map((surface) => ({ surface, send: trigger, status, body, ...more }))
}

/** A relay error: the OpenAI wrapper, the Claude wrapper on /v1/messages, the OpenAI wrapper on Gemini routes. */
function relayed(
  trigger: GenerationTrigger,
  status: number,
  message: string | RegExp,
  code: string,
  more: Pick<CatalogueCase, 'setup' | 'options'> = {},
): CatalogueCase[] {
  return [
    { surface: 'openai', send: trigger, status, body: relay(message, code), ...more },
    { surface: 'anthropic', send: trigger, status, body: claude(message), ...more },
    { surface: 'gemini', send: trigger, status, body: relay(message, code), ...more },
  ]
}

const invalidToken = middleware('Invalid token')
const invalidJson = 'Invalid request: Invalid request: invalid JSON request body'
const noModelName = 'Model name not specified, model name cannot be empty'
const notFound = (surface: SurfaceName, method: string, path: string, headers?: Record<string, string>): CatalogueCase => ({
  surface,
  send: http(method, path, headers),
  status: 404,
  body: noRoute(method, path.split('?')[0]!),
})
const notChat = 'This is not a chat model and thus not supported in the v1/chat/completions endpoint. Did you mean to use v1/completions?'
const deepSchema = Array.from({ length: 150 }).reduce<unknown>((inner) => ({ a: inner }), { type: 'string' })

const table: CatalogueTable = {
  // Placeholder until an admin route lands (issue 26): GET /api/group/ with a user's token is the case.
  access_role_too_low: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/group/', { authorization: 'Bearer at-alice' }),
      status: 403,
      body: dashboardAuth('AUTH_INSUFFICIENT_PRIVILEGE', 'Insufficient privileges'),
    },
  ],
  new_api_user_missing: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer at-alice' }),
      setup: setups.newApiUserRequired,
      status: 401,
      body: { success: false, message: 'Unauthorized, New-Api-User not provided' },
    },
  ],
  new_api_user_malformed: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer at-alice', 'new-api-user': 'alice' }),
      setup: setups.newApiUserRequired,
      status: 401,
      body: { success: false, message: 'Unauthorized, New-Api-User format error' },
    },
  ],
  new_api_user_mismatch: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer at-alice', 'new-api-user': '2', 'accept-language': 'zh-CN' }),
      setup: setups.newApiUserRequired,
      status: 401,
      body: { success: false, message: '无权进行此操作，New-Api-User 与登录用户不匹配' },
    },
  ],
  management_refused: [
    {
      surface: 'dashboard',
      send: http('POST', '/api/user/login', json, JSON.stringify({ username: 'alice', password: 'wrong' })),
      status: 200,
      body: { success: false, message: 'Username or password is incorrect, or user has been banned' },
    },
    {
      surface: 'dashboard',
      send: http(
        'POST',
        '/api/user/register',
        { ...json, 'accept-language': 'zh-CN' },
        JSON.stringify({ username: 'alice', password: 'long-enough' }),
      ),
      status: 200,
      body: { success: false, message: '用户名已存在，或已注销' },
    },
  ],
  // Scenarios' contract codes, rendered as new-api renders the situation each names.
  invalid_api_key: everywhere(generation(), 401, invalidToken, { setup: failingWith('invalid_api_key') }),
  insufficient_quota: relayed(generation(), 403, '用户额度不足, 剩余额度: ＄200.000000', 'insufficient_user_quota', {
    setup: failingWith('insufficient_quota'),
  }),
  rate_limit_exceeded: [
    {
      surface: 'openai',
      send: generation(),
      setup: failingWith('rate_limit_exceeded'),
      status: 429,
      body: upstreamOpenAI('Rate limit reached for requests. Please try again later.', 'requests', 'rate_limit_exceeded'),
    },
    {
      surface: 'anthropic',
      send: generation(),
      setup: failingWith('rate_limit_exceeded'),
      status: 429,
      body: upstreamClaude('rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'),
    },
    {
      surface: 'gemini',
      send: generation(),
      setup: failingWith('rate_limit_exceeded'),
      status: 429,
      body: upstreamGoogle(429, 'Resource has been exhausted (e.g. check quota).'),
    },
  ],
  model_not_found: [
    ...everywhere(
      generation(),
      503,
      middleware('No available channel for model gpt-4o-mini under group default (distributor)', 'model_not_found'),
      {
        setup: failingWith('model_not_found'),
      },
    ).slice(0, 2),
    {
      surface: 'gemini',
      send: generation(),
      setup: failingWith('model_not_found'),
      status: 503,
      body: middleware('No available channel for model gemini-2.5-flash under group default (distributor)', 'model_not_found'),
    },
  ],
  invalid_request_error: relayed(generation(), 500, 'The request was invalid.', 'invalid_request', {
    setup: failingWith('invalid_request_error'),
  }),
  context_length_exceeded: [
    {
      surface: 'openai',
      send: generation(),
      setup: failingWith('context_length_exceeded'),
      status: 400,
      body: upstreamOpenAI(
        "This model's maximum context length was exceeded. Please reduce the length of the messages.",
        'invalid_request_error',
        'context_length_exceeded',
      ),
    },
    {
      surface: 'anthropic',
      send: generation(),
      setup: failingWith('context_length_exceeded'),
      status: 400,
      body: upstreamClaude('invalid_request_error', 'prompt is too long'),
    },
    {
      surface: 'gemini',
      send: generation(),
      setup: failingWith('context_length_exceeded'),
      status: 400,
      body: upstreamGoogle(400, 'The input token count exceeds the maximum number of tokens allowed.'),
    },
  ],
  invalid_url: everywhere(
    generation(),
    404,
    { error: { message: 'Invalid URL.', type: 'invalid_request_error', param: '', code: '' } },
    { setup: failingWith('invalid_url') },
  ),
  internal_error: [
    {
      surface: 'openai',
      send: generation(),
      setup: failingWith('internal_error'),
      status: 500,
      body: upstreamOpenAI('The server had an error while processing your request.', 'server_error', 'internal_error'),
    },
    {
      surface: 'anthropic',
      send: generation(),
      setup: failingWith('internal_error'),
      status: 500,
      body: upstreamClaude('api_error', 'Internal server error'),
    },
    {
      surface: 'gemini',
      send: generation(),
      setup: failingWith('internal_error'),
      status: 500,
      body: upstreamGoogle(
        500,
        'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
      ),
    },
  ],
  upstream_error: [
    {
      surface: 'openai',
      send: generation(),
      setup: failingWith('upstream_error'),
      status: 503,
      body: upstreamOpenAI('The upstream model provider is temporarily unavailable. Please retry.', 'upstream_error', 'upstream_error'),
    },
    {
      surface: 'anthropic',
      send: generation(),
      setup: failingWith('upstream_error'),
      status: 503,
      body: upstreamClaude('overloaded_error', 'Overloaded'),
    },
    {
      surface: 'gemini',
      send: generation(),
      setup: failingWith('upstream_error'),
      status: 503,
      body: upstreamGoogle(503, 'The model is overloaded. Please try again later.'),
    },
  ],
  scenario_mismatch: relayed(
    generation(),
    400,
    /Strict scenario: POST \/v\S+ \(model [\w.-]+\) matched no step; expected scenario "strict" step 1 \(model "nothing-asked-for"\)\./,
    'scenario_mismatch',
    {
      setup: setups.strictScript,
    },
  ),
  replay_mismatch: relayed(
    generation(),
    400,
    /Strict replay: POST \/v\S+ \(model [\w.-]+, last user turn "Hello"\): no recording (matches it\. Nearest: "catalogue" #1 \(last user turn: recorded "Goodbye", got "Hello"\)|of [\w.]+ was loaded)\./,
    'replay_mismatch',
    { options: setups.strictReplay },
  ),

  // TokenAuth: one answer for every bad key, on every route group.
  key_missing: [
    ...everywhere(generation({ key: null }), 401, invalidToken),
    // TokenAuthReadOnly, on /api/usage/token: its own word for each case, in its own body.
    usageToken({}, 401, 'Token not provided'),
    usageToken({ 'accept-language': 'zh-CN' }, 401, '未提供令牌'),
  ],
  key_unknown: [
    ...everywhere(generation({ key: 'sk-no-such-key' }), 401, invalidToken),
    usageToken({ authorization: 'Bearer sk-no-such-key' }, 401, 'Invalid token'),
    {
      surface: 'openai',
      send: generation({ key: 'sk-no-such-key', headers: { 'accept-language': 'zh-CN,zh;q=0.9' } }),
      status: 401,
      body: middleware('无效的令牌'),
    },
    {
      surface: 'gemini',
      send: generation({ key: 'sk-no-such-key', headers: { 'accept-language': 'zh-TW' } }),
      status: 401,
      body: middleware('無效的令牌'),
    },
  ],
  key_disabled: [
    ...everywhere(generation({ key: 'sk-disabled' }), 401, invalidToken),
    usageToken({ authorization: 'Bearer sk-disabled' }, 401, 'This token status is unavailable'),
  ],
  key_expired: everywhere(generation({ key: 'sk-expired' }), 401, invalidToken),
  key_owner_missing: [
    ...everywhere(generation({ key: 'sk-broke-user' }), 401, invalidToken, { setup: setups.ownerGone }),
    usageToken({ authorization: 'Bearer sk-broke-user' }, 500, 'Database error, please contact the administrator', setups.ownerGone),
  ],
  key_owner_disabled: [
    ...everywhere(generation(), 403, middleware('User has been banned'), { setup: setups.aliceDisabled }),
    usageToken({ authorization: 'Bearer sk-unrestricted' }, 403, 'User has been banned', setups.aliceDisabled),
  ],
  // Always in Chinese, with its own code.
  key_ip_not_allowed: everywhere(generation(), 403, middleware('您的 IP 不在令牌允许访问的列表中', 'access_denied'), {
    setup: setups.unrestrictedFromTenNet,
  }),
  gemini_key_on_model_list: {
    unreachable: 'new-api answers a Gemini-style key on /v1/models with the Gemini list (test/profiles/new-api-shapes.test.ts)',
  },

  access_token_missing: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self'),
      status: 401,
      body: dashboardAuth('AUTH_UNAUTHORIZED', 'Unauthorized, invalid access token'),
    },
  ],
  access_token_unknown: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer at-nobody' }),
      status: 401,
      body: dashboardAuth('AUTH_UNAUTHORIZED', 'Unauthorized, invalid access token'),
    },
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer at-nobody', 'accept-language': 'zh-CN' }),
      status: 401,
      body: dashboardAuth('AUTH_UNAUTHORIZED', '无权进行此操作，access token 无效'),
    },
  ],
  access_token_is_api_key: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer sk-unrestricted' }),
      status: 401,
      body: dashboardAuth('AUTH_UNAUTHORIZED', 'Unauthorized, invalid access token'),
    },
  ],
  access_user_disabled: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer at-alice' }),
      setup: setups.aliceDisabled,
      status: 401,
      body: dashboardAuth('AUTH_USER_DISABLED', 'User has been banned'),
    },
  ],
  access_session_expired: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer at-session' }),
      setup: setups.aliceSession({ accessExpiresAt: 0 }),
      status: 401,
      body: dashboardAuth('AUTH_TOKEN_EXPIRED', 'Unauthorized, not logged in and no access token provided'),
    },
  ],
  access_session_revoked: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { cookie: 'session=session-of-alice' }),
      setup: setups.aliceSession({ revoked: true }),
      status: 401,
      body: dashboardAuth('AUTH_SESSION_REVOKED', 'Unauthorized, not logged in and no access token provided'),
    },
  ],

  // The distributor reads the JSON body for the model; on Gemini paths it never does, so the relay's validation answers.
  body_empty: [
    { surface: 'openai', send: generation({ raw: '' }), status: 400, body: middleware(invalidJson) },
    { surface: 'anthropic', send: generation({ raw: '' }), status: 400, body: middleware(invalidJson) },
    { surface: 'gemini', send: generation({ raw: '' }), status: 500, body: relay('contents is required', 'invalid_request') },
  ],
  body_not_json: [
    { surface: 'openai', send: generation({ raw: '{nope' }), status: 400, body: middleware(invalidJson) },
    { surface: 'anthropic', send: generation({ raw: '{nope' }), status: 400, body: middleware(invalidJson) },
    { surface: 'gemini', send: generation({ raw: '{nope' }), status: 500, body: relay(/.*position 1.*/, 'invalid_request') },
  ],
  body_not_object: [
    { surface: 'openai', send: generation({ raw: '[1]' }), status: 400, body: middleware(invalidJson) },
    { surface: 'anthropic', send: generation({ raw: '[1]' }), status: 400, body: middleware(invalidJson) },
    { surface: 'gemini', send: generation({ raw: '[1]' }), status: 500, body: relay('contents is required', 'invalid_request') },
  ],
  body_unreadable: {
    unreachable:
      'the client stopped sending its body and is gone: test/pipeline/request-bodies.test.ts checks the gateway forgets it and goes on serving',
  },
  body_too_large: [
    {
      surface: 'openai',
      send: generation({ prompt: 'x'.repeat(1_100_000) }),
      status: 400,
      body: middleware('Invalid request: Invalid request: request body exceeds 1 MB: request body too large'),
    },
    {
      surface: 'anthropic',
      send: generation({ prompt: 'x'.repeat(1_100_000) }),
      status: 400,
      body: middleware('Invalid request: Invalid request: request body exceeds 1 MB: request body too large'),
    },
    {
      surface: 'gemini',
      send: generation({ prompt: 'x'.repeat(1_100_000) }),
      status: 413,
      body: relay('request body exceeds 1 MB: request body too large', 'read_request_body_failed'),
    },
  ].map((testCase) => ({ ...(testCase as CatalogueCase), options: { maxBodyBytes: 2 ** 20 } })),
  body_too_deep: [
    {
      surface: 'openai',
      send: generation({ body: { tools: [{ type: 'function', function: { name: 'f', parameters: deepSchema } }] } }),
      status: 400,
      body: middleware(invalidJson),
    },
    {
      surface: 'anthropic',
      send: generation({ body: { tools: [{ name: 'f', input_schema: deepSchema }] } }),
      status: 400,
      body: middleware(invalidJson),
    },
    {
      surface: 'gemini',
      send: generation({ body: { tools: [{ functionDeclarations: [{ name: 'f', parameters: deepSchema }] }] } }),
      status: 500,
      body: relay(
        'The request body nests too deeply at tools[0].functionDeclarations[0].parameters.a.a.a…a.a.a.a: at most 100 levels.',
        'invalid_request',
      ),
    },
  ],
  // GetAndValidateRequest, after the distributor: 500.
  body_invalid: [
    {
      surface: 'openai',
      send: generation({ body: { messages: 'Hello' } }),
      status: 500,
      body: relay('messages: Invalid input: expected array, received string', 'invalid_request'),
    },
    {
      surface: 'anthropic',
      send: generation({ body: { max_tokens: undefined } }),
      status: 500,
      body: claude('max_tokens: Field required'),
    },
    {
      surface: 'gemini',
      send: generation({ body: { contents: undefined } }),
      status: 500,
      body: relay('contents: Field required', 'invalid_request'),
    },
  ],
  body_model_missing: [
    { surface: 'openai', send: generation({ body: { model: undefined } }), status: 400, body: middleware(noModelName) },
    { surface: 'anthropic', send: generation({ body: { model: undefined } }), status: 400, body: middleware(noModelName) },
    // The distributor runs before the 501 of the routes new-api never implemented.
    {
      surface: 'openai',
      send: http('GET', '/v1/files', { authorization: 'Bearer sk-unrestricted' }),
      status: 400,
      body: middleware(noModelName),
    },
  ],
  body_model_not_string: [
    {
      surface: 'openai',
      send: generation({ body: { model: 4 } }),
      status: 400,
      body: middleware('Invalid request: Invalid request: field model must be a string'),
    },
    {
      surface: 'anthropic',
      send: generation({ body: { model: 4 } }),
      status: 400,
      body: middleware('Invalid request: Invalid request: field model must be a string'),
    },
  ],
  path_model_missing: [
    {
      surface: 'gemini',
      send: http('POST', '/v1beta/models/:generateContent?key=sk-unrestricted', json, '{"contents":[{"parts":[{"text":"Hi"}]}]}'),
      status: 400,
      body: middleware(noModelName),
    },
  ],
  page_limit_invalid: { unreachable: 'new-api lists every model at once and ignores paging parameters' },
  page_cursor_unknown: { unreachable: 'new-api lists every model at once and ignores paging parameters' },
  page_size_invalid: { unreachable: 'new-api lists every model at once and ignores paging parameters' },
  page_token_invalid: { unreachable: 'new-api lists every model at once and ignores paging parameters' },

  model_unavailable: everywhere(
    generation({ model: 'gpt-9' }),
    503,
    middleware('No available channel for model gpt-9 under group default (distributor)', 'model_not_found'),
  ),
  model_outside_key_limits: everywhere(
    generation({ key: 'sk-limited', model: 'gpt-4o' }),
    403,
    middleware('This token has no access to model gpt-4o'),
  ),
  model_unpriced: relayed(
    generation({ model: 'unpriced-model' }),
    400,
    '模型 unpriced-model 的价格尚未由管理员配置，暂时无法使用，请联系站点管理员开启该模型；Model unpriced-model has not been priced by the administrator yet. Please contact the site administrator to enable this model.',
    'model_price_error',
  ),
  // RetrieveModel looks in its built-in table only, whatever the key, and writes its own body: HTTP 200, no request id.
  // The upstream refuses a model of the wrong kind, and new-api relays its refusal.
  model_not_embedding: [
    {
      surface: 'openai',
      send: http('POST', '/v1/embeddings', { authorization: 'Bearer sk-unrestricted', ...json }, '{"model":"gpt-4o-mini","input":"Hello"}'),
      status: 403,
      body: upstreamOpenAI('You are not allowed to generate embeddings from this model', 'invalid_request_error', null),
    },
    {
      surface: 'gemini',
      send: http(
        'POST',
        '/v1beta/models/gemini-2.5-flash:embedContent',
        { 'x-goog-api-key': 'sk-unrestricted', ...json },
        '{"content":{"parts":[{"text":"Hello"}]}}',
      ),
      status: 400,
      body: upstreamGoogle(400, 'Invalid JSON payload received. Unknown name "content": Cannot find field.'),
    },
  ],
  // The audio relay parses the form after the distributor read the model: Go's error, a 500 like every validation error.
  body_not_multipart: [
    {
      surface: 'openai',
      send: http('POST', '/v1/audio/transcriptions', { authorization: 'Bearer sk-unrestricted', ...json }, '{"model":"whisper-1"}'),
      status: 500,
      body: relay("request Content-Type isn't multipart/form-data", 'invalid_request'),
    },
  ],
  audio_unreadable: [
    {
      surface: 'openai',
      send: upload('/v1/audio/transcriptions', 'not audio at all'),
      status: 500,
      body: relay('error getting audio duration: it is neither a WAV (RIFF/WAVE) nor an MP3 file', 'count_token_failed'),
    },
  ],
  // Relayed to the upstream, whose refusal comes back as OpenAI wrote it.
  audio_too_short: [
    {
      surface: 'openai',
      send: upload('/v1/audio/transcriptions', emptyWav),
      status: 400,
      body: upstreamOpenAI(
        'Audio file is too short. Minimum audio length is 0.1 seconds.',
        'invalid_request_error',
        'audio_too_short',
        'file',
      ),
    },
  ],
  model_kind_mismatch: [
    {
      surface: 'openai',
      send: imageRequest('tts-1'),
      status: 400,
      body: upstreamOpenAI(kindMismatch, 'invalid_request_error', null, 'model'),
    },
  ],
  // The gateway's own route for the images it generated: the relay's wrapper, with the request id.
  image_file_missing: [
    { surface: 'openai', send: http('GET', '/v1/images/files/img-nothing.png'), status: 404, body: relay(imageGone, 'image_not_found') },
  ],
  model_is_embedding: [
    {
      surface: 'openai',
      send: generation({ model: 'text-embedding-3-small' }),
      status: 404,
      body: upstreamOpenAI(notChat, 'invalid_request_error', null, 'model'),
    },
    // new-api prints the null code with %v, and writes the request id on /v1/messages.
    {
      surface: 'anthropic',
      send: generation({ model: 'text-embedding-3-small' }),
      status: 404,
      body: { error: { type: '<nil>', message: withId(notChat) }, type: 'error' },
    },
    {
      surface: 'gemini',
      send: generation({ model: 'gemini-embedding-001' }),
      status: 400,
      body: upstreamGoogle(400, 'Invalid JSON payload received. Unknown name "contents": Cannot find field.'),
    },
  ],
  dimensions_too_large: [
    {
      surface: 'openai',
      send: http(
        'POST',
        '/v1/embeddings',
        { authorization: 'Bearer sk-unrestricted', ...json },
        '{"model":"text-embedding-3-small","input":"Hello","dimensions":2000}',
      ),
      status: 400,
      body: upstreamOpenAI(
        "The model 'text-embedding-3-small' makes vectors of 1536 dimensions: ask for at most 1536, got 2000.",
        'invalid_request_error',
        null,
      ),
    },
    {
      surface: 'gemini',
      send: http(
        'POST',
        '/v1beta/models/gemini-embedding-001:embedContent',
        { 'x-goog-api-key': 'sk-unrestricted', ...json },
        '{"content":{"parts":[{"text":"Hello"}]},"outputDimensionality":4000}',
      ),
      status: 400,
      body: upstreamGoogle(400, 'Request contains an invalid argument.'),
    },
  ],
  // The Responses API: new-api relays POST /v1/responses only, so these are OpenAI's own refusals.
  response_not_found: { unreachable: 'new-api does not route GET /v1/responses/{id}: route_not_found covers it' },
  previous_response_not_found: [
    {
      surface: 'openai',
      send: http(
        'POST',
        '/v1/responses',
        { authorization: 'Bearer sk-unrestricted', ...json },
        '{"model":"gpt-4o-mini","input":"Hi","previous_response_id":"resp_nothing"}',
      ),
      status: 400,
      body: upstreamOpenAI(
        "Previous response with id 'resp_nothing' not found.",
        'invalid_request_error',
        'previous_response_not_found',
        'previous_response_id',
      ),
    },
  ],
  response_item_not_found: [
    {
      surface: 'openai',
      send: http(
        'POST',
        '/v1/responses',
        { authorization: 'Bearer sk-unrestricted', ...json },
        '{"model":"gpt-4o-mini","input":[{"type":"item_reference","id":"msg_nothing"}]}',
      ),
      status: 404,
      body: upstreamOpenAI(
        "Item with id 'msg_nothing' not found. Items are not persisted when `store` is set to false. Try again with `store` set to true, or remove this item from your input.",
        'invalid_request_error',
        'item_not_found',
        'input',
      ),
    },
  ],
  websocket_required: [
    {
      surface: 'openai',
      send: http('GET', '/v1/realtime?model=gpt-realtime', { authorization: 'Bearer sk-unrestricted' }),
      status: 400,
      body: upstreamOpenAI(
        withId('GET /v1/realtime is a WebSocket route: open it with a WebSocket client (ws:// or wss://, `Upgrade: websocket`).'),
        'invalid_request_error',
        'invalid_request_error',
        '',
      ),
    },
  ],
  output_limit_too_small: [
    {
      surface: 'openai',
      send: http(
        'POST',
        '/v1/responses',
        { authorization: 'Bearer sk-unrestricted', ...json },
        '{"model":"gpt-4o-mini","input":"Hi","max_output_tokens":3}',
      ),
      status: 400,
      body: upstreamOpenAI(
        "Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got 3 instead.",
        'invalid_request_error',
        'integer_below_min_value',
        'max_output_tokens',
      ),
    },
  ],
  retrieve_model_missing: [
    {
      surface: 'openai',
      send: http('GET', '/v1/models/small-context-4k', { authorization: 'Bearer sk-unrestricted' }),
      status: 200,
      body: {
        error: {
          message: "The model 'small-context-4k' does not exist",
          type: 'invalid_request_error',
          param: 'model',
          code: 'model_not_found',
        },
      },
    },
  ],
  anthropic_model_missing: [
    {
      surface: 'anthropic',
      send: http('GET', '/v1/models/gpt-9', { 'x-api-key': 'sk-limited', 'anthropic-version': '2023-06-01' }),
      status: 200,
      body: {
        error: { message: "The model 'gpt-9' does not exist", type: 'invalid_request_error', param: 'model', code: 'model_not_found' },
      },
    },
  ],
  gemini_model_missing: { unreachable: 'new-api has no GET /v1beta/models/{model}: route_not_found covers it' },

  // Billing: a key at zero is refused at auth with the other bad keys; the wallet and the estimate in ＄.
  quota_key_exhausted: everywhere(generation({ key: 'sk-low-quota' }), 401, invalidToken, { setup: setups.lowQuotaExhausted }),
  quota_user_exhausted: relayed(generation({ key: 'sk-broke-user' }), 403, '用户额度不足, 剩余额度: ＄0.000000', 'insufficient_user_quota'),
  quota_key_short: relayed(
    generation({ key: 'sk-low-quota', model: 'gpt-4o', prompt: longPrompt.slice(0, 2_000) }),
    403,
    /token quota is not enough, token remain quota: ＄0\.000004, need quota: ＄0\.00\d{4}/,
    'pre_consume_token_quota_failed',
  ),
  quota_user_short: relayed(
    generation(),
    403,
    /预扣费额度失败, 用户剩余额度: ＄0\.000010, 需要预扣费额度: ＄0\.0000\d\d/,
    'insufficient_user_quota',
    {
      setup: setups.aliceNearlyBroke,
    },
  ),
  rate_limited: everywhere(generation({ repeat: 2 }), 429, middleware('您已达到请求数限制：1分钟内最多请求1次'), {
    setup: setups.oneRequestAMinute,
    headers: { 'retry-after': null, 'x-ratelimit-limit-requests': null },
  }),
  // No local context check: the upstream refuses and its error is relayed as it came.
  context_too_long: [
    {
      surface: 'openai',
      send: generation({ model: 'small-context-4k', prompt: longPrompt }),
      status: 400,
      body: upstreamOpenAI(
        expect.stringMatching(/^This model's maximum context length is 4096 tokens\. However, you requested \d{4} tokens/),
        'invalid_request_error',
        'context_length_exceeded',
        'messages',
      ),
    },
    {
      surface: 'anthropic',
      send: generation({ model: 'small-context-4k', prompt: longPrompt }),
      status: 400,
      body: upstreamClaude('invalid_request_error', expect.stringMatching(/^prompt is too long: \d{4} tokens > 4096 maximum$/)),
    },
    {
      surface: 'gemini',
      send: generation({ model: 'small-context-4k', prompt: longPrompt }),
      status: 400,
      body: upstreamGoogle(
        400,
        expect.stringMatching(/^The input token count \(\d{4}\) exceeds the maximum number of tokens allowed \(4096\)\.$/),
      ),
    },
  ],
  client_closed: {
    unreachable:
      'the client left during a scenario delay, so nobody reads the answer: test/scenarios/rules.test.ts checks the journal records 499',
  },
  not_implemented: [
    {
      surface: 'openai',
      send: http('POST', '/v1/files', { authorization: 'Bearer sk-unrestricted', ...json }, '{"model":"gpt-4o-mini"}'),
      status: 501,
      body: { error: { message: 'API not implemented', type: 'new_api_error', param: '', code: 'api_not_implemented' } },
    },
    {
      surface: 'openai',
      send: http('DELETE', '/v1/models/gpt-4o-mini', { authorization: 'Bearer sk-unrestricted' }),
      status: 501,
      body: { error: { message: 'API not implemented', type: 'new_api_error', param: '', code: 'api_not_implemented' } },
    },
  ],

  // NoRoute: the OpenAI-style body on every prefix, for the routes new-api lacks too.
  route_not_found: [
    notFound('openai', 'GET', '/v1/nothing'),
    notFound('anthropic', 'POST', '/v1/messages/count_tokens', { 'x-api-key': 'sk-unrestricted' }),
    notFound('gemini', 'GET', '/v1beta/models/gemini-2.5-flash?key=sk-unrestricted'),
    notFound('dashboard', 'GET', '/api/user/billing/summary', { authorization: 'Bearer at-alice' }),
    notFound('openai', 'GET', '/v1/responses/resp_anything', { authorization: 'Bearer sk-unrestricted' }),
    {
      surface: 'admin',
      send: http('GET', '/__mock/nothing'),
      status: 404,
      body: admin('invalid_url', 'Invalid URL (GET /__mock/nothing)'),
    },
  ],
  not_a_gateway_route: [{ surface: 'openai', send: http('GET', '/nothing'), status: 404, body: noRoute('GET', '/nothing') }],
  // NoRoute gives no hint: a path below the wrong base URL is one more unknown path.
  base_url_anthropic_sdk: [notFound('anthropic', 'POST', '/v1/v1/messages', { 'anthropic-version': '2023-06-01' })],
  base_url_anthropic_ai_sdk: [notFound('anthropic', 'POST', '/messages', { 'anthropic-version': '2023-06-01' })],
  base_url_openai: [notFound('openai', 'POST', '/chat/completions', { authorization: 'Bearer sk-unrestricted' })],
  base_url_genai: [notFound('gemini', 'POST', '/v1beta/v1beta/models/gemini-2.5-flash:generateContent')],
  base_url_google_ai_sdk: [notFound('gemini', 'POST', '/models/gemini-2.5-flash:generateContent?key=sk-unrestricted')],
  request_malformed: {
    unreachable:
      'Node refuses a request target that is not a URL before the gateway sees it: test/pipeline/robustness.test.ts sweeps such requests',
  },
  request_unparseable: {
    unreachable: 'fetch cannot send a request Node cannot parse: test/pipeline/robustness.test.ts sends them on raw sockets',
  },
  plain_http_to_tls_port: {
    unreachable: 'only a server started with tls answers it, on a plain socket: test/node/server/tls-server.test.ts sends such requests',
  },
  headers_too_large: [
    {
      surface: 'openai',
      send: http('GET', '/v1/models', { authorization: 'Bearer sk-limited', 'x-filler': 'x'.repeat(20_000) }),
      status: 431,
      body: {
        error: {
          message: 'The request line and headers are larger than the gateway accepts (16 KB).',
          type: 'invalid_request_error',
          param: '',
          code: '',
        },
      },
    },
  ],
  chunk_extensions_too_large: {
    unreachable: 'fetch cannot send chunk extensions: test/pipeline/robustness.test.ts sends them on raw sockets',
  },
  request_timeout: { unreachable: "it takes Node's 30 s request check to fire" },
  // gin's recovery handler.
  internal: everywhere(
    generation({ model: 'gpt-4o-mini' }),
    500,
    {
      error: {
        message: expect.stringMatching(
          /^Panic detected, error: .+\. Please submit a issue here: https:\/\/github\.com\/Calcium-Ion\/new-api$/,
        ),
        type: 'new_api_panic',
      },
    },
    { setup: setups.brokenModel },
  ),

  ...adminCases,
  ...unreachableOverHttp,
}

// Every answer carries X-Oneapi-Request-Id and X-New-Api-Version and none of the vendors' request id
// headers; a message new-api wrote itself ends with the same request id.
walkCatalogue('new-api', table, Object.keys(newApiProfile.errors), (headers, surface, body) => {
  const id = headers.get('x-oneapi-request-id')
  const message = JSON.stringify(body).match(/\(request id: (\w+)\)/)?.[1]
  return {
    actual: {
      id,
      version: headers.get('x-new-api-version'),
      vendor: headers.get('x-request-id') ?? headers.get('request-id'),
      suffix: message ?? id,
    },
    expected: {
      id: expect.stringMatching(new RegExp(`^${requestId}$`)),
      version: surface === 'admin' ? null : 'v1.0.0-rc.30',
      vendor: surface === 'admin' ? id : null,
      suffix: id,
    },
  }
})
