import type { SurfaceName } from '../http/surface-name.ts'
import type { Route } from '../pipeline/route.ts'
import type { PathParams } from '../http/path-matcher.ts'
import { specProfile } from '../profiles/spec-profile.ts'
import type { AnswerReader } from './collapse/collapsed.ts'
import { parseJson } from './collapse/json-fields.ts'
import { keptHeaders } from './kept-headers.ts'
import { isManagementPath, withoutManagementSecrets, withoutSecretQuery } from './management-secrets.ts'
import { redactJson, redactText, type Redaction } from './redact.ts'
import type { RecordedRequestBody } from './recorded-request.ts'
import type { RecordedBinary, RecordedExchange, RecordedFrame, RecordedResponse, RequestKey } from './recording-schema.ts'
import { routeFacts } from './route-facts.ts'
import { readSseEvent } from './sse-frames.ts'

/** One request forwarded to the upstream and what came back, as the record server saw it. */
export interface CapturedExchange {
  /** The exchange's number in the session, in the order the requests came. */
  id: number
  /** When the request was sent (ISO time). */
  time: string
  method: string
  /** The path and query the client asked for. */
  target: string
  /** What route of ours the request is for (identify-route.ts). */
  route: Route | undefined
  params: PathParams
  surface: SurfaceName
  /** The request's body as its route reads it (recorded-request.ts). */
  request: RecordedRequestBody
  status: number
  headers: Iterable<[string, string]>
  /** The whole body's text, for an answer that is text and not a stream. */
  body?: string
  /** An answer that is not text (audio, an image). */
  binary?: RecordedBinary
  /** A stream's events as they came. */
  frames?: RecordedFrame[]
  /** Whether the upstream ended its answer itself (not cut off mid-way). */
  ended: boolean
  /** Why the answer was too large to keep, when it was. */
  tooLarge?: string
  durationMs: number
}

/** What becomes of an exchange: an entry of the recording, or why it is left out; the model the request named either way. */
export type RecordOutcome = ({ exchange: RecordedExchange; note?: string } | { skipped: string }) & { model?: string }

/**
 * An exchange as a recording keeps it: what identifies the request (never a header, never a
 * credential), and the answer as content where it replays (a generation's text, tool calls and
 * usage; an embedding's vectors), as the error it was, or as the body it was. Streams keep their
 * events with their timing; a stream that did not finish is left out, as a replay of it would
 * teach a client nothing true. Everything kept is redacted, the kept headers included.
 */
export function recordExchange(captured: CapturedExchange, redaction: Redaction): RecordOutcome {
  const { route } = captured
  const replayable = route?.recording
  const parsed = 'body' in captured.request ? captured.request.body : undefined
  // What a route reads its model from; a route that defaults a missing model reads the spec profile's default.
  const facts = { body: parsed, params: captured.params, profile: specProfile }
  const { model, stream } = routeFacts(route, facts)
  const shownModel = model === undefined ? {} : { model: redactText(model, redaction) }
  const key = replayable && parsed !== undefined ? redactKey(replayable.key(parsed), redaction) : undefined

  let response: RecordedResponse
  let note: string | undefined
  const headers = redactJson(keptHeaders(captured.headers), redaction)
  const base = { status: captured.status, headers }
  const frames = captured.frames?.map((frame) => ({ atMs: Math.round(frame.atMs), data: redactText(frame.data, redaction) }))
  if (captured.tooLarge !== undefined) return { skipped: captured.tooLarge, ...shownModel }
  if (!captured.ended) return { skipped: `the upstream cut the ${frames ? 'stream' : 'answer'} short`, ...shownModel }
  if (captured.binary) {
    response = { ...base, binary: captured.binary }
  } else if (captured.status >= 400 && (key || !replayable)) {
    response = { ...base, error: redactJson(bodyValue(captured, frames), redaction) }
  } else {
    const reader = key && captured.status < 300 ? replayable!.answers : undefined
    const content = reader && readContent(reader, captured)
    if (content && 'skipped' in content) return { ...content, ...shownModel }
    if (content?.reply) response = { ...base, reply: redactJson(content.reply, redaction) }
    else if (content?.embeddings) response = { ...base, embeddings: content.embeddings }
    else {
      if (reader) note = 'an answer of a shape this route does not give: kept as its body, not replayed'
      else if (replayable && 'refused' in captured.request)
        note = `kept as its body, not replayed: this gateway refuses the request (${redactText(captured.request.refused, redaction)})`
      response = { ...base, body: redactJson(bodyValue(captured, frames), redaction) }
    }
  }
  // The management API's own credentials (access tokens, whole keys) are not the client's: found by name.
  const pathname = captured.target.split('?')[0]!
  if (isManagementPath(pathname)) {
    if (response.body !== undefined) response.body = withoutManagementSecrets(response.body, pathname)
    if (response.error !== undefined) response.error = withoutManagementSecrets(response.error, pathname)
  }
  if (frames) response.frames = frames
  response.durationMs = Math.round(captured.durationMs)

  const exchange: RecordedExchange = {
    id: captured.id,
    time: captured.time,
    surface: captured.surface,
    route: route?.id ?? 'unknown',
    method: captured.method,
    path: redactText(withoutSecretQuery(withoutKey(captured.target)), redaction),
    ...shownModel,
    ...(stream !== undefined && { stream }),
    ...(key && response.body === undefined && response.binary === undefined && { request: key }),
    response,
  }
  return { exchange, ...(note && { note }), ...shownModel }
}

/** The reply or vectors an answer spells, or why a stream of it is left out. */
function readContent(
  reader: AnswerReader,
  captured: CapturedExchange,
): Pick<RecordedResponse, 'reply' | 'embeddings'> | { skipped: string } | undefined {
  if (captured.frames) {
    if (!reader.stream) return undefined
    const { reply, complete, failed } = reader.stream(captured.frames.map((frame) => readSseEvent(frame.data)))
    if (failed !== undefined) return { skipped: `the stream ended with an error event (${failed})` }
    if (!complete) return { skipped: 'the stream ended without its last event' }
    return { reply }
  }
  const content = reader.json(parseJson(captured.body ?? ''))
  if (content === undefined) return undefined
  return 'vectors' in content ? { embeddings: content } : { reply: content }
}

/** A body as JSON when it is JSON, else its text (a stream's: its events). */
function bodyValue(captured: CapturedExchange, frames: RecordedFrame[] | undefined): NonNullable<RecordedResponse['body']> {
  if (frames) return frames.map((frame) => frame.data).join('\n\n')
  const text = captured.body ?? ''
  const json = parseJson(text) as RecordedResponse['body']
  return json ?? text
}

/** The request's text fields redacted; hashes stay, as they are of the text before. */
function redactKey(key: RequestKey, redaction: Redaction): RequestKey {
  if ('inputs' in key) return { ...key, inputs: key.inputs.map((input) => redactText(input, redaction)) }
  return {
    ...key,
    ...(key.lastUserTurn !== undefined && { lastUserTurn: redactText(key.lastUserTurn, redaction) }),
    ...(key.toolResults && { toolResults: key.toolResults.map((result) => redactText(result, redaction)) }),
  }
}

/** The path and query without a `key` parameter (a Gemini credential). */
export function withoutKey(target: string): string {
  const query = target.indexOf('?')
  if (query === -1) return target
  const params = new URLSearchParams(target.slice(query + 1))
  params.delete('key')
  const rest = params.toString()
  return rest === '' ? target.slice(0, query) : `${target.slice(0, query)}?${rest}`
}
