import type { ErrorCode } from './error-codes.ts'

/** How one code is answered: the HTTP status and the OpenAI-style `error.type`. */
export interface ErrorSpec {
  status: number
  type: string
}

/**
 * A profile's whole error vocabulary. Handlers only ever name a code; the catalogue decides
 * status and classification, so a second profile swaps this table and nothing else.
 */
export type ErrorCatalogue = Readonly<Record<ErrorCode, ErrorSpec>>

/** The `spec` profile: contract §4. */
export const specCatalogue: ErrorCatalogue = {
  invalid_api_key: { status: 401, type: 'invalid_request_error' },
  insufficient_quota: { status: 403, type: 'insufficient_quota' },
  rate_limit_exceeded: { status: 429, type: 'requests' },
  model_not_found: { status: 404, type: 'invalid_request_error' },
  invalid_request_error: { status: 400, type: 'invalid_request_error' },
  context_length_exceeded: { status: 400, type: 'invalid_request_error' },
  invalid_url: { status: 404, type: 'invalid_request_error' },
  internal_error: { status: 500, type: 'server_error' },
  /** A failing upstream, as scenarios play it (503 by default; 502, 504 and 529 by override). */
  upstream_error: { status: 503, type: 'upstream_error' },
  /** A strict scenario got a request its script did not expect. */
  scenario_mismatch: { status: 400, type: 'invalid_request_error' },
}
