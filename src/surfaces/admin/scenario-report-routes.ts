import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { ScenarioAssertionError } from '../../scenarios/scenario-assertion-error.ts'
import { isDone } from '../../scenarios/scenario-engine.ts'
import { adminAuth } from './admin-auth.ts'

/** `GET /__mock/scenario/pending`: steps not yet consumed and requests that matched no step. */
export const pendingScenarioRoute = defineRoute({
  id: 'admin.scenario_pending',
  method: 'GET',
  path: '/__mock/scenario/pending',
  surface: 'admin',
  auth: adminAuth,
  banner: 'steps left, requests that matched none',
  handle: ({ runtime }) => json(runtime.scenarios.report()),
})

/**
 * `POST /__mock/scenario/assert`: `gateway.scenario.assertDone()` over HTTP. Not done is a 409
 * that carries the report beside the error, so a test over HTTP can print either.
 */
export const assertScenarioRoute = defineRoute({
  id: 'admin.scenario_assert',
  method: 'POST',
  path: '/__mock/scenario/assert',
  surface: 'admin',
  auth: adminAuth,
  banner: '200 when done, else 409 with the report',
  handle({ runtime }) {
    const report = runtime.scenarios.report()
    if (isDone(report)) return json({ done: true, report })
    const { message } = new ScenarioAssertionError(report)
    return json({ done: false, error: { code: 'scenario_mismatch', message }, report }, { status: 409 })
  },
})
