import { json } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { adminAuth } from '../admin-auth.ts'
import { inspectorState } from './inspector-state.ts'

/** `GET /__mock/state`: what the inspector's state panel shows (keys masked, quotas, rate windows, clock, scenarios). */
export const inspectorStateRoute = defineRoute({
  id: 'admin.state',
  method: 'GET',
  path: '/__mock/state',
  surface: 'admin',
  auth: adminAuth,
  quiet: true,
  banner: 'keys (masked) with quota and rate windows, users, clock, scenarios: the inspector’s state panel',
  handle: ({ runtime }) => json(inspectorState(runtime)),
})
