import { toResponse } from '../../http/rendered-response.ts'
import { identifyRoute } from '../../recording/identify-route.ts'
import { managementRequestSecrets } from '../../recording/management-secrets.ts'
import { withoutKey } from '../../recording/record-exchange.ts'
import { readRecordedRequest } from '../../recording/recorded-request.ts'
import { redactText, type Redaction } from '../../recording/redact.ts'
import { forwardToUpstream } from './forward-to-upstream.ts'
import { recordAnswer, type RelayedRequest } from './record-answer.ts'
import type { RecorderSession } from './recorder-session.ts'
import { upstreamFailure } from './upstream-failure.ts'
import { upstreamRequest } from './upstream-request.ts'
import { routes } from '../../surfaces/routes.ts'

/**
 * The recorder's one route: each request goes to the upstream, its answer is relayed as it comes,
 * and the exchange is recorded once the upstream has ended it (the session's `pending` holds it
 * until then). A request the upstream does not answer gets 502 and is not recorded.
 */
export function relayExchanges(session: RecorderSession): (request: Request) => Promise<Response> {
  let count = 0
  return async (request) => {
    const id = ++count
    const time = new Date().toISOString()
    const started = performance.now()
    const body = new Uint8Array(await request.arrayBuffer())
    const identified = identifyRoute(request, routes)
    const outgoing = upstreamRequest(request, session.upstream, identified.route)
    const url = new URL(request.url)
    const redaction: Redaction = {
      patterns: session.patterns,
      secrets: [...outgoing.secrets, ...managementRequestSecrets(url.pathname, body)],
    }
    const target = url.pathname + url.search
    const said = { time, method: request.method, path: redactText(withoutKey(target), redaction) }
    let forwarded
    try {
      forwarded = await forwardToUpstream(outgoing, request.method, body, session.agents)
    } catch (error) {
      const detail = redactText(error instanceof Error ? upstreamFailure(error) : String(error), redaction)
      session.tell({ ...said, durationMs: performance.now() - started, note: `not recorded: the upstream did not answer (${detail})` })
      return toResponse(session.unreachable(detail, url.pathname), request.signal)
    }
    const reading = readRecordedRequest(identified, body, request.headers.get('content-type'))
    const relayed: RelayedRequest = { id, time, method: request.method, target, identified, reading, redaction, said }
    const recording = forwarded.answer
      .then((answered) => recordAnswer(session, relayed, answered))
      .catch((error: unknown) => {
        // A bug, not the upstream's doing: say so, and keep recording the rest.
        console.error('[llm-gateway-mock] failed to record an exchange:', error)
        session.tell({ ...said, durationMs: performance.now() - started, note: 'not recorded: an internal error (on stderr)' })
      })
    session.pending.add(recording)
    void recording.finally(() => session.pending.delete(recording))
    return forwarded.response
  }
}
