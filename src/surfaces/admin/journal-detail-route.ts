import { gatewayError } from '../../errors/gateway-error.ts'
import { maskKey } from '../../auth/mask-key.ts'
import type { RequestDetail } from '../../journal/request-detail.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { stepOfRequest } from '../../scenarios/step-of-request.ts'
import { adminAuth } from './admin-auth.ts'

/**
 * `GET /__mock/journal/{requestId}`: one of the latest requests in detail: its journal entry, the
 * query's parameters (a `key` among them masked), the request body as the client sent it, the reply body as the
 * gateway wrote it or a stream's frames with the ms after arrival each was written, and the
 * scenario step that would answer the next request the same. Request headers are never kept.
 */
export const journalDetailRoute = defineRoute({
  id: 'admin.journal_detail',
  method: 'GET',
  path: '/__mock/journal/:requestId',
  surface: 'admin',
  auth: adminAuth,
  quiet: true,
  banner: 'one of the latest requests in detail: bodies, stream frames with times, as a scenario step',
  handle({ params, runtime }) {
    const requestId = params.requestId!
    const detail = runtime.details.get(requestId)
    if (!detail) throw gatewayError('journal_detail_not_kept', { requestId, limit: runtime.details.limit }, { param: 'requestId' })
    return json(viewOf(detail))
  },
})

function viewOf(detail: RequestDetail) {
  const { entry, reply } = detail
  return {
    entry,
    query: maskedQuery(detail.url),
    request: { body: detail.requestBody ?? null },
    reply:
      typeof reply === 'string' || !('frames' in reply)
        ? { body: reply }
        : {
            frames: reply.frames.map((frame, index) => {
              const written = reply.written?.[index]
              return {
                text: frame.text,
                ...(frame.disconnect ? { disconnect: true } : {}),
                atMs: written === undefined ? null : Math.round((written - detail.startedAt) * 10) / 10,
              }
            }),
            timing: reply.timing,
          },
    step: detail.generation ? stepOfRequest(detail) : null,
  }
}

/** The URL's query as `[name, value]` pairs, any `key` masked: Gemini clients send their API key there. */
function maskedQuery(url: string): [string, string][] {
  const start = url.indexOf('?')
  if (start === -1) return []
  const hash = url.indexOf('#', start)
  const query = new URLSearchParams(url.slice(start + 1, hash === -1 ? undefined : hash))
  return [...query].map(([name, value]) => [name, name.toLowerCase() === 'key' ? maskKey(value) : value])
}
