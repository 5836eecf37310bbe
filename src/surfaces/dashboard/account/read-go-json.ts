import { assertBodyDepth } from '../../../pipeline/body/body-depth.ts'
import { readRouteText } from '../../../pipeline/body/read-route-text.ts'
import type { RouteContext } from '../../../pipeline/route.ts'

/** A management body as new-api's Go decoder reads it: the value, or the decoder's error message. */
export type GoJson = { value: unknown } | { error: string }

/**
 * Reads a request body as new-api's controllers decode theirs (`c.ShouldBindJSON`,
 * `common.DecodeJson`): each refuses what it cannot read with the decoder's own words, which the
 * routes pass on or replace with their message. Read by the route itself rather than by the
 * pipeline, so that a bad body gets new-api's refusal (HTTP 200) and a password is never kept
 * for the request log.
 */
export async function readGoJson(context: RouteContext<unknown, unknown>): Promise<GoJson> {
  const text = await readRouteText(context)
  const start = text.trimStart()
  if (start === '') return { error: 'EOF' }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    const first = start[0]!
    return { error: /[[{"\-\d tfn]/.test(first) ? 'unexpected EOF' : `invalid character '${first}' looking for beginning of value` }
  }
  assertBodyDepth(value, context.runtime.maxBodyDepth)
  return { value }
}

/** Go's name for a JSON value's kind, as its "cannot unmarshal" errors say it. */
export function goKind(value: unknown): string {
  if (Array.isArray(value)) return 'array'
  if (value === null) return 'null'
  if (typeof value === 'boolean') return 'bool'
  return typeof value === 'object' ? 'object' : typeof value
}
