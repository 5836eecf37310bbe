import { GatewayError, gatewayError } from '../errors/gateway-error.ts'
import type { RenderedResponse } from '../http/rendered-response.ts'
import { envelopes } from '../profiles/envelopes.ts'
import type { EnvelopeName, Profile } from '../profiles/profile-type.ts'
import type { ResolvedError } from '../profiles/resolved-error.ts'
import { specProfile } from '../profiles/spec-profile.ts'
import { requestLanguage } from '../profiles/request-language.ts'
import { forSurface, resolveError } from '../profiles/resolve-error.ts'
import { breakFrames } from '../streaming/stream-plan.ts'
import type { PipelineContext } from './pipeline-context.ts'
import { jsonContentType as jsonType, type Reply } from './reply.ts'

// Chunked, as the real gateway streams: it is also what lets a client tell a dropped stream from a finished one.
const streamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
  'transfer-encoding': 'chunked',
}

/** A failure's name and code, as the journal keeps them. */
interface FailureName {
  name: string
  code: string | number | null
}

/**
 * Stage 5, render: a reply, or any failure raised on the way, as the parts of an HTTP answer:
 * the profile's headers, and errors in the profile's envelope for the request's surface. This is
 * the one place errors are rendered.
 */
export function renderReply(context: PipelineContext, reply: Reply): RenderedResponse {
  const profile = profileOf(context)
  if (reply.kind === 'stream') {
    const frames = reply.breakAfter
      ? breakFrames(reply.frames, reply.breakAfter, (error, sent) => {
          const { resolved } = resolveError(profile, error, context.surface, context.requestId, requestLanguage(profile, context.request))
          return reply.renderError(resolved, sent)
        })
      : reply.frames
    return {
      status: reply.status,
      headers: headersOf(context, profile, { ...streamHeaders }, reply.headers),
      // `written` is filled in as the frames go out, for the inspector's detail of this request:
      // only when details are kept, or every frame of every stream would note a time nobody reads.
      body: { frames, timing: reply.timing, sleep: context.runtime.clock.sleep, ...(context.runtime.keepsDetails && { written: [] }) },
    }
  }
  if (reply.kind === 'feed') {
    return { status: reply.status, headers: headersOf(context, profile, { ...streamHeaders }, reply.headers), body: reply.feed }
  }
  if (reply.kind === 'raw') {
    return {
      status: reply.status,
      headers: headersOf(context, profile, { 'content-type': reply.contentType }, reply.headers),
      body: reply.body,
    }
  }
  return {
    status: reply.status,
    headers: headersOf(context, profile, { 'content-type': jsonType }, reply.headers),
    body: JSON.stringify(reply.body),
  }
}

/**
 * A failure as the profile answers it; anything that is not a `GatewayError` is a bug, reported
 * and answered as `internal`. `requestId`: the id it is told under, the request's unless it is one
 * of several answers to it (an error event on an open socket).
 */
export function renderError(
  context: PipelineContext,
  failure: unknown,
  requestId: string = context.requestId,
): { error: FailureName; resolved: ResolvedError; envelope: EnvelopeName; rendered: RenderedResponse } {
  const { error, resolved, envelope } = resolveFailure(context, failure, requestId)
  return {
    error,
    resolved,
    envelope,
    rendered: {
      status: resolved.status,
      headers: headersOf(context, profileOf(context), { 'content-type': jsonType }, resolved.headers),
      body: JSON.stringify(envelopes[envelope](resolved)),
    },
  }
}

/**
 * A failure resolved in the profile's terms, as `renderError` renders it, for an answer that is
 * no HTTP body (an error event on an open socket).
 */
export function resolveFailure(
  context: PipelineContext,
  failure: unknown,
  requestId: string = context.requestId,
): { error: FailureName; resolved: ResolvedError; envelope: EnvelopeName } {
  const error = toGatewayError(failure)
  const profile = profileOf(context)
  const { resolved, envelope } = resolveError(profile, error, context.surface, requestId, requestLanguage(profile, context.request))
  return { error: { name: error.errorName, code: resolved.code }, resolved, envelope }
}

// The mock's own admin API answers in its own terms whatever the gateway impersonates.
function profileOf(context: PipelineContext): Profile {
  return context.surface === 'admin' ? specProfile : context.profile
}

/**
 * An answer's headers, in one object: `first` (a fresh object, which this fills), the profile's
 * own, the request id, the request's (rate-limit state), then the reply's `last`; a later one
 * replaces an earlier one of the same name in its place.
 */
function headersOf(
  context: PipelineContext,
  profile: Profile,
  first: Record<string, string>,
  last: Record<string, string> | undefined,
): Record<string, string> {
  Object.assign(first, profile.headers.always)
  for (const name of forSurface(profile.headers.requestId, context.surface) ?? []) first[name] = context.requestId
  Object.assign(first, context.headers)
  return last ? Object.assign(first, last) : first
}

function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error
  // A bug, not a scenario: say so loudly, but still answer in the client's envelope.
  // eslint-disable-next-line no-console -- the one place a bug in the core is reported
  console.error('[llm-gateway-mock] unexpected error while handling a request:', error)
  return gatewayError('internal', { detail: error instanceof Error ? error.message : String(error) }, { cause: error })
}
