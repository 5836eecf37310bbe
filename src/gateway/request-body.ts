import type { z } from 'zod'
import { memo } from '../cache/memo.ts'
import { parseBody } from './parse-body.ts'
import { parseJsonObject, readBodyText } from './read-json-body.ts'
import type { RouteContext } from './route.ts'

// Validation is a pure function of the body's text, and a mock gets the same bodies again and
// again (retries, suites, load tests). Values are frozen because every request with that text
// shares them; a failing body is never kept.
const validated = new Map<z.ZodType, (text: string, compute: () => unknown) => unknown>()

/** The request's JSON body, size-limited and validated against the route's schema. */
export async function requestBody<Schema extends z.ZodType>(context: RouteContext<unknown>, schema: Schema): Promise<z.output<Schema>> {
  const text = await readBodyText(context.request, context.runtime.maxBodyBytes)
  let remembered = validated.get(schema)
  if (!remembered) validated.set(schema, (remembered = memo(256, 16 * 1024)))
  return remembered(text, () => deepFreeze(parseBody(schema, parseJsonObject(text)))) as z.output<Schema>
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
