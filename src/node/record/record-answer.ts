import type { IdentifiedRoute } from '../../recording/identify-route.ts'
import { recordExchange } from '../../recording/record-exchange.ts'
import type { RecordedRequestBody } from '../../recording/recorded-request.ts'
import type { Redaction } from '../../recording/redact.ts'
import { maxRecordedBytes } from './answer-capture.ts'
import type { UpstreamAnswer } from './forward-to-upstream.ts'
import type { RecorderExchange } from './recorder-exchange.ts'
import type { RecorderSession } from './recorder-session.ts'

/** A relayed request, as the recorder keeps it until the upstream's answer has ended. */
export interface RelayedRequest {
  /** Its number in the session. */
  id: number
  time: string
  method: string
  /** The path and query. */
  target: string
  identified: IdentifiedRoute
  /** Its body, read for the recording meanwhile. */
  reading: Promise<RecordedRequestBody>
  redaction: Redaction
  /** What every line about it says. */
  said: Pick<RecorderExchange, 'time' | 'method' | 'path'>
}

/** Records an exchange once the upstream has ended its answer (or says why not), and tells the recorder's `onExchange`. */
export async function recordAnswer(session: RecorderSession, relayed: RelayedRequest, answered: UpstreamAnswer): Promise<void> {
  const { tell, file, seen } = session
  const { id, time, method, target, identified, said } = relayed
  const facts = {
    ...said,
    status: answered.status,
    durationMs: answered.durationMs,
    ...(answered.frames && { frames: answered.frames.length }),
  }
  if (answered.headers.some(([name]) => name.toLowerCase() === 'x-new-api-version')) seen.newApi = true
  if (identified.surface === 'admin') return tell({ ...facts, note: "not recorded: the upstream mock's own admin route" })
  const { tooLarge, clientLeft, ...captured } = answered
  const outcome = recordExchange(
    {
      id,
      time,
      method,
      target,
      ...identified,
      request: await relayed.reading,
      ...captured,
      ...(tooLarge && { tooLarge: `larger than a recording keeps (${maxRecordedBytes / 2 ** 20} MiB)` }),
    },
    relayed.redaction,
  )
  const model = outcome.model === undefined ? {} : { model: outcome.model }
  const left = clientLeft ? `the client left before the end of the ${answered.frames ? 'stream' : 'answer'}` : undefined
  if ('skipped' in outcome) return tell({ ...facts, ...model, note: `not recorded: ${[outcome.skipped, left].filter(Boolean).join('; ')}` })
  if (outcome.model !== undefined) seen.models.add(outcome.model)
  const failure = await file.add(outcome.exchange)
  const note = [left && `${left}; recorded whole as the upstream sent it`, outcome.note].filter(Boolean).join('; ')
  tell({
    ...facts,
    ...model,
    path: outcome.exchange.path,
    ...(failure
      ? { note: `not written yet: cannot write ${file.path} (${failure.message}); the next write tries again` }
      : { recorded: id, ...(note && { note }) }),
  })
}
