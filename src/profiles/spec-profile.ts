import { managementBadBody, managementErrors } from './management-errors.ts'
import type { CatalogueEntry, Profile } from './profile-type.ts'

const invalidApiKey = (message: string): CatalogueEntry => ({
  status: 401,
  code: 'invalid_api_key',
  type: 'invalid_request_error',
  message,
})
const badRequest = (message: string): CatalogueEntry => ({
  status: 400,
  code: 'invalid_request_error',
  type: 'invalid_request_error',
  message,
})
const modelNotFound = (message: string): CatalogueEntry => ({
  status: 404,
  code: 'model_not_found',
  type: 'invalid_request_error',
  message,
})
const insufficientQuota = (message: string): CatalogueEntry => ({
  status: 403,
  code: 'insufficient_quota',
  type: 'insufficient_quota',
  message,
})
/** The unknown-path 404, with a hint after it. */
const invalidUrl = (hint: string): CatalogueEntry => ({
  status: 404,
  code: 'invalid_url',
  type: 'invalid_request_error',
  message: `Invalid URL ({method} {path}). ${hint}`,
})
const notAvailable = "The model '{model}' does not exist or is not available to API key {key}."

/**
 * The `spec` profile (the default): the gateway's interface as this package defines it, its codes
 * and per-surface envelopes (docs/routes.md, docs/profiles.md), with each vendor's own error shape
 * where an official SDK needs it.
 * Messages say what was wrong and how to fix it.
 */
export const specProfile: Profile = {
  name: 'spec',
  description:
    'The interface contract: its error codes, each surface in its own vendor envelope, messages that say how to fix the request.',
  envelopes: { openai: 'openai', anthropic: 'anthropic', gemini: 'google', dashboard: 'dashboard', admin: 'admin' },
  requestIdSuffix: false,
  language: 'en',
  headers: {
    requestId: { '*': ['x-request-id', 'x-oneapi-request-id'], anthropic: ['x-request-id', 'x-oneapi-request-id', 'request-id'] },
    always: {},
  },
  credentials: {
    openai: ['bearer'],
    anthropic: ['x-api-key', 'bearer'],
    gemini: ['goog-api-key', 'key-query', 'bearer'],
    'gemini-relay': ['goog-api-key', 'key-query', 'bearer'],
    'openai-models': ['bearer'],
    // A browser cannot send headers with a WebSocket: the key rides in a subprotocol, which wins as in the real gateway.
    'openai-websocket': ['websocket-protocol', 'bearer'],
  },
  routes: { lacks: [], adds: [] },
  shapes: {
    openaiModelList: 'spec',
    anthropicModelsWhen: 'anthropic-version',
    anthropicModelList: 'paged',
    geminiModelList: 'google',
    geminiKeyOnModelList: 'refuse',
    retrieveModel: 'visible',
    geminiReplies: 'native',
    openaiEmbeddings: 'openai',
    geminiCountTokens: 'count',
    exhaustedKey: 'quota',
    rateLimitHeaders: true,
    rerankResponse: 'jina',
    // OpenAI's API: moderations and image generation have a default model; speech and transcription do not.
    defaultModels: { moderation: 'omni-moderation-latest', image: 'dall-e-2' },
  },
  errors: {
    // The contract's codes, as scenarios fail with them (a scenario's `message` replaces these).
    invalid_api_key: invalidApiKey('Incorrect API key provided.'),
    insufficient_quota: insufficientQuota('You exceeded your current quota, please check your plan and billing details.'),
    rate_limit_exceeded: {
      status: 429,
      code: 'rate_limit_exceeded',
      type: 'requests',
      message: 'Rate limit reached for requests. Please try again later.',
    },
    model_not_found: modelNotFound('The model does not exist or you do not have access to it.'),
    invalid_request_error: badRequest('The request was invalid.'),
    context_length_exceeded: {
      status: 400,
      code: 'context_length_exceeded',
      type: 'invalid_request_error',
      message: "This model's maximum context length was exceeded. Please reduce the length of the messages.",
    },
    invalid_url: { status: 404, code: 'invalid_url', type: 'invalid_request_error', message: 'Invalid URL.' },
    internal_error: {
      status: 500,
      code: 'internal_error',
      type: 'server_error',
      message: 'The server had an error while processing your request.',
    },
    // A failing upstream, as scenarios play it (503 by default; 502, 504 and 529 by override).
    upstream_error: {
      status: 503,
      code: 'upstream_error',
      type: 'upstream_error',
      message: 'The upstream model provider is temporarily unavailable. Please retry.',
    },
    // A strict scenario got a request its script did not expect.
    scenario_mismatch: {
      status: 400,
      code: 'scenario_mismatch',
      type: 'invalid_request_error',
      message: 'The request did not match the scenario script.',
    },

    key_missing: invalidApiKey('Missing API key: send it as {sources}.'),
    key_unknown: invalidApiKey('Invalid API key {key}: no such key.'),
    key_disabled: invalidApiKey('API key {key} ("{name}") is disabled.'),
    key_expired: invalidApiKey('API key {key} ("{name}") expired{when}.'),
    key_owner_missing: invalidApiKey('API key {key} has no owner.'),
    key_owner_disabled: invalidApiKey('API key {key} belongs to user "{username}", who is disabled.'),
    key_ip_not_allowed: {
      status: 403,
      code: 'access_denied',
      type: 'invalid_request_error',
      message: 'API key {key} ("{name}") may not be used from {ip}: it is limited to {allowed} (its allowIps).',
    },
    // Gemini's own client lists models here unless told the API version (docs/profiles.md, "Gemini clients on /v1/models").
    gemini_key_on_model_list: invalidApiKey(
      "{path} takes `Authorization: Bearer <key>`, not a Gemini-style key (`?key=` or `x-goog-api-key`). Gemini clients get models from GET {base}{route}: give @google/genai `httpOptions: { apiVersion: 'v1beta' }` (3.x calls /v1 by default).",
    ),

    access_token_missing: invalidApiKey("Missing access token: send the user's dashboard access token as `Authorization: Bearer <token>`."),
    access_token_unknown: invalidApiKey('Invalid access token {token}.'),
    access_token_is_api_key: invalidApiKey(
      "Invalid access token {token}. That is an API key; dashboard routes take the user's access token (listed by `llm-gateway-mock keys`).",
    ),
    access_user_disabled: invalidApiKey('User "{username}" is disabled.'),
    access_session_expired: invalidApiKey(
      'The sign-in behind {token} has expired (a login token lasts 15 minutes, its session cookie 30 days): sign in again with POST /api/user/login, or use the access token GET /api/user/token gives.',
    ),
    access_session_revoked: invalidApiKey(
      'The sign-in behind {token} was ended by GET /api/user/logout: sign in again with POST /api/user/login.',
    ),
    ...managementErrors,

    body_empty: { ...badRequest('The request body is empty; expected a JSON object.'), bySurface: { dashboard: managementBadBody } },
    body_not_json: { ...badRequest('The request body is not valid JSON: {detail}'), bySurface: { dashboard: managementBadBody } },
    body_not_object: { ...badRequest('The request body must be a JSON object, got {got}.'), bySurface: { dashboard: managementBadBody } },
    body_unreadable: badRequest('The request body could not be read: {detail}'),
    body_too_large: {
      status: 413,
      code: 'context_length_exceeded',
      type: 'invalid_request_error',
      message: "The request body exceeds the gateway's limit of {limit} bytes.",
    },
    body_too_deep: badRequest(
      'The request body nests too deeply at {where}: the gateway accepts at most {limit} levels of nested objects and arrays.',
    ),
    body_invalid: badRequest('{detail}'),
    body_model_missing: badRequest('{detail}'),
    body_model_not_string: badRequest('{detail}'),
    body_not_multipart: badRequest(
      'This route takes a multipart/form-data upload (the audio as a `file` part, the other fields as text parts), got content type {contentType}.',
    ),
    audio_unreadable: badRequest('The uploaded file is not audio the gateway can read ({detail}): send WAV or MP3.'),
    // OpenAI's code and words.
    audio_too_short: { ...badRequest('Audio file is too short. Minimum audio length is {least} seconds.'), code: 'audio_too_short' },
    path_model_missing: badRequest('The model name is missing: expected {expected}.'),
    page_limit_invalid: badRequest('limit: expected an integer from 1 to 1000, got {got}'),
    page_cursor_unknown: badRequest('{param}: no model "{id}" in this list'),
    page_size_invalid: badRequest('pageSize must be a non-negative integer, got {got}.'),
    page_token_invalid: badRequest('Invalid pageToken {got}: pass the nextPageToken of the previous page.'),

    model_unavailable: modelNotFound(notAvailable),
    model_outside_key_limits: modelNotFound(notAvailable),
    // Still model_not_found, as the model is not available; the message says why and what fixes it.
    model_unpriced: modelNotFound(
      "The model '{model}' has no pricing on this gateway, so API key {key} cannot use it: give it a price, or turn on self-use mode.",
    ),
    // The interface's quirk, kept: HTTP 200 with an error body; clients must read the body.
    retrieve_model_missing: { ...modelNotFound("The model '{model}' does not exist"), status: 200 },
    anthropic_model_missing: modelNotFound('model: {model}'),
    gemini_model_missing: modelNotFound('models/{model} is not found for API version v1beta, or is not available to this key.'),
    model_not_embedding: badRequest(
      'The model \'{model}\' is a chat model and cannot create embeddings. Use an embedding model: GET /v1/models lists them with "embeddings" in supported_endpoint_types.',
    ),
    model_is_embedding: badRequest(
      "The model '{model}' is an embedding model and cannot generate text. Send it to POST /v1/embeddings or a Gemini :embedContent / :batchEmbedContents route, or use a chat model here.",
    ),
    model_kind_mismatch: badRequest(
      "The model '{model}' is {described}, and {route} takes {expected}. GET /v1/models lists this key's models with their supported_endpoint_types.",
    ),
    dimensions_too_large: badRequest("The model '{model}' makes vectors of {max} dimensions: ask for at most {max}, got {requested}."),

    quota_key_exhausted: insufficientQuota('API key {key} ("{name}") has no quota left.'),
    quota_user_exhausted: insufficientQuota('User "{username}" has no quota left (0 units).'),
    quota_key_short: insufficientQuota('API key {key} ("{name}") has {left} quota units left; this request costs {cost}.'),
    quota_user_short: insufficientQuota('User "{username}" has {left} quota units left; this request costs {cost}.'),
    rate_limited: {
      status: 429,
      code: 'rate_limit_exceeded',
      type: 'requests',
      message: 'Rate limit reached for {label}: {requests} requests per {window}. Retry in {retryIn}.',
    },
    context_too_long: {
      status: 400,
      code: 'context_length_exceeded',
      type: 'invalid_request_error',
      message:
        "This model's maximum context length is {window} tokens. However, you requested {total} tokens ({prompt} in the messages, {output} in the completion). Please reduce the length of the messages or completion.",
    },
    // Like the gateway cancelling its relay: nobody reads it, but the journal shows it.
    client_closed: { ...badRequest('The client closed the request during the scenario delay.'), status: 499 },
    not_implemented: { status: 501, code: 'api_not_implemented', type: 'invalid_request_error', message: 'API not implemented' },

    // OpenAI's codes and statuses for these; the messages say where responses are kept.
    response_not_found: {
      status: 404,
      code: 'response_not_found',
      type: 'invalid_request_error',
      message:
        "Response with id '{id}' not found. The gateway keeps the last {limit} responses created with `store` on (the default), in memory, until it is reset.",
    },
    previous_response_not_found: {
      status: 400,
      code: 'previous_response_not_found',
      type: 'invalid_request_error',
      message:
        "Previous response with id '{id}' not found. Pass the id of a response created with `store` on (the default) since the gateway was last reset.",
    },
    response_item_not_found: {
      status: 404,
      code: 'item_not_found',
      type: 'invalid_request_error',
      message:
        "Item with id '{id}' not found. Items are not persisted when `store` is set to false. Try again with `store` set to true, or remove this item from your input.",
    },
    output_limit_too_small: {
      status: 400,
      code: 'integer_below_min_value',
      type: 'invalid_request_error',
      message: "Invalid 'max_output_tokens': integer below minimum value. Expected a value >= {least}, but got {got} instead.",
    },

    image_file_missing: {
      status: 404,
      code: 'image_not_found',
      type: 'invalid_request_error',
      message:
        'Image {file} is gone: the gateway keeps the images it generates for {minutes} minutes on its clock, the last {limit} of them, until it is reset.',
    },
    websocket_required: badRequest('{method} {path} is a WebSocket route: {hint}'),
    websocket_handshake_invalid: badRequest('The WebSocket handshake is invalid: {detail}.'),
    query_model_missing: { ...badRequest("Missing required parameter: 'model'."), code: 'missing_required_parameter', param: 'model' },
    model_not_realtime: {
      ...badRequest(
        "The model '{model}' is not a Realtime model: /v1/realtime serves models of kind \"realtime\" (GET /v1/models lists them). Use a Realtime model, or send this model's requests to its HTTP routes.",
      ),
      code: 'model_not_found',
      param: 'model',
    },
    socket_event_invalid: badRequest('{detail}'),
    socket_event_unknown: {
      ...badRequest("Invalid value: '{type}'. Supported values are: {supported}."),
      code: 'invalid_value',
      param: 'type',
    },
    realtime_response_active: {
      ...badRequest(
        'Conversation already has an active response in progress: {id}. Wait until the response is finished before creating a new one.',
      ),
      code: 'conversation_already_has_active_response',
    },
    realtime_response_not_active: {
      ...badRequest('Cancellation failed: no active response found'),
      code: 'response_cancel_not_active',
    },
    realtime_audio_too_short: {
      ...badRequest(
        'Error committing input audio buffer: buffer too small. Expected at least {least}ms of audio, but buffer only has {ms}ms of audio.',
      ),
      code: 'input_audio_buffer_commit_empty',
    },
    realtime_item_not_found: { ...badRequest("Item with item_id '{id}' not found."), code: 'item_not_found', param: 'item_id' },
    // A strict replay got a request its recordings do not hold, as a strict scenario does.
    replay_mismatch: { status: 400, code: 'replay_mismatch', type: 'invalid_request_error', message: 'Strict replay: {detail}' },
    // The record command's own answer when its upstream does not answer, as a gateway's relay would give it.
    upstream_unreachable: {
      status: 502,
      code: 'upstream_error',
      type: 'upstream_error',
      message: 'The upstream {upstream} did not answer: {detail}. Nothing was recorded.',
    },

    route_not_found: { status: 404, code: 'invalid_url', type: 'invalid_request_error', message: 'Invalid URL ({method} {path})' },
    not_a_gateway_route: {
      status: 404,
      code: 'invalid_url',
      type: 'invalid_request_error',
      message: 'Not a gateway route: {method} {path}. The gateway serves /v1, /v1beta and /api.',
    },
    // An API path below the wrong base URL: the 404 names the base URL its client should be given.
    base_url_anthropic_sdk: invalidUrl('The Anthropic SDK appends /v1 itself: give it baseURL {base} (without /v1).'),
    base_url_anthropic_ai_sdk: invalidUrl(
      "Anthropic paths are below {base}/v1: give the AI SDK's Anthropic provider (@ai-sdk/anthropic) baseURL {base}/v1 (the Anthropic SDK takes {base} and appends /v1 itself).",
    ),
    base_url_openai: invalidUrl(
      'OpenAI paths are below {base}/v1: give the OpenAI SDK (or @ai-sdk/openai) baseURL {base}/v1 (a client that appends /v1 itself takes {base}).',
    ),
    base_url_genai: invalidUrl(
      "@google/genai adds the API version itself: give it httpOptions: { baseUrl: '{base}', apiVersion: 'v1beta' } (no version in baseUrl).",
    ),
    base_url_google_ai_sdk: invalidUrl(
      "Gemini paths are below {base}/v1beta: give the AI SDK's Google provider (@ai-sdk/google) baseURL {base}/v1beta (@google/genai takes httpOptions: { baseUrl: '{base}' } and adds the version itself).",
    ),
    request_malformed: {
      status: 400,
      code: 'invalid_request_error',
      type: 'invalid_request_error',
      message: 'Malformed request: {method} {path}',
    },
    request_unparseable: badRequest('The request is not valid HTTP/1.1: {detail}.'),
    plain_http_to_tls_port: badRequest('Client sent an HTTP request to an HTTPS server: this port speaks HTTPS (TLS), use {url}'),
    headers_too_large: { ...badRequest('The request line and headers are larger than the gateway accepts (16 KB).'), status: 431 },
    chunk_extensions_too_large: { ...badRequest('The request is not valid HTTP/1.1: its chunk extensions are too large.'), status: 413 },
    request_timeout: { ...badRequest('The request took too long to arrive.'), status: 408 },
    internal: { status: 500, code: 'internal_error', type: 'server_error', message: 'Internal error in llm-gateway-mock: {detail}' },

    journal_limit_invalid: badRequest('limit must be a non-negative integer, got {got}'),
    admin_call_not_json: {
      ...badRequest(
        '{method} {path} changes the gateway, and its body is of a type a form on another web page can send: send it as Content-Type: application/json, with no body, or with the admin token as a header.',
      ),
      status: 415,
    },
    journal_detail_not_kept: {
      ...badRequest(
        'No request {requestId} in detail: the gateway keeps the last {limit} requests in detail (createGateway({ detailLimit }), --journal-details).',
      ),
      status: 404,
    },
    clock_out_of_range: badRequest('advanceMs: {advanceMs} would move the clock past the last date JavaScript can show'),
    scenario_invalid: badRequest('{detail}'),
  },
}
