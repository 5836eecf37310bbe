import type { ErrorSpec } from '../errors/error-catalogue.ts'
import type { GatewayError } from '../errors/gateway-error.ts'

export type SurfaceName = 'openai' | 'anthropic' | 'gemini' | 'dashboard' | 'admin'

/** An error as one surface puts it on the wire. */
export interface ErrorEnvelope {
  status: number
  body: unknown
}

/** What differs between API surfaces at the boundary: the error envelope and the request-id headers. */
export interface Surface {
  name: SurfaceName
  renderError(error: GatewayError, spec: ErrorSpec, status: number, requestId: string): ErrorEnvelope
  /** The same error as an event inside a stream that has already begun, in the surface's own form. */
  renderStreamError(error: GatewayError, spec: ErrorSpec, status: number, requestId: string): string
  requestIdHeaders(requestId: string): Record<string, string>
}

/** Every surface carries the gateway's own request id header and OpenAI's. */
export function commonRequestIdHeaders(requestId: string): Record<string, string> {
  return { 'x-request-id': requestId, 'x-oneapi-request-id': requestId }
}
