/**
 * Every code the gateway can answer with. The first six are the codes of the gateway's own
 * interface, which the `spec` profile follows; the rest cover situations it leaves unnamed.
 * docs/routes.md lists them all.
 */
export const errorCodes = [
  'invalid_api_key',
  'insufficient_quota',
  'rate_limit_exceeded',
  'model_not_found',
  'invalid_request_error',
  'context_length_exceeded',
  'invalid_url',
  'internal_error',
  'upstream_error',
  'scenario_mismatch',
] as const

export type ErrorCode = (typeof errorCodes)[number]

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value)
}
