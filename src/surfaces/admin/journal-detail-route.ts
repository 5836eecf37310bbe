import { gatewayError } from '../../errors/gateway-error.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { adminAuth } from './admin-auth.ts'

/**
 * `GET /__mock/journal/{requestId}`: one of the latest requests in detail: its journal entry, the
 * query's parameters (a `key` among them masked), the request body as the client sent it, the
 * reply body as the gateway wrote it or a stream's frames with the ms after arrival each was
 * written, and the scenario step that would answer the next request the same. Request headers
 * are never kept.
 */
export const journalDetailRoute = defineRoute({
  id: 'admin.journal_detail',
  method: 'GET',
  path: '/__mock/journal/:requestId',
  surface: 'admin',
  auth: adminAuth,
  quiet: true,
  banner: 'one of the latest requests in detail: bodies, stream frames with times, as a scenario step',
  async handle({ params, runtime }) {
    const requestId = params.requestId!
    const detail = runtime.details.get(requestId)
    if (!detail) throw gatewayError('journal_detail_not_kept', { requestId, limit: runtime.details.limit }, { param: 'requestId' })
    // Loaded when the inspector first asks, not at start.
    const { detailView } = await import('./journal-detail-view.ts')
    return json(detailView(detail))
  },
})
