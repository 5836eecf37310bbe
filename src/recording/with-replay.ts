import { keyAuthOf } from '../auth/token-auth.ts'
import type { ErrorName } from '../errors/error-names.ts'
import { gatewayError, type GatewayError } from '../errors/gateway-error.ts'
import type { AdmittedRequest } from '../generation/admitted-request.ts'
import type { Replayed } from '../generation/replayed-reply.ts'
import { json, raw, type Reply } from '../pipeline/reply.ts'
import type { Route, RouteContext } from '../pipeline/route.ts'
import { instant, type RecordedPace, type StreamTiming } from '../streaming/stream-plan.ts'
import { replayedHeaders } from './kept-headers.ts'
import type { RecordedExchange, RecordedFrame } from './recording-schema.ts'
import type { Replay } from './replay.ts'
import type { RouteRecording } from './route-recording.ts'
import { routeFacts } from './route-facts.ts'
import { readSseEvent } from './sse-frames.ts'

/** How a gateway replays: its recordings, whether a miss is an error, and how fast streams play. */
export interface ReplaySettings {
  replay: Replay
  /** A request no recording matches gets `replay_mismatch` instead of the generated reply. */
  strict: boolean
  /** Recorded stream timing divided by this; 0 plays streams without delays. */
  speed: number
}

/**
 * The routes, with those that replay (those that declare their `recording`) answering from the recordings. The
 * world decides first: by the time a route's `handle` runs, the key, the model's visibility,
 * quota, rate limits and the scenarios have admitted the request, and a scenario's reply override
 * still wins. Then a matching recorded error is answered as it was recorded; a matching reply
 * goes to the route, which renders it in its own surface's format after its own checks (the
 * context window), charging the quota by the recorded usage. When the world refuses a request
 * itself, a recorded error it matches with the same status counts as used: the gateway gave the
 * recorded answer (an unknown model, a bad key, recorded from an upstream that refused them too).
 */
export function withReplay(routes: readonly Route[], settings: ReplaySettings): Route[] {
  // The requests a recorded error answered: their failure is the recording's, not the world's.
  const answeredByRecording = new WeakSet<RouteContext>()
  return routes.map((route) => {
    const replayable = route.recording
    if (!replayable) return route
    return {
      ...route,
      handle: (context: RouteContext) => replayed(route, replayable, context, settings, answeredByRecording),
      refused(context: RouteContext, status: number, error: GatewayError) {
        route.refused?.(context, status, error)
        if (answeredByRecording.has(context) || context.body === undefined) return
        const request = { ...requestOf(route, replayable, context), status }
        const label = settings.replay.refusedByWorld(request)
        if (label) {
          context.note.decidedBy = [context.note.decidedBy, `${label}: the gateway gave its error itself`].filter(Boolean).join('; ')
          return
        }
        const unknown = worldGaps[error.errorName]
        const kept = unknown && settings.replay.wouldAnswer(request)
        if (!kept) return
        const needs = `a world that knows ${request.model === '' ? 'the key' : `the key and the model "${request.model}"`}`
        error.hint = `(llm-gateway-mock: ${kept} answers this request, but the world refused it first: ${unknown(request.model)}. Replay with ${needs}: --world FILE, or createGateway's world; llm-gateway-mock import makes one from the upstream.)`
        context.note.decidedBy = [
          context.note.decidedBy,
          `${kept} would answer it, but the world refused it first: ${unknown(request.model)}`,
        ]
          .filter(Boolean)
          .join('; ')
      },
    }
  })
}

/**
 * The world's refusals that mean it lacks what the recorded session had (the key the client sent,
 * the model), rather than a state it was given on purpose (a disabled key, spent quota): a
 * recording that would answer such a request is named in the error, as the replay's world is
 * likely the wrong one.
 */
const worldGaps: Partial<Record<ErrorName, (model: string) => string>> = {
  key_missing: () => 'no key was sent',
  key_unknown: () => 'it does not know the key',
  model_unavailable: (model) => `it has no model "${model}" for this key`,
}

async function replayed(
  route: Route,
  replayable: RouteRecording,
  context: RouteContext,
  settings: ReplaySettings,
  answeredByRecording: WeakSet<RouteContext>,
): Promise<Reply> {
  const { admission, note } = context
  if (admission.action.reply !== undefined) return route.handle(context)
  const outcome = settings.replay.take({
    requestId: context.requestId,
    method: context.request.method,
    path: context.pathname,
    ...requestOf(route, replayable, context),
  })
  if (!outcome.found) {
    if (settings.strict) {
      note.decidedBy = 'strict replay'
      throw gatewayError('replay_mismatch', { detail: outcome.message })
    }
    return route.handle(context)
  }
  const decided = () => (note.decidedBy = note.decidedBy === undefined ? outcome.label : `${note.decidedBy}; ${outcome.label}`)
  const { response } = outcome.exchange
  if (response.error !== undefined) {
    answeredByRecording.add(context)
    decided()
    return recordedError(outcome.exchange)
  }
  const admitted: AdmittedRequest = Object.assign(context, {
    auth: keyAuthOf(context.auth, route.id),
    replayed: toReplayed(outcome.exchange, outcome.route, settings.speed),
  })
  let reply: Reply
  try {
    reply = await route.handle(admitted as RouteContext)
  } catch (error) {
    // The world refused it after all (the context window): the recording stays for the next request.
    outcome.release()
    throw error
  }
  decided()
  return reply
}

/** What identifies a request to the ledger: its route, model, whether it streams, and its key. */
function requestOf(route: Route, replayable: RouteRecording, context: RouteContext) {
  // The admit stage noted them; a request refused before it is read here.
  const read = context.note.model === undefined ? routeFacts(route, context) : {}
  return {
    route: route.id,
    model: context.note.model ?? read.model ?? '',
    stream: context.note.stream ?? read.stream ?? false,
    key: replayable.key(context.body),
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
function toReplayed(exchange: RecordedExchange, route: RouteRecording, speed: number): Replayed {
  const { reply, embeddings } = exchange.response
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
    timing: recordedTiming(paceOf(exchange, route), speed),
  }
}

// A recording's pace is read from its frames once, however often it replays.
const paces = new WeakMap<RecordedExchange, RecordedPace | undefined>()

function paceOf(exchange: RecordedExchange, route: RouteRecording): RecordedPace | undefined {
  if (!paces.has(exchange)) {
    const frames = exchange.response.frames ?? []
    const reader = route.answers.stream
    paces.set(exchange, recordedPace(frames, reader?.(frames.map((frame) => readSseEvent(frame.data))).progress))
  }
  return paces.get(exchange)
}

/**
 * A recorded stream's pace: when its first frame came, when its content began, and when each
 * frame that carried content came and how far into the content it reached (`progress`: the
 * content spelled after each frame, as its surface's reader counts it). Frames no reader can
 * count each carry an equal share.
 */
export function recordedPace(frames: readonly RecordedFrame[], progress: readonly number[] | undefined): RecordedPace | undefined {
  if (frames.length === 0) return undefined
  const counted = progress !== undefined && progress.length === frames.length && progress.at(-1)! > 0
  const spelled = counted ? progress : frames.map((_, index) => index + 1)
  const total = spelled.at(-1)!
  const content: { reached: number; atMs: number }[] = []
  let before = 0
  frames.forEach((frame, index) => {
    if (spelled[index]! <= before) return
    before = spelled[index]!
    content.push({ reached: before / total, atMs: frame.atMs })
  })
  return { firstFrameMs: frames[0]!.atMs, firstContentMs: content[0]?.atMs ?? frames[0]!.atMs, content, lastFrameMs: frames.at(-1)!.atMs }
}

/** A recorded pace as a stream's timing, its waits divided by `speed` (0: without any). */
export function recordedTiming(pace: RecordedPace | undefined, speed: number): StreamTiming {
  if (pace === undefined || speed === 0) return instant
  return {
    ...instant,
    recorded: {
      firstFrameMs: pace.firstFrameMs / speed,
      firstContentMs: pace.firstContentMs / speed,
      content: pace.content.map((point) => ({ reached: point.reached, atMs: point.atMs / speed })),
      lastFrameMs: pace.lastFrameMs / speed,
    },
  }
}

/** An id without the prefix its surface puts before it (which the surface puts back). */
function unprefixed(id: string, prefix: string | undefined): string {
  return prefix !== undefined && id.startsWith(prefix) && id.length > prefix.length ? id.slice(prefix.length) : id
}
