import { GatewayError } from '../errors/gateway-error.ts'
import { surfaces } from '../surfaces/surfaces.ts'
import type { Surface, SurfaceName } from '../surfaces/surface.ts'
import type { AuthInput } from '../auth/auth-requirement.ts'
import type { World } from '../world/world.ts'
import type { ErrorCatalogue } from '../errors/error-catalogue.ts'
import { createResponse } from './rendered-response.ts'
import { breakFrames } from '../streaming/stream-plan.ts'
import type { Reply } from './reply.ts'
import { pathnameOf } from '../http/path-matcher.ts'
import { createRequestId } from '../http/request-id.ts'
import type { Route, RouteContext, RouteNote } from './route.ts'
import type { GatewayRuntime } from './runtime.ts'

const jsonType = 'application/json; charset=utf-8'
// Chunked, as the real gateway streams: it is also what lets a client tell a dropped stream from a finished one.
const streamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
  'transfer-encoding': 'chunked',
}

/**
 * The request pipeline, the same for every route: request id, surface, auth, the route's own
 * work, and one error boundary that renders any failure in the surface's envelope.
 */
export async function runRoute(
  route: Route<any>,
  runtime: GatewayRuntime,
  request: Request,
  params: Readonly<Record<string, string>>,
): Promise<Response> {
  const started = performance.now()
  const now = runtime.clock.now()
  const requestId = createRequestId(now)
  const surfaceName = typeof route.surface === 'function' ? route.surface(request, params) : route.surface
  const surface = surfaces[surfaceName]
  const context = new PipelineContext(request, params, requestId, surfaceName, runtime, now)
  const { pathname } = context

  let response: Response
  let code: string | undefined
  try {
    context.auth = route.auth.resolve(context)
    // Scenario rules and rate limits are consulted in generate(): they match on the model, which
    // only the route can read from the body.
    response = renderReply(request, await route.handle(context), surface, runtime.catalogue, requestId, context.headers)
  } catch (error) {
    const failure = toGatewayError(error)
    code = failure.code
    response = renderError(request, failure, surface, runtime.catalogue, requestId, context.headers)
  }

  runtime.report({
    requestId,
    time: isoTimeOf(now),
    method: request.method,
    path: pathname,
    surface: surfaceName,
    model: context.note.model,
    key: context.auth?.maskedKey,
    usage: context.note.usage,
    quota: context.note.quota,
    status: response.status,
    code,
    decidedBy: context.note.decidedBy,
    durationMs: performance.now() - started,
  })
  return response
}

/** One request's context, for the route and for its auth requirement. */
class PipelineContext implements RouteContext<any>, AuthInput {
  readonly pathname: string
  auth: any = undefined
  readonly note: RouteNote = {}
  readonly headers: Record<string, string> = {}
  #url: URL | undefined

  constructor(
    readonly request: Request,
    readonly params: Readonly<Record<string, string>>,
    readonly requestId: string,
    readonly surface: SurfaceName,
    readonly runtime: GatewayRuntime,
    readonly now: number,
  ) {
    this.pathname = pathnameOf(request.url)
  }

  // Parsed on first use (a getter on the class, not a closure per request): most routes need
  // only the path, which the URL text gives for less.
  get url(): URL {
    return (this.#url ??= new URL(this.request.url))
  }

  get world(): World {
    return this.runtime.world
  }
}

function renderReply(
  request: Request,
  reply: Reply,
  surface: Surface,
  catalogue: ErrorCatalogue,
  requestId: string,
  extraHeaders: Record<string, string>,
): Response {
  if (reply.kind === 'stream') {
    const frames = reply.breakAfter
      ? breakFrames(reply.frames, reply.breakAfter, (error) => {
          const spec = catalogue[error.code]
          return surface.renderStreamError(error, spec, error.status ?? spec.status, requestId)
        })
      : reply.frames
    return createResponse(request, {
      status: reply.status,
      headers: { ...streamHeaders, ...surface.requestIdHeaders(requestId), ...extraHeaders, ...reply.headers },
      body: { frames, timing: reply.timing },
    })
  }
  return createResponse(request, {
    status: reply.status,
    headers: { 'content-type': jsonType, ...surface.requestIdHeaders(requestId), ...extraHeaders, ...reply.headers },
    body: JSON.stringify(reply.body),
  })
}

function renderError(
  request: Request,
  error: GatewayError,
  surface: Surface,
  catalogue: ErrorCatalogue,
  requestId: string,
  extraHeaders: Record<string, string>,
): Response {
  const spec = catalogue[error.code]
  const envelope = surface.renderError(error, spec, error.status ?? spec.status, requestId)
  return createResponse(request, {
    status: envelope.status,
    headers: { 'content-type': jsonType, ...surface.requestIdHeaders(requestId), ...extraHeaders, ...error.headers },
    body: JSON.stringify(envelope.body),
  })
}

// Requests in the same millisecond share the journal's time string.
let isoTime = { at: Number.NaN, text: '' }

function isoTimeOf(now: number): string {
  if (now !== isoTime.at) isoTime = { at: now, text: new Date(now).toISOString() }
  return isoTime.text
}

function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error
  // A bug, not a scenario: say so loudly, but still answer in the client's envelope.
  // oxlint-disable-next-line no-console -- the one place a bug in the core is reported
  console.error('[llm-gateway-mock] unexpected error while handling a request:', error)
  const detail = error instanceof Error ? error.message : String(error)
  return new GatewayError('internal_error', `Internal error in llm-gateway-mock: ${detail}`, { cause: error })
}
