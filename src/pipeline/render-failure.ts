import type { GatewayError } from '../errors/gateway-error.ts'
import type { RenderedResponse } from '../http/rendered-response.ts'
import { createRequestId } from '../http/request-id.ts'
import { envelopes } from '../profiles/envelopes.ts'
import type { Profile } from '../profiles/profile-type.ts'
import { forSurface, resolveError } from '../profiles/resolve-error.ts'
import { surfaceOf } from '../http/surface-of.ts'

/**
 * An error raised outside any route (by the server adapter: a request it cannot parse, a path
 * outside the gateway), rendered as stage 5 renders a route's: the profile's envelope for the
 * surface the path belongs to, with its headers.
 */
export function renderFailure(profile: Profile, error: GatewayError, path: string): RenderedResponse {
  const surface = surfaceOf(path)
  const requestId = createRequestId(Date.now())
  const { resolved, envelope } = resolveError(profile, error, surface, requestId, 'en')
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', ...profile.headers.always }
  for (const name of forSurface(profile.headers.requestId, surface) ?? []) headers[name] = requestId
  return { status: resolved.status, headers: { ...headers, ...resolved.headers }, body: JSON.stringify(envelopes[envelope](resolved)) }
}
