import { json } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { adminAuth } from '../admin-auth.ts'

/** `GET /__mock/state`: what the inspector's state panel shows (keys masked, quotas, rate windows, clock, scenarios). */
export const inspectorStateRoute = defineRoute({
  id: 'admin.state',
  method: 'GET',
  path: '/__mock/state',
  surface: 'admin',
  auth: adminAuth,
  quiet: true,
  banner: 'keys (masked) with quota and rate windows, users, clock, scenarios: the inspector’s state panel',
  // Loaded when the inspector first asks, not at start.
  handle: async ({ runtime }) => json((await import('./inspector-state.ts')).inspectorState(runtime)),
})
