import type { Gateway } from '../gateway/create-gateway.ts'

/**
 * After each test: a strict script left unfinished (steps never reached, requests that matched no
 * step) fails the test, with the report in the error. A script that is not strict only says how
 * the gateway should answer, so it may be left halfway.
 */
export function assertScriptsDone(gateway: Gateway): void {
  if (gateway.scenario.strict) gateway.scenario.assertDone()
}
