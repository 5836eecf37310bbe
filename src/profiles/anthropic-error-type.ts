const typeByStatus: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
}

/** Anthropic's `error.type` is a function of the status, not of the gateway's code. */
export function anthropicErrorType(status: number): string {
  return typeByStatus[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error')
}
