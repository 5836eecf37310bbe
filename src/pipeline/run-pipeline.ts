import { isTokenAuth } from '../auth/token-auth.ts'
import { exchangeOf, respond } from '../http/exchange.ts'
import { isComplete, type RenderedResponse } from '../http/rendered-response.ts'
import type { GatewayRuntime } from './gateway-runtime.ts'
import { GatewayError } from '../errors/gateway-error.ts'
import { createRequestId } from '../http/request-id.ts'
import { isoTimeOf } from '../time/iso-time.ts'
import { keptText, type Refusal, type ReportedDetail } from '../journal/request-detail.ts'
import type { PipelineStage, RequestLogEntry } from '../journal/request-log-entry.ts'
import { requestLanguage } from '../profiles/request-language.ts'
import { authenticate } from './1-authenticate.ts'
import { readBody } from './2-read-body.ts'
import { admit } from './3-admit.ts'
import { handle } from './4-handle.ts'
import { renderError, renderReply, resolveFailure } from './5-render.ts'
import { logRequest } from './log-request.ts'
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
  route: Route,
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
  let refusal: Refusal | undefined
  let stage: PipelineStage = 'authenticate'
  try {
    // Reading a body the adapter read ahead, and a route that answers at once, return no promise
    // and are not awaited: an await per stage is not free at a server's rate (docs/performance.md).
    authenticate(context)
    stage = 'read-body'
    const reading = readBody(context)
    if (reading) await reading
    stage = 'admit'
    const admitting = admit(context)
    if (admitting) await admitting
    stage = 'handle'
    const reply = handle(context)
    rendered = renderReply(context, 'then' in reply ? await reply : reply)
  } catch (error) {
    // Before rendering: a refused request's body is read for the journal, and what the route
    // learns may add a hint to the message (error.hint).
    if (!route.quiet || route.refused) await learnRefused(context, stage, error)
    const { resolved, envelope } = ({ error: failure, rendered } = renderError(context, error))
    refusal = { profile, surface, language: requestLanguage(profile, request), resolved, envelope }
  }
  if (route.quiet) return respond(request, rendered)
  reportRequest(context, rendered.status, failure, started, { stage, rendered, refusal })
  return respond(request, rendered)
}

/**
 * What a refused request still shows: where a stage before reading the body refused it (a bad
 * key), its body is read anyway, with the model and stream it names, for the journal, the
 * inspector's detail and the step copied from it; then the route is told it was refused, with the
 * status the error is answered with. Neither can change the answer, only add a hint to its
 * message: a body that cannot be read, or a hook that fails, leaves the refusal as it was.
 */
async function learnRefused(context: PipelineContext, stage: PipelineStage, error: unknown): Promise<void> {
  try {
    if (stage === 'authenticate') {
      await readBody(context)
      const declared = context.route.model
      if (declared && context.note.model === undefined) {
        context.note.model = declared.read(context)
        context.note.stream = declared.stream?.(context) ?? false
      }
    }
  } catch {
    // The refusal stands as rendered, with what could be read.
  }
  if (!(error instanceof GatewayError) || !context.route.refused) return
  try {
    context.route.refused(context, resolveFailure(context, error).resolved.status, error)
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
  more: { stage?: PipelineStage; rendered?: RenderedResponse; handshake?: boolean; refusal?: Refusal | undefined } = {},
): void {
  const { runtime } = context
  // Its keys in the journal's order (journal.ts): the optional ones are set in their place rather
  // than spread, which V8 does key by key at run time.
  const entry = {
    requestId: context.requestId,
    time: isoTimeOf(context.now),
    method: context.request.method,
    path: context.pathname,
    surface: context.surface,
    route: context.route.id,
    model: context.note.model,
    stream: context.note.stream,
    // A key refused by the authenticate stage is still shown, masked, as it was presented.
    key: (isTokenAuth(context.auth) ? context.auth.maskedKey : undefined) ?? context.presented?.maskedKey,
    usage: context.note.usage,
    quota: context.note.quota,
    status,
  } as RequestLogEntry
  if (failure) {
    // The code as the client got it, or the error's name where the profile's code is empty (new-api's `""`, a relayed `null`).
    entry.code = failure.code === '' || failure.code === null ? failure.name : String(failure.code)
    entry.error = failure.name
    if (more.stage) entry.stage = more.stage
  }
  entry.decidedBy = context.note.decidedBy
  // A refused request changed nothing, whatever the route noted before it threw.
  if (context.note.changed !== undefined && failure === undefined) entry.changed = context.note.changed
  entry.durationMs = performance.now() - started
  logRequest(context, status, failure, entry.durationMs, more.refusal?.resolved)
  const keep = more.rendered !== undefined && runtime.keepsDetails && context.surface !== 'admin'
  runtime.report(entry, keep ? detailOf(context, entry, more.rendered!, started, more.handshake === true, more.refusal) : undefined)
}

/** The request in detail, for the inspector: references to the URL, the body text and the rendered answer. */
function detailOf(
  context: PipelineContext,
  entry: RequestLogEntry,
  rendered: RenderedResponse,
  startedAt: number,
  handshake: boolean,
  refusal: Refusal | undefined,
): ReportedDetail {
  const { body } = rendered
  return {
    entry,
    url: context.request.url,
    startedAt,
    requestBody: context.bodyText === undefined ? undefined : keptText(context.bodyText),
    headers: context.request.headers,
    ...(context.route.model?.conversation && { conversation: context.conversationLater() }),
    // An open feed is an admin route's, and admin requests are not kept.
    reply: isComplete(body) ? keptText(body) : 'frames' in body ? body : '',
    meets: handshake ? 'handshake' : context.route.model && admissionOf(context.route.model, context) === 'generation' ? 'request' : null,
    worldKey: (isTokenAuth(context.auth) ? context.auth.token.key : undefined) ?? context.presented?.worldKey,
    composed: context.note.reply,
    ...(refusal && { refusal }),
  }
}
