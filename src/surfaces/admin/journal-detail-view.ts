import { searchParamsOf } from '../../http/path-matcher.ts'
import { maskKey } from '../../auth/mask-key.ts'
import type { RequestDetail } from '../../journal/request-detail.ts'
import { stepOfRequest, whyNoStep } from '../../scenarios/step-of-request.ts'
import { maskedHeaders } from '../../auth/masked-headers.ts'

/** A request in detail as `GET /__mock/journal/{requestId}` shows it (see journal-detail-route.ts). */
export function detailView(detail: RequestDetail) {
  const { entry, reply } = detail
  const noStep = detail.meets === null ? undefined : whyNoStep(detail)
  return {
    entry,
    query: maskedQuery(detail.url),
    request: { body: detail.requestBody ?? null, headers: detail.headers ? maskedHeaders(detail.headers) : [] },
    // What `when`'s content fields read of it: the last user turn, the tool results it returns, the tools offered.
    conversation: detail.conversation?.() ?? null,
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
    step: detail.meets === null || noStep !== undefined ? null : stepOfRequest(detail),
    // Why a request that steps meet gets none: a key the world does not know.
    ...(noStep !== undefined && { noStep }),
  }
}

/** The URL's query as `[name, value]` pairs, any `key` masked: Gemini clients send their API key there. */
function maskedQuery(url: string): [string, string][] {
  return [...(searchParamsOf(url) ?? [])].map(([name, value]) => [name, name.toLowerCase() === 'key' ? maskKey(value) : value])
}
