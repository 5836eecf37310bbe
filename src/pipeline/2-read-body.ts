import type { z } from 'zod'
import { memo } from '../cache/memo.ts'
import { parseBody } from './body/parse-body.ts'
import { parseJsonObject, readBodyText } from './body/read-json-body.ts'
import type { PipelineContext } from './pipeline-context.ts'

/**
 * Stage 2, read the body: for routes that declare one, the JSON body, size-limited as it
 * arrives and validated against the route's schema (`context.body`), or `body_*`.
 */
export async function readBody(context: PipelineContext): Promise<void> {
  const declared = context.route.body
  if (!declared) return
  // An optional body is read only when it says it is JSON, as the real gateway's distributor does.
  if (declared.optional && !context.request.headers.get('content-type')?.includes('json')) return
  const text = await readBodyText(context.request, context.runtime.maxBodyBytes, context.exchange?.body)
  if (declared.optional && text.trim() === '') return
  context.body = validated(declared.schema, text)
}

// Validation is a pure function of the body's text, and a mock gets the same bodies again and
// again (retries, suites, load tests). Values are frozen because every request with that text
// shares them; a failing body is never kept.
const remembered = new Map<z.ZodType, (text: string, compute: () => unknown) => unknown>()

function validated(schema: z.ZodType, text: string): unknown {
  let known = remembered.get(schema)
  if (!known) remembered.set(schema, (known = memo(256, 16 * 1024)))
  return known(text, () => deepFreeze(parseBody(schema, parseJsonObject(text))))
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
