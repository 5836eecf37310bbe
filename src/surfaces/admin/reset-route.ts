import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { adminAuth } from './admin-auth.ts'

/**
 * `POST /__mock/reset`: `gateway.reset()` over HTTP: world, clock, rate windows, journal and the
 * replay's ledger back to the start. The answer names the scenarios left active, so a caller sees what reset kept.
 */
export const resetRoute = defineRoute({
  id: 'admin.reset',
  method: 'POST',
  path: '/__mock/reset',
  surface: 'admin',
  auth: adminAuth,
  banner: 'as started: world, real clock, --scenario list, empty journal, no stored responses, recordings unused',
  async handle({ runtime }) {
    await runtime.control.reset()
    return json({ reset: true, names: runtime.scenarios.names })
  },
})
