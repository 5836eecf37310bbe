import type { z } from 'zod'
import { gatewayError } from '../../errors/gateway-error.ts'
import { formatPath } from '../../definitions/format-path.ts'

/**
 * Validates a request body against the route's schema. The first problem becomes `body_invalid`
 * naming the field, as `messages[0].role: …`; a missing or non-string `model` is
 * `body_model_missing`, which the real gateway answers before it reads anything else.
 */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  const field = formatPath(issue.path)
  const problem = issue.code === 'invalid_type' && issue.message.endsWith('received undefined') ? 'Field required' : issue.message
  const params = { field, problem, detail: field ? `${field}: ${problem}` : problem }
  const name =
    field !== 'model'
      ? 'body_invalid'
      : issue.code === 'invalid_type' && problem !== 'Field required'
        ? 'body_model_not_string'
        : 'body_model_missing'
  throw gatewayError(name, params, { param: field || null })
}
