import type { z } from 'zod'
import { parseBody } from './parse-body.ts'
import { readJsonBody } from './read-json-body.ts'
import type { RouteContext } from './route.ts'

/** The request's JSON body, size-limited and validated against the route's schema. */
export async function requestBody<Schema extends z.ZodType>(context: RouteContext<unknown>, schema: Schema): Promise<z.output<Schema>> {
  return parseBody(schema, await readJsonBody(context.request, context.runtime.maxBodyBytes))
}
