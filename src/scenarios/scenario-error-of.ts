import { GatewayError } from '../errors/gateway-error.ts'
import { defaultMessages } from './default-messages.ts'
import type { Fail } from './scenario-schema.ts'

/** The error a scenario's `fail` (or broken stream) answers with, retry headers included. */
export function scenarioError(fail: Pick<Fail, 'code' | 'status' | 'message'> & Partial<Fail>): GatewayError {
  const headers: Record<string, string> = { ...fail.headers }
  if (fail.retryAfterMs !== undefined) {
    headers['retry-after-ms'] = String(fail.retryAfterMs)
    headers['retry-after'] = String(Math.ceil(fail.retryAfterMs / 1000))
  }
  if (fail.shouldRetry !== undefined) headers['x-should-retry'] = String(fail.shouldRetry)
  return new GatewayError(fail.code, fail.message ?? defaultMessages[fail.code], {
    ...(fail.status !== undefined ? { status: fail.status } : {}),
    headers,
  })
}
