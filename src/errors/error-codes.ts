/**
 * Every code the gateway can answer with. The first six are the interface's own (§7.5);
 * the rest cover situations the interface leaves unnamed.
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
