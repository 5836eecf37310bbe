import type { z } from 'zod'
import { GatewayError } from '../errors/gateway-error.ts'
import { formatPath } from '../world/world-error.ts'

/**
 * Validates a request body against the route's schema. The first problem becomes an
 * `invalid_request_error` whose message names the field, as `messages[0].role: …`.
 */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  const field = formatPath(issue.path)
  const problem = issue.code === 'invalid_type' && issue.message.endsWith('received undefined') ? 'Field required' : issue.message
  throw new GatewayError('invalid_request_error', field ? `${field}: ${problem}` : problem, { param: field || null })
}
