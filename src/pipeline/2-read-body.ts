import type { z } from 'zod'
import { memo } from '../cache/memo.ts'
import { parseBody } from './body/parse-body.ts'
import { parseJsonObject, readAheadText, readBodyText } from './body/read-json-body.ts'
import { readMultipartBody } from './body/read-multipart-body.ts'
import type { PipelineContext } from './pipeline-context.ts'

/**
 * Stage 2, read the body: for routes that declare one, the JSON body, size-limited as it
 * arrives, depth-limited before anything walks it, and validated against the route's schema
 * (`context.body`), or `body_*`. A route that takes uploads reads a multipart body instead,
 * under the same size limit; uploads are not remembered.
 */
export function readBody(context: PipelineContext): Promise<void> | undefined {
  const declared = context.route.body
  if (!declared) return undefined
  if (declared.multipart) return readMultipart(context, declared.schema)
  // An optional body is read only when it says it is JSON, as the real gateway's distributor does.
  if (declared.optional && !context.request.headers.get('content-type')?.includes('json')) return undefined
  const { maxBodyBytes } = context.runtime
  // A body the server adapter read ahead is taken at once: no promise to settle for most requests.
  const readAhead = context.exchange?.body
  if (readAhead !== undefined) {
    takeBody(context, readAheadText(context.request, maxBodyBytes, readAhead), declared.optional)
    return undefined
  }
  return readBodyText(context.request, maxBodyBytes).then((text) => takeBody(context, text, declared.optional))
}

async function readMultipart(context: PipelineContext, schema: z.ZodType): Promise<void> {
  context.body = parseBody(schema, await readMultipartBody(context.request, context.runtime.maxBodyBytes))
}

function takeBody(context: PipelineContext, text: string, optional: boolean | undefined): void {
  context.bodyText = text
  if (optional && text.trim() === '') return
  context.body = validated(context.route.body!.schema, context.runtime.maxBodyDepth, text)
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
