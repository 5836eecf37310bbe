import { formatPath } from '../definitions/format-path.ts'
import { readMultipartBody } from '../pipeline/body/read-multipart-body.ts'
import type { Route } from '../pipeline/route.ts'
import { parseJson } from './collapse/json-fields.ts'

/** A forwarded request's body as its route reads it: validated by the route's schema, or why this gateway would refuse it. */
export type RecordedRequestBody = { body: unknown } | { refused: string } | { none: true }

/**
 * Reads a request the recorder forwarded as this gateway's route would: its JSON body, or its
 * multipart form (an audio upload), validated against the route's schema. The upstream may take
 * a body this gateway refuses; the refusal is said, as the exchange then cannot replay.
 */
export async function readRecordedRequest(
  route: Route<any, any> | undefined,
  bytes: Uint8Array,
  contentType: string | null,
): Promise<RecordedRequestBody> {
  const declared = route?.body
  if (!declared) return { none: true }
  let value: unknown
  if (declared.multipart) {
    try {
      const request = new Request('http://recorded.invalid/', {
        method: 'POST',
        headers: { 'content-type': contentType ?? '' },
        body: bytes as BodyInit,
      })
      value = await readMultipartBody(request, Number.POSITIVE_INFINITY)
    } catch (error) {
      return { refused: `the form cannot be read (${(error as Error).message})` }
    }
  } else {
    value = parseJson(new TextDecoder().decode(bytes))
    if (value === undefined) return { refused: 'the body is not JSON' }
  }
  const parsed = declared.schema.safeParse(value)
  if (parsed.success) return { body: parsed.data }
  const issue = parsed.error.issues[0]!
  const field = formatPath(issue.path)
  return { refused: field === '' ? issue.message : `${field}: ${issue.message}` }
}
