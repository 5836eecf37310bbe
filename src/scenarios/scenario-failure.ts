import type { ErrorName, ErrorParams, ScenarioFacts } from '../errors/error-names.ts'
import { GatewayError } from '../errors/gateway-error.ts'
import type { Fail } from './scenario-schema.ts'

/**
 * A scenario's `fail` (or broken stream's error) as the GatewayError the request answers with: its
 * code, rendered the way the active profile renders that situation, with the scenario's status,
 * message and retry headers where it gives them. (A scenario file that cannot be used is a
 * ScenarioError, scenario-error.ts.)
 */
export function scenarioFailure(fail: Pick<Fail, 'code' | 'status' | 'message'> & Partial<Fail>, facts: ScenarioFacts): GatewayError {
  const headers: Record<string, string> = { ...fail.headers }
  if (fail.retryAfterMs !== undefined) {
    headers['retry-after-ms'] = String(fail.retryAfterMs)
    headers['retry-after'] = String(Math.ceil(fail.retryAfterMs / 1000))
  }
  if (fail.shouldRetry !== undefined) headers['x-should-retry'] = String(fail.shouldRetry)
  // `as`: one of the gateway's own refusals, whose parameters beyond the facts the message override stands in for.
  return new GatewayError(fail.as ?? fail.code, facts as ErrorParams[ErrorName], {
    headers,
    ...(fail.status !== undefined ? { status: fail.status } : {}),
    ...(fail.message !== undefined ? { message: fail.message } : {}),
    ...(fail.param !== undefined ? { param: fail.param } : {}),
  })
}
