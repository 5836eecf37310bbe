import type { ErrorCode } from './error-codes.ts'

/** What every error can be told about its request, so any profile's message can name it. */
export interface RequestFacts {
  method: string
  path: string
}

/** A request sent below the wrong base URL, and the gateway's own base URL (origin and base path) that the hint names. */
export interface BaseUrlFacts extends RequestFacts {
  base: string
}

/**
 * Every situation the gateway refuses, by name, with the parameters its messages may use. Code
 * raises a name; the active profile's catalogue (src/profiles) decides the status, the code, the
 * type, the wording and the envelope. The contract's own codes are names too: scenarios fail with
 * them, in each profile's rendering of that situation.
 */
export interface ErrorParams extends Record<ErrorCode, ScenarioFacts> {
  // Authentication by API key.
  key_missing: { sources: string }
  key_unknown: { key: string }
  key_disabled: { key: string; name: string }
  key_expired: { key: string; name: string; when: string }
  key_owner_missing: { key: string }
  key_owner_disabled: { key: string; username: string }
  /** The key's `allowIps` leave out the client's address (`ip`); `allowed`: the list, comma-separated. */
  key_ip_not_allowed: { key: string; name: string; ip: string; allowed: string }
  /** A Gemini-style key on `/v1/models*`, which the spec profile refuses with a pointer to the native route below `base`. */
  gemini_key_on_model_list: { path: string; route: string; base: string }

  // Authentication by dashboard access token.
  access_token_missing: Record<string, never>
  access_token_unknown: { token: string }
  access_token_is_api_key: { token: string }
  access_user_disabled: { username: string }
  /** A login token past its 15 minutes, or a session cookie past its 30 days (`token`: masked). */
  access_session_expired: { token: string }
  /** A login token or session cookie whose session logout ended. */
  access_session_revoked: { token: string }
  /** A management route above the user's role (`needs`: admin or root). */
  access_role_too_low: { username: string; role: string; needs: string }
  new_api_user_missing: Record<string, never>
  new_api_user_malformed: { got: string }
  new_api_user_mismatch: { got: string; userId: number }

  /**
   * A management route's own refusal (bad input, not found, not yours): HTTP 200 and
   * `{success: false, message}` in the route's words, English and Chinese.
   */
  management_refused: { en: string; zh: string }

  // The request's body and query.
  body_empty: Record<string, never>
  body_not_json: { detail: string }
  body_not_object: { got: string }
  body_unreadable: { detail: string }
  body_too_large: { limit: number; limitMb: string }
  /** Objects and arrays nest deeper than the limit at `where` (abbreviated in the middle). */
  body_too_deep: { where: string; limit: number }
  /** The body fails the route's schema at `field` (empty for the body as a whole). */
  body_invalid: { field: string; problem: string; detail: string }
  /** The body names no model, or not as a string. */
  body_model_missing: { field: string; problem: string; detail: string }
  /** `model` is there but not a string. */
  body_model_not_string: { field: string; problem: string; detail: string }
  /** A route that takes a file upload got a body that is not `multipart/form-data`. */
  body_not_multipart: { contentType: string }
  /** An uploaded audio file the gateway cannot read (not WAV or MP3, or broken). */
  audio_unreadable: { detail: string }
  /** Uploaded audio shorter than the least OpenAI transcribes (`least` seconds). */
  audio_too_short: { seconds: number; least: number }
  path_model_missing: { expected: string }
  page_limit_invalid: { got: string }
  page_cursor_unknown: { param: string; id: string }
  page_size_invalid: { got: string }
  page_token_invalid: { got: string }

  // The model.
  /** No group of the key enables the model (or it does not exist). */
  model_unavailable: { model: string; key: string; group: string }
  /** The key's model limits leave the model out. */
  model_outside_key_limits: { model: string; key: string; group: string }
  /** The model has no pricing and the world is not in self-use mode. */
  model_unpriced: { model: string; key: string; group: string }
  retrieve_model_missing: { model: string }
  anthropic_model_missing: { model: string }
  gemini_model_missing: { model: string }
  /** A chat model on an embedding route; `field` is the body field that holds the input (`input`, `content`, `requests`). */
  model_not_embedding: { model: string; field: string }
  /** An embedding model on a generation route; `field` is the body field that holds the prompt (`messages`, `contents`). */
  model_is_embedding: { model: string; field: string }
  /**
   * A model of another kind than the route serves (a speech model on images, an image model on chat):
   * `kind` as the world spells it, `described` with its article ("an image model"), `expected` the kinds the route takes.
   */
  model_kind_mismatch: { model: string; kind: string; described: string; expected: string; route: string }
  /** More dimensions than an embedding model's vectors have. */
  dimensions_too_large: { model: string; requested: number; max: number }

  // Admission and generation.
  quota_key_exhausted: { key: string; name: string }
  quota_user_exhausted: { username: string; left: number; leftUsd: string }
  quota_key_short: { key: string; name: string; left: number; cost: number; leftUsd: string; costUsd: string }
  quota_user_short: { username: string; left: number; cost: number; leftUsd: string; costUsd: string }
  rate_limited: { label: string; requests: number; window: string; windowMinutes: string; retryIn: string }
  context_too_long: { window: number; total: number; prompt: number; output: number }
  client_closed: Record<string, never>
  /** A route the real gateway registers but never implements. */
  not_implemented: Record<string, never>

  // Stored responses (the Responses API).
  /** `GET /v1/responses/{id}` names no response this user stored (`store: false`, unknown, or dropped for newer ones). */
  response_not_found: { id: string; limit: number }
  /** `previous_response_id` names no response this user stored. */
  previous_response_not_found: { id: string }
  /** An `item_reference` in `input` names no output item of a response this user stored. */
  response_item_not_found: { id: string }
  /** `max_output_tokens` below the least the Responses API takes. */
  output_limit_too_small: { got: number; least: number }

  /** A generated image's URL after the gateway dropped it (expired, reset, or pushed out by newer ones). */
  image_file_missing: { file: string; minutes: number; limit: number }
  // WebSockets: the Realtime API and the Responses API over a socket.
  /** A WebSocket route asked without a WebSocket handshake the gateway can answer; `hint` says what to do instead. */
  websocket_required: { method: string; path: string; hint: string }
  /** A handshake whose WebSocket headers the server's WebSocket library refuses (`detail`: which, in its words). */
  websocket_handshake_invalid: { detail: string }
  /** `/v1/realtime` without `?model=`. */
  query_model_missing: Record<string, never>
  /** A model of another kind at `/v1/realtime`. */
  model_not_realtime: { model: string }
  /** A client event that is not JSON, or fails its schema at `param`. */
  socket_event_invalid: { detail: string }
  /** A client event whose `type` the socket does not take. */
  socket_event_unknown: { type: string; supported: string }
  /** `response.create` while the session's previous response is still going. */
  realtime_response_active: { id: string }
  /** `response.cancel` with no response going. */
  realtime_response_not_active: Record<string, never>
  /** `input_audio_buffer.commit` with less than the least audio the API takes. */
  realtime_audio_too_short: { ms: string; least: number }
  /** A conversation item id the session does not hold. */
  realtime_item_not_found: { id: string }
  // Record and replay (src/recording).
  /** A strict replay got a request that no recording matches; `detail` names the nearest recordings and what differs. */
  replay_mismatch: { detail: string }
  /** The record command could not reach its upstream, or the upstream broke off before answering. */
  upstream_unreachable: { upstream: string; detail: string }

  // Routing and the adapter.
  route_not_found: RequestFacts
  not_a_gateway_route: RequestFacts
  // An API path below the wrong base URL (src/surfaces/misrouted-path.ts), by the client whose base URL it names.
  /** `/v1` doubled (`/v1/v1/messages`): a client that appends `/v1` itself, as the Anthropic SDK does. */
  base_url_anthropic_sdk: BaseUrlFacts
  /** An Anthropic path without `/v1` before it (`/messages`): a client that takes the URL with `/v1`, as `@ai-sdk/anthropic` does. */
  base_url_anthropic_ai_sdk: BaseUrlFacts
  /** An OpenAI path not right below `/v1` (`/chat/completions`, `/v1/v1/…`, `/v1beta/openai/…`). */
  base_url_openai: BaseUrlFacts
  /** A Gemini path with a version after another (`/v1beta/v1/models/…`): `@google/genai` given a base URL with a version. */
  base_url_genai: BaseUrlFacts
  /** A Gemini path without a version (`/models/{model}:generateContent`): a client that takes the URL with it, as `@ai-sdk/google` does. */
  base_url_google_ai_sdk: BaseUrlFacts
  request_malformed: RequestFacts
  /** What Node's HTTP parser refuses before any route sees it. */
  request_unparseable: { detail: string }
  /** A plain-HTTP request to a server that speaks HTTPS (`--tls`); `url` is the one to use. */
  plain_http_to_tls_port: { url: string }
  headers_too_large: Record<string, never>
  chunk_extensions_too_large: Record<string, never>
  request_timeout: Record<string, never>
  internal: { detail: string }

  // The admin API.
  /** A call that changes something, sent as a form on another page could send it: not JSON, without a header of the gateway's. */
  admin_call_not_json: RequestFacts
  journal_limit_invalid: { got: string }
  /** `GET /__mock/journal/{requestId}` names a request not among the last `limit` kept in detail (or none at all). */
  journal_detail_not_kept: { requestId: string; limit: number }
  clock_out_of_range: { advanceMs: number }
  scenario_invalid: { detail: string }
}

/** What a scenario's `fail` with a contract code can put in its profile's message. */
export interface ScenarioFacts {
  model?: string
  key?: string
  group?: string
  username?: string
  /** The user's quota left, in units and as the gateway shows USD (six decimals). */
  left?: number
  leftUsd?: string
}

export type ErrorName = keyof ErrorParams
