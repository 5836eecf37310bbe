import { exchangeOf, respond } from '../http/exchange.ts'
import { isComplete, type RenderedResponse } from '../http/rendered-response.ts'
import type { GatewayRuntime } from './gateway-runtime.ts'
import { createRequestId } from '../http/request-id.ts'
import { isoTimeOf } from '../journal/iso-time.ts'
import { keptText, type RequestDetail } from '../journal/request-detail.ts'
import type { PipelineStage, RequestLogEntry } from '../journal/request-log-entry.ts'
import { authenticate } from './1-authenticate.ts'
import { readBody } from './2-read-body.ts'
import { admit } from './3-admit.ts'
import { handle } from './4-handle.ts'
import { renderError, renderReply } from './5-render.ts'
import { PipelineContext } from './pipeline-context.ts'
import { admissionOf, routeSurface, type Route } from './route.ts'

/**
 * The request pipeline, the same for every route, in five stages (one file each, numbered):
 *
 * 1. authenticate: the route's auth requirement resolves the credential (1-authenticate.ts);
 * 2. read the body: size limit, JSON, the route's schema (2-read-body.ts);
 * 3. admit, for routes that name a model: scenario decision, model visibility, rate limits,
 *    quota (3-admit.ts);
 * 4. handle: the route's own work, returning a reply as data (4-handle.ts);
 * 5. render: the reply, or whatever failed on the way, in the active profile's shapes and the
 *    surface's envelope (5-render.ts).
 *
 * Then the journal records the request, and the latest requests keep their bodies for the
 * inspector (references to what the stages already hold). Routing happened before (msw, with the
 * gateway's handlers: to-handlers.ts), and the profile's missing routes never match.
 */
export async function runPipeline(
  route: Route<any, any>,
  runtime: GatewayRuntime,
  request: Request,
  params: Readonly<Record<string, string>>,
): Promise<Response> {
  const started = performance.now()
  const now = runtime.clock.now()
  const profile = runtime.profile
  const surface = routeSurface(route, request, runtime.basePath)
  const context = new PipelineContext(route, request, params, createRequestId(now), surface, runtime, profile, now, exchangeOf(request))

  let rendered: RenderedResponse
  let failure: { name: string; code: string | number | null } | undefined
  let stage: PipelineStage = 'authenticate'
  try {
    authenticate(context)
    stage = 'read-body'
    await readBody(context)
    stage = 'admit'
    await admit(context)
    stage = 'handle'
    rendered = renderReply(context, await handle(context))
  } catch (error) {
    ;({ error: failure, rendered } = renderError(context, error))
    if (route.refused) await tellRefused(context, stage, rendered.status)
  }
  if (route.quiet) return respond(request, rendered)
  reportRequest(context, rendered.status, failure, started, { stage, rendered })
  return respond(request, rendered)
}

/**
 * Tells the route it was refused, its body read first where a stage before reading it refused the
 * request. What the route learns cannot change the answer: a body it cannot read, or a hook that
 * fails on one, leaves the refusal as it was.
 */
async function tellRefused(context: PipelineContext, stage: PipelineStage, status: number): Promise<void> {
  try {
    if (stage === 'authenticate') await readBody(context)
    context.route.refused!(context, status)
  } catch {
    // The refusal stands as rendered.
  }
}

/**
 * Records what a request got in the journal (and the request log): one entry per request, per
 * WebSocket handshake, per response on a socket. With the rendered answer, the latest requests
 * also keep their bodies for the inspector (references to what the stages already hold).
 */
export function reportRequest(
  context: PipelineContext,
  status: number,
  failure: { name: string; code: string | number | null } | undefined,
  started: number,
  more: { stage?: PipelineStage; rendered?: RenderedResponse; handshake?: boolean } = {},
): void {
  const { runtime } = context
  const entry: RequestLogEntry = {
    requestId: context.requestId,
    time: isoTimeOf(context.now),
    method: context.request.method,
    path: context.pathname,
    surface: context.surface,
    route: context.route.id,
    model: context.note.model,
    stream: context.note.stream,
    key: context.auth?.maskedKey,
    usage: context.note.usage,
    quota: context.note.quota,
    status,
    // The code as the client got it, or the error's name where the profile's code is empty (new-api's `""`, a relayed `null`).
    ...(failure && {
      code: failure.code === '' || failure.code === null ? failure.name : String(failure.code),
      error: failure.name,
      ...(more.stage && { stage: more.stage }),
    }),
    decidedBy: context.note.decidedBy,
    durationMs: performance.now() - started,
  }
  const keep = more.rendered !== undefined && runtime.keepsDetails && context.surface !== 'admin'
  runtime.report(entry, keep ? detailOf(context, entry, more.rendered!, started, more.handshake === true) : undefined)
}

/** The request in detail, for the inspector: references to the URL, the body text and the rendered answer. */
function detailOf(
  context: PipelineContext,
  entry: RequestLogEntry,
  rendered: RenderedResponse,
  startedAt: number,
  handshake: boolean,
): RequestDetail {
  const { body } = rendered
  return {
    entry,
    url: context.request.url,
    startedAt,
    requestBody: context.bodyText === undefined ? undefined : keptText(context.bodyText),
    // An open feed is an admin route's, and admin requests are not kept.
    reply: isComplete(body) ? keptText(body) : 'frames' in body ? body : '',
    meets: handshake ? 'handshake' : context.route.model && admissionOf(context.route.model, context) === 'generation' ? 'request' : null,
    worldKey: context.auth?.token?.key,
    composed: context.note.reply,
  }
}
