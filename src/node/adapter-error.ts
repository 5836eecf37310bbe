import { specCatalogue } from '../errors/error-catalogue.ts'
import type { GatewayError } from '../errors/gateway-error.ts'
import { createRequestId } from '../http/request-id.ts'
import type { SurfaceName } from '../surfaces/surface.ts'
import { surfaces } from '../surfaces/surfaces.ts'

/** An answer the Node adapter writes itself. */
export interface AdapterAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * An error the Node adapter answers without a route (a request it cannot read, a path outside
 * the gateway), rendered as a route would render it: in a surface's envelope (OpenAI's unless
 * the path says otherwise), with a request id.
 */
export function adapterError(error: GatewayError, surfaceName: SurfaceName = 'openai'): AdapterAnswer {
  const surface = surfaces[surfaceName]
  const spec = specCatalogue[error.code]
  const status = error.status ?? spec.status
  const requestId = createRequestId(Date.now())
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...surface.requestIdHeaders(requestId) },
    body: JSON.stringify(surface.renderError(error, spec, status, requestId).body),
  }
}
