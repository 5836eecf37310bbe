import { sseEvent } from '../../streaming/sse.ts'
import { commonRequestIdHeaders, type Surface } from '../surface.ts'

const statusByHttp: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
  529: 'UNAVAILABLE',
}

export function googleStatus(status: number): string {
  return statusByHttp[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT')
}

/**
 * Google's RPC envelope `{error:{code, message, status, details}}`: the interface shows no
 * `/v1beta` error shape, and this is the one Google clients parse.
 */
export const geminiSurface: Surface = {
  name: 'gemini',
  renderError: (error, _spec, status) => {
    const details: unknown[] = [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: error.code, domain: 'llm-gateway-mock' }]
    const retryAfter = error.headers['retry-after']
    if (status === 429 && retryAfter) {
      details.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfter}s` })
    }
    return { status, body: { error: { code: status, message: error.message, status: googleStatus(status), details } } }
  },
  // A data event whose `error.code` is an HTTP status: @google/genai throws it as an ApiError.
  renderStreamError: (error, _spec, status) => sseEvent({ error: { code: status, message: error.message, status: googleStatus(status) } }),
  requestIdHeaders: commonRequestIdHeaders,
}
