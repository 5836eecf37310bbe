import type { z } from 'zod'
import { memo } from '../cache/memo.ts'
import { parseBody } from './parse-body.ts'
import { parseJsonObject, readBodyText } from './read-json-body.ts'
import type { RouteContext } from './route.ts'

type Remembered = (text: string, compute: () => unknown) => unknown

// Validation is a pure function of the body's text (and of the depth limit, which differs between
// gateways in one process), and a mock gets the same bodies again and again (retries, suites,
// load tests). Values are frozen because every request with that text shares them; a failing
// body is never kept.
const validated = new Map<z.ZodType, Map<number, Remembered>>()

/** The request's JSON body, size- and depth-limited and validated against the route's schema. */
export async function requestBody<Schema extends z.ZodType>(context: RouteContext<unknown>, schema: Schema): Promise<z.output<Schema>> {
  const { maxBodyBytes, maxBodyDepth } = context.runtime
  const text = await readBodyText(context.request, maxBodyBytes)
  let byDepth = validated.get(schema)
  if (!byDepth) validated.set(schema, (byDepth = new Map()))
  let remembered = byDepth.get(maxBodyDepth)
  if (!remembered) byDepth.set(maxBodyDepth, (remembered = memo(256, 16 * 1024)))
  return remembered(text, () => deepFreeze(parseBody(schema, parseJsonObject(text, maxBodyDepth)))) as z.output<Schema>
}

/** Freezes a value and everything in it, with its own stack rather than the call stack's. */
function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'object' && next !== null && !Object.isFrozen(next)) {
      Object.freeze(next)
      for (const child of Object.values(next)) pending.push(child)
    }
  }
  return value
}
