import type { z } from 'zod'
import { memo } from '../cache/memo.ts'
import { parseBody } from './body/parse-body.ts'
import { parseJsonObject, readBodyText } from './body/read-json-body.ts'
import { readMultipartBody } from './body/read-multipart-body.ts'
import type { PipelineContext } from './pipeline-context.ts'

/**
 * Stage 2, read the body: for routes that declare one, the JSON body, size-limited as it
 * arrives, depth-limited before anything walks it, and validated against the route's schema
 * (`context.body`), or `body_*`. A route that takes uploads reads a multipart body instead,
 * under the same size limit; uploads are not remembered.
 */
export async function readBody(context: PipelineContext): Promise<void> {
  const declared = context.route.body
  if (!declared) return
  if (declared.multipart) {
    context.body = parseBody(declared.schema, await readMultipartBody(context.request, context.runtime.maxBodyBytes))
    return
  }
  // An optional body is read only when it says it is JSON, as the real gateway's distributor does.
  if (declared.optional && !context.request.headers.get('content-type')?.includes('json')) return
  const { maxBodyBytes, maxBodyDepth } = context.runtime
  const text = await readBodyText(context.request, maxBodyBytes, context.exchange?.body)
  context.bodyText = text
  if (declared.optional && text.trim() === '') return
  context.body = validated(declared.schema, maxBodyDepth, text)
}

type Remembered = (text: string, compute: () => unknown) => unknown

// Validation is a pure function of the body's text (and of the depth limit, which differs between
// gateways in one process), and a mock gets the same bodies again and again (retries, suites,
// load tests). Values are frozen because every request with that text shares them; a failing
// body is never kept.
const remembered = new Map<z.ZodType, Map<number, Remembered>>()

function validated(schema: z.ZodType, maxDepth: number, text: string): unknown {
  let byDepth = remembered.get(schema)
  if (!byDepth) remembered.set(schema, (byDepth = new Map()))
  let known = byDepth.get(maxDepth)
  if (!known) byDepth.set(maxDepth, (known = memo(256, 16 * 1024)))
  return known(text, () => deepFreeze(parseBody(schema, parseJsonObject(text, maxDepth))))
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
