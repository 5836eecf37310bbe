import { GatewayError } from '../errors/gateway-error.ts'
import { maxBodyDepthCeiling } from '../pipeline/body/body-depth.ts'
import { parseBody } from '../pipeline/body/parse-body.ts'
import { parseJsonObject } from '../pipeline/body/read-json-body.ts'
import { readMultipartBody } from '../pipeline/body/read-multipart-body.ts'
import { resolveError } from '../profiles/resolve-error.ts'
import { specProfile } from '../profiles/spec-profile.ts'
import type { IdentifiedRoute } from './identify-route.ts'

/** A forwarded request's body as its route reads it: validated by the route's schema, or why this gateway would refuse it. */
export type RecordedRequestBody = { body: unknown } | { refused: string } | { none: true }

/**
 * Reads a request the recorder forwarded as this gateway's route would: its JSON body (no deeper
 * than any gateway may be set to take), or its multipart form (an audio upload), validated against
 * the route's schema. The upstream may take a body this gateway refuses; the refusal is said, in
 * the words the gateway would answer it with, as the exchange then cannot replay.
 */
export async function readRecordedRequest(
  { route, surface }: Pick<IdentifiedRoute, 'route' | 'surface'>,
  bytes: Uint8Array,
  contentType: string | null,
): Promise<RecordedRequestBody> {
  const declared = route?.body
  if (!declared) return { none: true }
  try {
    if (declared.multipart) {
      const request = new Request('http://recorded.invalid/', {
        method: 'POST',
        headers: { 'content-type': contentType ?? '' },
        body: bytes as BodyInit,
      })
      return { body: parseBody(declared.schema, await readMultipartBody(request, Number.POSITIVE_INFINITY)) }
    }
    return { body: parseBody(declared.schema, parseJsonObject(new TextDecoder().decode(bytes), maxBodyDepthCeiling)) }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    return { refused: resolveError(specProfile, error, surface, '', 'en').resolved.message }
  }
}
