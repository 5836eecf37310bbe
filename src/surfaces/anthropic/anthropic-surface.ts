import type { GatewayError } from '../../errors/gateway-error.ts'
import { sseEvent } from '../../streaming/sse.ts'
import { commonRequestIdHeaders, type Surface } from '../surface.ts'

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

const envelope = (error: GatewayError, status: number, requestId: string) => ({
  type: 'error',
  error: { type: anthropicErrorType(status), message: error.message },
  request_id: requestId,
})

/** `{type:"error", error:{type, message}, request_id}`, as the Anthropic SDKs parse it. */
export const anthropicSurface: Surface = {
  name: 'anthropic',
  renderError: (error, _spec, status, requestId) => ({ status, body: envelope(error, status, requestId) }),
  // An `error` event, which the SDK throws as an APIError and the AI SDK turns into an error part.
  renderStreamError: (error, _spec, status, requestId) => sseEvent(envelope(error, status, requestId), 'error'),
  requestIdHeaders: (requestId) => ({ ...commonRequestIdHeaders(requestId), 'request-id': requestId }),
}
