import { expect } from 'vitest'
import { specProfile } from '../../src/index.ts'
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

// The spec profile's answers, written out (docs/routes.md): each surface's vendor envelope.
const openai = (message: unknown, code: string, type = 'invalid_request_error', param: string | null = null) => ({
  error: { message, type, param, code },
})
const anthropic = (type: string, message: unknown) => ({
  type: 'error',
  error: { type, message },
  request_id: expect.stringMatching(/^\d{23}6d6f636b\w{8}$/),
})
const googleError = (code: number, status: string, message: unknown, reason: string, retryDelay?: string) => ({
  error: {
    code,
    message,
    status,
    details: [
      { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'llm-gateway-mock' },
      ...(retryDelay ? [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay }] : []),
    ],
  },
})
const dashboard = (message: string) => ({ success: false, message })

/** `GET /api/usage/token` with `headers`, refused on the dashboard surface. */
const usageToken = (headers: Record<string, string>, status: number, message: string, setup?: CatalogueCase['setup']): CatalogueCase => ({
  surface: 'dashboard',
  send: http('GET', '/api/usage/token', headers),
  setup,
  status,
  body: dashboard(message),
})

/** `POST /v1/embeddings` with `body`, as the openai SDK would send it. */
const embeddings = (body: Record<string, unknown>) =>
  http('POST', '/v1/embeddings', { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' }, JSON.stringify(body))
/** `POST /v1beta/models/{model}:embedContent` with `body`. */
const embedContent = (model: string, body: Record<string, unknown>) =>
  http(
    'POST',
    `/v1beta/models/${model}:embedContent`,
    { 'x-goog-api-key': 'sk-unrestricted', 'content-type': 'application/json' },
    JSON.stringify(body),
  )
const notEmbedding = (model: string) =>
  `The model '${model}' is a chat model and cannot create embeddings. Use an embedding model: GET /v1/models lists them with "embeddings" in supported_endpoint_types.`
/** A `POST /v1/responses` with `body`, by the unrestricted key. */
const responsesRequest = (body: unknown) =>
  http('POST', '/v1/responses', { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' }, JSON.stringify(body))

const anthropicType: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'api_error',
}
const googleStatus: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
}

/** The same error on the three generation routes: OpenAI chat, Anthropic messages, Gemini generateContent. */
function onGenerations(
  trigger: GenerationTrigger,
  status: number,
  code: string,
  message: unknown,
  more: {
    type?: string
    param?: string | null
    setup?: CatalogueCase['setup']
    messages?: Partial<Record<'anthropic' | 'gemini', unknown>>
    headers?: CatalogueCase['headers']
    retryDelay?: string
    options?: CatalogueCase['options']
  } = {},
): CatalogueCase[] {
  return [
    {
      surface: 'openai',
      send: trigger,
      options: more.options,
      setup: more.setup,
      status,
      body: openai(message, code, more.type, more.param ?? null),
      headers: more.headers,
    },
    {
      surface: 'anthropic',
      send: trigger,
      options: more.options,
      setup: more.setup,
      status,
      body: anthropic(anthropicType[status]!, more.messages?.anthropic ?? message),
      headers: more.headers,
    },
    {
      surface: 'gemini',
      send: trigger,
      options: more.options,
      setup: more.setup,
      status,
      body: googleError(status, googleStatus[status]!, more.messages?.gemini ?? message, code, more.retryDelay),
      headers: more.headers,
    },
  ]
}

// 150 levels of objects inside a tool's schema: past the default limit of 100.
const deepSchema = Array.from({ length: 150 }).reduce<unknown>((inner) => ({ a: inner }), { type: 'string' })

const notFound = (surface: SurfaceName, path: string, body: unknown, method = 'GET', headers?: Record<string, string>): CatalogueCase => ({
  surface,
  send: http(method, path, headers),
  status: 404,
  body,
})
const anthropicHeaders = { 'anthropic-version': '2023-06-01', 'x-api-key': 'sk-unrestricted' }
/** `Invalid URL (…)` and a hint naming the gateway's base URL, whatever origin the mode gives it. */
const hint = (request: string, text: string) => {
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  // The first mention of the base URL is captured, and every other must be the same.
  const [first, ...rest] = `Invalid URL (${request}). ${text}`.split('{base}').map(escape)
  const pattern = rest.length === 0 ? first : `${first}(http://[\\w.:]+)${rest.join('\\1')}`
  return expect.stringMatching(new RegExp(`^${pattern}$`))
}

const table: CatalogueTable = {
  // Placeholder until an admin route lands (issue 26): GET /api/group/ with a user's token is the case.
  access_role_too_low: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/group/', { authorization: 'Bearer at-alice' }),
      status: 403,
      body: { code: 'AUTH_INSUFFICIENT_PRIVILEGE', message: 'Insufficient privileges', success: false },
    },
  ],
  new_api_user_missing: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer at-alice' }),
      setup: setups.newApiUserRequired,
      status: 401,
      body: dashboard('Unauthorized, New-Api-User not provided'),
    },
  ],
  new_api_user_malformed: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer at-alice', 'new-api-user': '1x' }),
      setup: setups.newApiUserRequired,
      status: 401,
      body: dashboard('Unauthorized, New-Api-User format error'),
    },
  ],
  new_api_user_mismatch: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer at-alice', 'new-api-user': '2' }),
      setup: setups.newApiUserRequired,
      status: 401,
      body: dashboard('Unauthorized, New-Api-User does not match the signed-in user'),
    },
  ],
  management_refused: [
    {
      surface: 'dashboard',
      send: http('POST', '/api/user/login', { 'content-type': 'application/json' }, JSON.stringify({ username: '', password: 'x' })),
      status: 200,
      body: dashboard('Invalid parameters'),
    },
  ],
  invalid_api_key: onGenerations(generation(), 401, 'invalid_api_key', 'Incorrect API key provided.', {
    setup: failingWith('invalid_api_key'),
  }),
  insufficient_quota: onGenerations(
    generation(),
    403,
    'insufficient_quota',
    'You exceeded your current quota, please check your plan and billing details.',
    {
      type: 'insufficient_quota',
      setup: failingWith('insufficient_quota'),
    },
  ),
  rate_limit_exceeded: onGenerations(generation(), 429, 'rate_limit_exceeded', 'Rate limit reached for requests. Please try again later.', {
    type: 'requests',
    setup: failingWith('rate_limit_exceeded'),
  }),
  model_not_found: onGenerations(generation(), 404, 'model_not_found', 'The model does not exist or you do not have access to it.', {
    setup: failingWith('model_not_found'),
  }),
  invalid_request_error: onGenerations(generation(), 400, 'invalid_request_error', 'The request was invalid.', {
    setup: failingWith('invalid_request_error'),
  }),
  context_length_exceeded: onGenerations(
    generation(),
    400,
    'context_length_exceeded',
    "This model's maximum context length was exceeded. Please reduce the length of the messages.",
    {
      setup: failingWith('context_length_exceeded'),
    },
  ),
  invalid_url: onGenerations(generation(), 404, 'invalid_url', 'Invalid URL.', { setup: failingWith('invalid_url') }),
  internal_error: onGenerations(generation(), 500, 'internal_error', 'The server had an error while processing your request.', {
    type: 'server_error',
    setup: failingWith('internal_error'),
  }),
  upstream_error: onGenerations(
    generation(),
    503,
    'upstream_error',
    'The upstream model provider is temporarily unavailable. Please retry.',
    { type: 'upstream_error', setup: failingWith('upstream_error') },
  ),
  scenario_mismatch: onGenerations(
    generation(),
    400,
    'scenario_mismatch',
    expect.stringMatching(
      /^Strict scenario: POST \/v\S+ \(model [\w.-]+\) matched no step; expected scenario "strict" step 1 \(model "nothing-asked-for"\)\.$/,
    ),
    { setup: setups.strictScript },
  ),
  replay_mismatch: onGenerations(
    generation(),
    400,
    'replay_mismatch',
    expect.stringMatching(
      /^Strict replay: POST \/v\S+ \(model [\w.-]+, last user turn "Hello"\): no recording (matches it\. Nearest: "catalogue" #1 \(last user turn: recorded "Goodbye", got "Hello"\)|of [\w.]+ was loaded)\.$/,
    ),
    { options: setups.strictReplay },
  ),

  key_missing: [
    {
      surface: 'openai',
      send: generation({ key: null }),
      status: 401,
      body: openai('Missing API key: send it as an `Authorization: Bearer <key>` header.', 'invalid_api_key'),
    },
    {
      surface: 'anthropic',
      send: generation({ key: null }),
      status: 401,
      body: anthropic(
        'authentication_error',
        'Missing API key: send it as an `x-api-key` header or an `Authorization: Bearer <key>` header.',
      ),
    },
    {
      surface: 'gemini',
      send: generation({ key: null }),
      status: 401,
      body: googleError(
        401,
        'UNAUTHENTICATED',
        'Missing API key: send it as an `x-goog-api-key` header, a `?key=` query parameter or an `Authorization: Bearer <key>` header.',
        'invalid_api_key',
      ),
    },
    usageToken({}, 401, 'Missing API key: send it as an `Authorization: Bearer <key>` header.'),
  ],
  key_unknown: [
    ...onGenerations(generation({ key: 'sk-no-such-key' }), 401, 'invalid_api_key', 'Invalid API key sk-n…-key: no such key.'),
    usageToken({ authorization: 'Bearer sk-no-such-key' }, 401, 'Invalid API key sk-n…-key: no such key.'),
  ],
  key_disabled: [
    ...onGenerations(generation({ key: 'sk-disabled' }), 401, 'invalid_api_key', 'API key sk-d… ("disabled") is disabled.'),
    usageToken({ authorization: 'Bearer sk-disabled' }, 401, 'API key sk-d… ("disabled") is disabled.'),
  ],
  key_expired: onGenerations(
    generation({ key: 'sk-expired' }),
    401,
    'invalid_api_key',
    'API key sk-e… ("expired") expired at 2025-01-01T00:00:00.000Z.',
  ),
  key_owner_missing: [
    ...onGenerations(generation({ key: 'sk-broke-user' }), 401, 'invalid_api_key', 'API key sk-b…user has no owner.', {
      setup: setups.ownerGone,
    }),
    usageToken({ authorization: 'Bearer sk-broke-user' }, 401, 'API key sk-b…user has no owner.', setups.ownerGone),
  ],
  key_owner_disabled: [
    ...onGenerations(generation(), 401, 'invalid_api_key', 'API key sk-u…cted belongs to user "alice", who is disabled.', {
      setup: setups.aliceDisabled,
    }),
    usageToken(
      { authorization: 'Bearer sk-unrestricted' },
      401,
      'API key sk-u…cted belongs to user "alice", who is disabled.',
      setups.aliceDisabled,
    ),
  ],
  key_ip_not_allowed: onGenerations(
    generation(),
    403,
    'access_denied',
    'API key sk-u…cted ("unrestricted") may not be used from 127.0.0.1: it is limited to 10.0.0.0/8 (its allowIps).',
    { setup: setups.unrestrictedFromTenNet },
  ),
  gemini_key_on_model_list: [
    {
      surface: 'openai',
      send: http('GET', '/v1/models?key=sk-limited'),
      status: 401,
      body: openai(
        expect.stringMatching(
          /^\/v1\/models takes `Authorization: Bearer <key>`, not a Gemini-style key \(`\?key=` or `x-goog-api-key`\)\. Gemini clients get models from GET http:\/\/[\w.:]+\/v1beta\/models: give @google\/genai `httpOptions: \{ apiVersion: 'v1beta' \}` \(3\.x calls \/v1 by default\)\.$/,
        ),
        'invalid_api_key',
      ),
    },
  ],

  access_token_missing: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self'),
      status: 401,
      body: dashboard("Missing access token: send the user's dashboard access token as `Authorization: Bearer <token>`."),
    },
  ],
  access_token_unknown: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer at-nobody' }),
      status: 401,
      body: dashboard('Invalid access token at-n….'),
    },
  ],
  access_token_is_api_key: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/billing/summary', { authorization: 'Bearer sk-unrestricted' }),
      status: 401,
      body: dashboard(
        "Invalid access token sk-u…cted. That is an API key; dashboard routes take the user's access token (listed by `llm-gateway-mock keys`).",
      ),
    },
  ],
  access_user_disabled: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer at-alice' }),
      setup: setups.aliceDisabled,
      status: 401,
      body: dashboard('User "alice" is disabled.'),
    },
  ],
  access_session_expired: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer at-session' }),
      setup: setups.aliceSession({ accessExpiresAt: 0 }),
      status: 401,
      body: dashboard(
        'The sign-in behind at-s… has expired (a login token lasts 15 minutes, its session cookie 30 days): sign in again with POST /api/user/login, or use the access token GET /api/user/token gives.',
      ),
    },
  ],
  access_session_revoked: [
    {
      surface: 'dashboard',
      send: http('GET', '/api/user/self', { authorization: 'Bearer at-session' }),
      setup: setups.aliceSession({ revoked: true }),
      status: 401,
      body: dashboard('The sign-in behind at-s… was ended by GET /api/user/logout: sign in again with POST /api/user/login.'),
    },
  ],

  body_empty: onGenerations(generation({ raw: '' }), 400, 'invalid_request_error', 'The request body is empty; expected a JSON object.'),
  body_not_json: onGenerations(
    generation({ raw: '{nope' }),
    400,
    'invalid_request_error',
    expect.stringMatching(/^The request body is not valid JSON: .*position 1/),
  ),
  body_not_object: onGenerations(
    generation({ raw: '[1]' }),
    400,
    'invalid_request_error',
    'The request body must be a JSON object, got an array.',
  ),
  body_unreadable: {
    unreachable:
      'the client stopped sending its body and is gone: test/pipeline/request-bodies.test.ts checks the gateway forgets it and goes on serving',
  },
  body_too_large: onGenerations(
    generation({ prompt: 'x'.repeat(300) }),
    413,
    'context_length_exceeded',
    "The request body exceeds the gateway's limit of 200 bytes.",
  ).map((testCase) => ({
    ...testCase,
    options: { maxBodyBytes: 200 },
  })),
  body_too_deep: [
    {
      surface: 'openai',
      send: generation({ body: { tools: [{ type: 'function', function: { name: 'f', parameters: deepSchema } }] } }),
      status: 400,
      body: openai(
        'The request body nests too deeply at tools[0].function.parameters.a.a.a.a…a.a.a.a: the gateway accepts at most 100 levels of nested objects and arrays.',
        'invalid_request_error',
        undefined,
        'tools[0].function.parameters.a.a.a.a…a.a.a.a',
      ),
    },
    {
      surface: 'anthropic',
      send: generation({ body: { tools: [{ name: 'f', input_schema: deepSchema }] } }),
      status: 400,
      body: anthropic(
        'invalid_request_error',
        'The request body nests too deeply at tools[0].input_schema.a.a.a.a.a…a.a.a.a: the gateway accepts at most 100 levels of nested objects and arrays.',
      ),
    },
    {
      surface: 'gemini',
      send: generation({ body: { tools: [{ functionDeclarations: [{ name: 'f', parameters: deepSchema }] }] } }),
      status: 400,
      body: googleError(
        400,
        'INVALID_ARGUMENT',
        'The request body nests too deeply at tools[0].functionDeclarations[0].parameters.a.a.a…a.a.a.a: the gateway accepts at most 100 levels of nested objects and arrays.',
        'invalid_request_error',
      ),
    },
  ],
  body_invalid: [
    {
      surface: 'openai',
      send: generation({ body: { messages: 'Hello' } }),
      status: 400,
      body: openai('messages: Invalid input: expected array, received string', 'invalid_request_error', undefined, 'messages'),
    },
    {
      surface: 'anthropic',
      send: generation({ body: { max_tokens: undefined } }),
      status: 400,
      body: anthropic('invalid_request_error', 'max_tokens: Field required'),
    },
    {
      surface: 'gemini',
      send: generation({ body: { contents: undefined } }),
      status: 400,
      body: googleError(400, 'INVALID_ARGUMENT', 'contents: Field required', 'invalid_request_error'),
    },
  ],
  body_model_missing: [
    {
      surface: 'openai',
      send: generation({ body: { model: undefined } }),
      status: 400,
      body: openai('model: Field required', 'invalid_request_error', undefined, 'model'),
    },
    {
      surface: 'anthropic',
      send: generation({ body: { model: undefined } }),
      status: 400,
      body: anthropic('invalid_request_error', 'model: Field required'),
    },
  ],
  body_model_not_string: [
    {
      surface: 'openai',
      send: generation({ body: { model: 4 } }),
      status: 400,
      body: openai('model: Invalid input: expected string, received number', 'invalid_request_error', undefined, 'model'),
    },
    {
      surface: 'anthropic',
      send: generation({ body: { model: 4 } }),
      status: 400,
      body: anthropic('invalid_request_error', 'model: Invalid input: expected string, received number'),
    },
  ],
  path_model_missing: [
    {
      surface: 'gemini',
      send: http(
        'POST',
        '/v1beta/models/:generateContent?key=sk-unrestricted',
        { 'content-type': 'application/json' },
        '{"contents":[{"parts":[{"text":"Hi"}]}]}',
      ),
      status: 400,
      body: googleError(
        400,
        'INVALID_ARGUMENT',
        'The model name is missing: expected /v1beta/models/{model}:generateContent.',
        'invalid_request_error',
      ),
    },
  ],
  page_limit_invalid: [
    {
      surface: 'anthropic',
      send: http('GET', '/v1/models?limit=0', { 'x-api-key': 'sk-limited', 'anthropic-version': '2023-06-01' }),
      status: 400,
      body: anthropic('invalid_request_error', 'limit: expected an integer from 1 to 1000, got "0"'),
    },
  ],
  page_cursor_unknown: [
    {
      surface: 'anthropic',
      send: http('GET', '/v1/models?after_id=nope', { 'x-api-key': 'sk-limited', 'anthropic-version': '2023-06-01' }),
      status: 400,
      body: anthropic('invalid_request_error', 'after_id: no model "nope" in this list'),
    },
  ],
  page_size_invalid: [
    {
      surface: 'gemini',
      send: http('GET', '/v1beta/models?key=sk-limited&pageSize=-1'),
      status: 400,
      body: googleError(400, 'INVALID_ARGUMENT', 'pageSize must be a non-negative integer, got "-1".', 'invalid_request_error'),
    },
  ],
  page_token_invalid: [
    {
      surface: 'gemini',
      send: http('GET', '/v1beta/models?key=sk-limited&pageToken=abc'),
      status: 400,
      body: googleError(
        400,
        'INVALID_ARGUMENT',
        'Invalid pageToken "abc": pass the nextPageToken of the previous page.',
        'invalid_request_error',
      ),
    },
  ],

  model_unavailable: onGenerations(
    generation({ model: 'gpt-9' }),
    404,
    'model_not_found',
    "The model 'gpt-9' does not exist or is not available to API key sk-u…cted.",
    { param: 'model' },
  ),
  model_outside_key_limits: onGenerations(
    generation({ key: 'sk-limited', model: 'gpt-4o' }),
    404,
    'model_not_found',
    "The model 'gpt-4o' does not exist or is not available to API key sk-l….",
    {
      param: 'model',
    },
  ),
  model_unpriced: onGenerations(
    generation({ model: 'unpriced-model' }),
    404,
    'model_not_found',
    "The model 'unpriced-model' has no pricing on this gateway, so API key sk-u…cted cannot use it: give it a price, or turn on self-use mode.",
    {
      param: 'model',
    },
  ),
  retrieve_model_missing: [
    {
      surface: 'openai',
      send: http('GET', '/v1/models/gpt-9', { authorization: 'Bearer sk-limited' }),
      status: 200,
      body: openai("The model 'gpt-9' does not exist", 'model_not_found', undefined, 'model'),
    },
  ],
  anthropic_model_missing: [
    {
      surface: 'anthropic',
      send: http('GET', '/v1/models/gpt-9', { 'x-api-key': 'sk-limited', 'anthropic-version': '2023-06-01' }),
      status: 404,
      body: anthropic('not_found_error', 'model: gpt-9'),
    },
  ],
  gemini_model_missing: [
    {
      surface: 'gemini',
      send: http('GET', '/v1beta/models/gpt-9?key=sk-limited'),
      status: 404,
      body: googleError(
        404,
        'NOT_FOUND',
        'models/gpt-9 is not found for API version v1beta, or is not available to this key.',
        'model_not_found',
      ),
    },
  ],
  model_not_embedding: [
    {
      surface: 'openai',
      send: embeddings({ model: 'gpt-4o-mini', input: 'Hello' }),
      status: 400,
      body: openai(notEmbedding('gpt-4o-mini'), 'invalid_request_error', undefined, 'model'),
    },
    {
      surface: 'gemini',
      send: embedContent('gemini-2.5-flash', { content: { parts: [{ text: 'Hello' }] } }),
      status: 400,
      body: googleError(400, 'INVALID_ARGUMENT', notEmbedding('gemini-2.5-flash'), 'invalid_request_error'),
    },
  ],
  body_not_multipart: [
    {
      surface: 'openai',
      send: http(
        'POST',
        '/v1/audio/transcriptions',
        { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
        '{"model":"whisper-1"}',
      ),
      status: 400,
      body: openai(
        'This route takes a multipart/form-data upload (the audio as a `file` part, the other fields as text parts), got content type application/json.',
        'invalid_request_error',
      ),
    },
  ],
  audio_unreadable: [
    {
      surface: 'openai',
      send: upload('/v1/audio/transcriptions', 'not audio at all'),
      status: 400,
      body: openai(
        'The uploaded file is not audio the gateway can read (it is neither a WAV (RIFF/WAVE) nor an MP3 file): send WAV or MP3.',
        'invalid_request_error',
        undefined,
        'file',
      ),
    },
  ],
  audio_too_short: [
    {
      surface: 'openai',
      send: upload('/v1/audio/transcriptions', emptyWav),
      status: 400,
      body: openai('Audio file is too short. Minimum audio length is 0.1 seconds.', 'audio_too_short', undefined, 'file'),
    },
  ],
  model_kind_mismatch: [
    {
      surface: 'openai',
      send: imageRequest('tts-1'),
      status: 400,
      body: openai(kindMismatch, 'invalid_request_error', undefined, 'model'),
    },
  ],
  image_file_missing: [
    { surface: 'openai', send: http('GET', '/v1/images/files/img-nothing.png'), status: 404, body: openai(imageGone, 'image_not_found') },
  ],
  model_is_embedding: onGenerations(
    generation({ model: 'text-embedding-3-small' }),
    400,
    'invalid_request_error',
    "The model 'text-embedding-3-small' is an embedding model and cannot generate text. Send it to POST /v1/embeddings or a Gemini :embedContent / :batchEmbedContents route, or use a chat model here.",
    { param: 'model' },
  ),
  dimensions_too_large: [
    {
      surface: 'openai',
      send: embeddings({ model: 'text-embedding-3-small', input: 'Hello', dimensions: 2000 }),
      status: 400,
      body: openai(
        "The model 'text-embedding-3-small' makes vectors of 1536 dimensions: ask for at most 1536, got 2000.",
        'invalid_request_error',
        undefined,
        'dimensions',
      ),
    },
    {
      surface: 'gemini',
      send: embedContent('gemini-embedding-001', { content: { parts: [{ text: 'Hello' }] }, outputDimensionality: 4000 }),
      status: 400,
      body: googleError(
        400,
        'INVALID_ARGUMENT',
        "The model 'gemini-embedding-001' makes vectors of 3072 dimensions: ask for at most 3072, got 4000.",
        'invalid_request_error',
      ),
    },
  ],

  quota_key_exhausted: onGenerations(
    generation({ key: 'sk-low-quota' }),
    403,
    'insufficient_quota',
    'API key sk-l…uota ("nearly-exhausted") has no quota left.',
    {
      type: 'insufficient_quota',
      setup: setups.lowQuotaExhausted,
    },
  ),
  quota_user_exhausted: onGenerations(
    generation({ key: 'sk-broke-user' }),
    403,
    'insufficient_quota',
    'User "carol" has no quota left (0 units).',
    { type: 'insufficient_quota' },
  ),
  quota_key_short: onGenerations(
    generation({ key: 'sk-low-quota', model: 'gpt-4o', prompt: longPrompt.slice(0, 2_000) }),
    403,
    'insufficient_quota',
    expect.stringMatching(/^API key sk-l…uota \("nearly-exhausted"\) has 2 quota units left; this request costs \d{3,}\.$/),
    { type: 'insufficient_quota' },
  ),
  quota_user_short: onGenerations(
    generation(),
    403,
    'insufficient_quota',
    expect.stringMatching(/^User "alice" has 5 quota units left; this request costs \d+\.$/),
    {
      type: 'insufficient_quota',
      setup: setups.aliceNearlyBroke,
    },
  ),
  rate_limited: onGenerations(
    generation({ repeat: 2 }),
    429,
    'rate_limit_exceeded',
    'Rate limit reached for API key sk-u…cted: 1 requests per 1m0s. Retry in 1m0s.',
    {
      type: 'requests',
      setup: setups.oneRequestAMinute,
      retryDelay: '60s',
      headers: { 'retry-after': '60', 'x-ratelimit-limit-requests': '1', 'x-ratelimit-remaining-requests': '0' },
    },
  ),
  context_too_long: onGenerations(
    generation({ model: 'small-context-4k', prompt: longPrompt }),
    400,
    'context_length_exceeded',
    expect.stringMatching(
      /^This model's maximum context length is 4096 tokens\. However, you requested \d{4} tokens \(\d{4} in the messages, 0 in the completion\)\./,
    ),
    {
      param: 'messages',
      messages: {
        anthropic: expect.stringMatching(
          /^This model's maximum context length is 4096 tokens\. However, you requested \d{4} tokens \(\d{4} in the messages, 64 in the completion\)\./,
        ),
      },
    },
  ),
  client_closed: {
    unreachable:
      'the client left during a scenario delay, so nobody reads the answer: test/scenarios/rules.test.ts checks the journal records 499',
  },
  not_implemented: {
    unreachable: 'the spec profile serves none of the routes new-api answers 501: they are unknown paths (route_not_found)',
  },

  response_not_found: [
    {
      surface: 'openai',
      send: http('GET', '/v1/responses/resp_nothing', { authorization: 'Bearer sk-unrestricted' }),
      status: 404,
      body: openai(
        "Response with id 'resp_nothing' not found. The gateway keeps the last 1000 responses created with `store` on (the default), in memory, until it is reset.",
        'response_not_found',
      ),
    },
  ],
  previous_response_not_found: [
    {
      surface: 'openai',
      send: responsesRequest({ model: 'gpt-4o-mini', input: 'Hi', previous_response_id: 'resp_nothing' }),
      status: 400,
      body: openai(
        "Previous response with id 'resp_nothing' not found. Pass the id of a response created with `store` on (the default) since the gateway was last reset.",
        'previous_response_not_found',
        undefined,
        'previous_response_id',
      ),
    },
  ],
  response_item_not_found: [
    {
      surface: 'openai',
      send: responsesRequest({ model: 'gpt-4o-mini', input: [{ type: 'item_reference', id: 'msg_nothing' }] }),
      status: 404,
      body: openai(
        "Item with id 'msg_nothing' not found. Items are not persisted when `store` is set to false. Try again with `store` set to true, or remove this item from your input.",
        'item_not_found',
        undefined,
        'input',
      ),
    },
  ],
  websocket_required: [
    {
      surface: 'openai',
      send: http('GET', '/v1/realtime?model=gpt-realtime', { authorization: 'Bearer sk-unrestricted' }),
      status: 400,
      body: openai(
        'GET /v1/realtime is a WebSocket route: open it with a WebSocket client (ws:// or wss://, `Upgrade: websocket`).',
        'invalid_request_error',
      ),
    },
  ],
  output_limit_too_small: [
    {
      surface: 'openai',
      send: responsesRequest({ model: 'gpt-4o-mini', input: 'Hi', max_output_tokens: 3 }),
      status: 400,
      body: openai(
        "Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got 3 instead.",
        'integer_below_min_value',
        undefined,
        'max_output_tokens',
      ),
    },
  ],

  route_not_found: [
    notFound('openai', '/v1/nothing', openai('Invalid URL (GET /v1/nothing)', 'invalid_url')),
    notFound('anthropic', '/v1/messages/nothing', anthropic('not_found_error', 'Invalid URL (POST /v1/messages/nothing)'), 'POST'),
    notFound('gemini', '/v1beta/nothing', googleError(404, 'NOT_FOUND', 'Invalid URL (GET /v1beta/nothing)', 'invalid_url')),
    notFound('dashboard', '/api/nothing', dashboard('Invalid URL (GET /api/nothing)')),
    notFound('admin', '/__mock/nothing', admin('invalid_url', 'Invalid URL (GET /__mock/nothing)')),
  ],
  not_a_gateway_route: [
    {
      surface: 'openai',
      send: http('GET', '/nothing'),
      status: 404,
      body: openai('Not a gateway route: GET /nothing. The gateway serves /v1, /v1beta and /api.', 'invalid_url'),
    },
  ],
  // An API path below the wrong base URL, as each misconfigured client sends it (test/surfaces/base-url-hints.test.ts runs the SDKs).
  base_url_anthropic_sdk: [
    notFound(
      'anthropic',
      '/v1/v1/messages',
      anthropic(
        'not_found_error',
        hint('POST /v1/v1/messages', 'The Anthropic SDK appends /v1 itself: give it baseURL {base} (without /v1).'),
      ),
      'POST',
      anthropicHeaders,
    ),
  ],
  base_url_anthropic_ai_sdk: [
    notFound(
      'anthropic',
      '/messages',
      anthropic(
        'not_found_error',
        hint(
          'POST /messages',
          "Anthropic paths are below {base}/v1: give the AI SDK's Anthropic provider (@ai-sdk/anthropic) baseURL {base}/v1 (the Anthropic SDK takes {base} and appends /v1 itself).",
        ),
      ),
      'POST',
      anthropicHeaders,
    ),
  ],
  base_url_openai: [
    notFound(
      'openai',
      '/v1beta/chat/completions',
      openai(
        hint(
          'POST /v1beta/chat/completions',
          'OpenAI paths are below {base}/v1: give the OpenAI SDK (or @ai-sdk/openai) baseURL {base}/v1 (a client that appends /v1 itself takes {base}).',
        ),
        'invalid_url',
      ),
      'POST',
    ),
  ],
  base_url_genai: [
    notFound(
      'gemini',
      '/v1beta/v1/models/gemini-2.5-flash:generateContent',
      googleError(
        404,
        'NOT_FOUND',
        hint(
          'POST /v1beta/v1/models/gemini-2.5-flash:generateContent',
          "@google/genai adds the API version itself: give it httpOptions: { baseUrl: '{base}', apiVersion: 'v1beta' } (no version in baseUrl).",
        ),
        'invalid_url',
      ),
      'POST',
    ),
  ],
  base_url_google_ai_sdk: [
    notFound(
      'gemini',
      '/models/gemini-2.5-flash:generateContent',
      googleError(
        404,
        'NOT_FOUND',
        hint(
          'POST /models/gemini-2.5-flash:generateContent',
          "Gemini paths are below {base}/v1beta: give the AI SDK's Google provider (@ai-sdk/google) baseURL {base}/v1beta (@google/genai takes httpOptions: { baseUrl: '{base}' } and adds the version itself).",
        ),
        'invalid_url',
      ),
      'POST',
      { 'x-goog-api-key': 'sk-unrestricted' },
    ),
  ],
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
      body: openai('The request line and headers are larger than the gateway accepts (16 KB).', 'invalid_request_error'),
    },
  ],
  chunk_extensions_too_large: {
    unreachable: 'fetch cannot send chunk extensions: test/pipeline/robustness.test.ts sends them on raw sockets',
  },
  request_timeout: { unreachable: "it takes Node's 30 s request check to fire" },
  internal: onGenerations(generation(), 500, 'internal_error', expect.stringMatching(/^Internal error in llm-gateway-mock: /), {
    type: 'server_error',
    setup: setups.brokenModel,
    messages: { gemini: expect.stringMatching(/^Internal error in llm-gateway-mock: /) },
  }).map((testCase) => (testCase.surface === 'gemini' ? { ...testCase, send: generation({ model: 'gpt-4o-mini' }) } : testCase)),

  ...adminCases,
  ...unreachableOverHttp,
}

// Every answer carries the request id as OpenAI's and the gateway's header; the Anthropic surface as Anthropic's too.
walkCatalogue('spec', table, Object.keys(specProfile.errors), (headers, surface) => {
  const id = headers.get('x-request-id')
  return {
    actual: {
      id,
      oneapi: headers.get('x-oneapi-request-id'),
      anthropic: headers.get('request-id'),
      version: headers.get('x-new-api-version'),
    },
    expected: {
      id: expect.stringMatching(/^\d{23}6d6f636b\w{8}$/),
      oneapi: id,
      anthropic: surface === 'anthropic' ? id : null,
      version: null,
    },
  }
})
