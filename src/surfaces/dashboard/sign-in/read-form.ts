import { readRouteText } from '../../../pipeline/body/read-route-text.ts'
import type { RouteContext } from '../../../pipeline/route.ts'
import { invalidParams } from './sign-in-messages.ts'

/**
 * The string fields of a JSON body as new-api's `DecodeJson` into its struct reads them: a
 * body that is not a JSON object (or `null`), or a field of `fields` that is neither a string
 * nor `null`, is refused with "Invalid parameters"; other fields are ignored. Read here and not
 * by a route body schema, because new-api answers a bad body in its controller's envelope.
 */
export async function readStringFields<Field extends string>(
  context: RouteContext,
  fields: readonly Field[],
): Promise<Record<Field, string>> {
  const text = await readRouteText(context)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw invalidParams()
  }
  if (body === null) body = {}
  if (typeof body !== 'object' || Array.isArray(body)) throw invalidParams()
  const read = {} as Record<Field, string>
  for (const field of fields) {
    const value = (body as Record<string, unknown>)[field]
    if (value !== undefined && value !== null && typeof value !== 'string') throw invalidParams()
    read[field] = typeof value === 'string' ? value : ''
  }
  return read
}
