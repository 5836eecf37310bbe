import { gatewayError } from '../errors/gateway-error.ts'
import type { AdmittedRequest } from '../generation/admitted-request.ts'
import type { Replayed } from '../generation/replayed-reply.ts'
import { json, raw, type Reply } from '../pipeline/reply.ts'
import type { Route, RouteContext } from '../pipeline/route.ts'
import { instant, type StreamTiming } from '../streaming/stream-plan.ts'
import { replayedHeaders } from './kept-headers.ts'
import type { RecordedExchange, RecordedFrame } from './recording-schema.ts'
import type { Replay } from './replay.ts'
import { replayableRoutes, type ReplayableRoute } from './replayable-routes.ts'

/** How a gateway replays: its recordings, whether a miss is an error, and how fast streams play. */
export interface ReplaySettings {
  replay: Replay
  /** A request no recording matches gets `replay_mismatch` instead of the generated reply. */
  strict: boolean
  /** Recorded stream timing divided by this; 0 plays streams without delays. */
  speed: number
}

/**
 * The routes, with those that replay (replayable-routes.ts) answering from the recordings. The
 * world decides first: by the time a route's `handle` runs, the key, the model's visibility,
 * quota, rate limits and the scenarios have admitted the request, and a scenario's reply override
 * still wins. Then a matching recorded error is answered as it was recorded; a matching reply
 * goes to the route, which renders it in its own surface's format after its own checks (the
 * context window), charging the quota by the recorded usage.
 */
export function withReplay(routes: readonly Route<any, any>[], settings: ReplaySettings): Route<any, any>[] {
  return routes.map((route) => {
    const replayable = replayableRoutes[route.id]
    return replayable ? { ...route, handle: (context: RouteContext<any, any>) => replayed(route, replayable, context, settings) } : route
  })
}

async function replayed(
  route: Route<any, any>,
  replayable: ReplayableRoute,
  context: RouteContext<any, any>,
  settings: ReplaySettings,
): Promise<Reply> {
  const { admission, note } = context
  if (admission.action.reply !== undefined) return route.handle(context)
  const outcome = settings.replay.take({
    requestId: context.requestId,
    method: context.request.method,
    path: context.pathname,
    route: route.id,
    model: note.model ?? admission.model.id,
    stream: admission.stream,
    key: replayable.key(context.body),
  })
  if (!outcome.found) {
    if (settings.strict) {
      note.decidedBy = 'strict replay'
      throw gatewayError('replay_mismatch', { detail: outcome.message })
    }
    return route.handle(context)
  }
  note.decidedBy = note.decidedBy === undefined ? outcome.label : `${note.decidedBy}; ${outcome.label}`
  const { response } = outcome.exchange
  if (response.error !== undefined) return recordedError(outcome.exchange)
  const admitted: AdmittedRequest = Object.assign(context, { replayed: toReplayed(outcome.exchange, outcome.route, settings.speed) })
  try {
    return await route.handle(admitted as RouteContext<any, any>)
  } catch (error) {
    // The world refused it after all (the context window): the recording stays for the next request.
    outcome.release()
    throw error
  }
}

/** A recorded error, as it came: its status, its body, its rate-limit and retry headers. */
function recordedError(exchange: RecordedExchange): Reply {
  const { status, error, headers } = exchange.response
  const sent = replayedHeaders(headers)
  if (typeof error === 'string') {
    return raw(error, headers['content-type'] ?? 'text/plain; charset=utf-8', { status, headers: sent })
  }
  return json(error, { status, headers: sent })
}

/** What generate() or embed() uses of a recorded answer. */
function toReplayed(exchange: RecordedExchange, route: ReplayableRoute, speed: number): Replayed {
  const { reply, embeddings, frames } = exchange.response
  if (embeddings)
    return {
      kind: 'embeddings',
      vectors: embeddings.vectors,
      ...(embeddings.promptTokens !== undefined && { promptTokens: embeddings.promptTokens }),
    }
  const { prefixes } = route
  return {
    kind: 'generation',
    ...(reply!.id !== undefined && { id: unprefixed(reply!.id, prefixes.reply) }),
    text: reply!.text,
    toolCalls: reply!.toolCalls.map((call) => ({ ...call, ...(call.id !== undefined && { id: unprefixed(call.id, prefixes.call) }) })),
    finishReason: reply!.finishReason,
    ...(reply!.usage && { usage: reply!.usage }),
    timing: recordedTiming(frames, speed),
  }
}

/** The waits between a recorded stream's frames (the first one's after the request was sent), divided by `speed`. */
export function recordedTiming(frames: readonly RecordedFrame[] | undefined, speed: number): StreamTiming {
  if (!frames || frames.length === 0 || speed === 0) return instant
  const delays = frames.map((frame, index) => Math.max(0, frame.atMs - (frames[index - 1]?.atMs ?? 0)) / speed)
  return { ...instant, recordedDelaysMs: delays }
}

/** An id without the prefix its surface puts before it (which the surface puts back). */
function unprefixed(id: string, prefix: string | undefined): string {
  return prefix !== undefined && id.startsWith(prefix) && id.length > prefix.length ? id.slice(prefix.length) : id
}
