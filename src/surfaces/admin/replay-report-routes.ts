import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { adminAuth } from './admin-auth.ts'

/** `GET /__mock/replay`: the replay's report: recorded exchanges never used, requests no recording answered. */
export const replayReportRoute = defineRoute({
  id: 'admin.replay',
  method: 'GET',
  path: '/__mock/replay',
  surface: 'admin',
  auth: adminAuth,
  banner: 'recordings never used, requests no recording answered',
  handle: ({ runtime }) => json(runtime.control.replay().report),
})

/**
 * `POST /__mock/replay/assert`: `gateway.replay.assertDone()` over HTTP, as the scenario's: not
 * done is a 409 that carries the report beside the error.
 */
export const assertReplayRoute = defineRoute({
  id: 'admin.replay_assert',
  method: 'POST',
  path: '/__mock/replay/assert',
  surface: 'admin',
  auth: adminAuth,
  banner: '200 when every recording was used and every request had one, else 409 with the report',
  handle({ runtime }) {
    const { done, report, message } = runtime.control.replay()
    if (done) return json({ done: true, report })
    return json({ done: false, error: { code: 'replay_mismatch', message }, report }, { status: 409 })
  },
})
