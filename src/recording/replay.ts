import type { RecordedExchange, Recording, RequestKey } from './recording-schema.ts'
import { keyDifferences, show } from './key-differences.ts'
import type { Route } from '../pipeline/route.ts'
import { recordingOf } from './recorded-routes.ts'
import type { RouteRecording } from './route-recording.ts'

/** A recording to replay, with the name reports give it (its file path, or `replay[0]`). */
export interface NamedRecording {
  name: string
  recording: Recording
}

/** A request the gateway refused itself, and the status it answered. */
export interface RefusedRequest {
  route: string
  model: string
  stream: boolean
  key: RequestKey
  status: number
}

/** A request the replay is asked to answer, once the world has admitted it. */
export interface ReplayRequest {
  requestId: string
  method: string
  path: string
  route: string
  model: string
  stream: boolean
  key: RequestKey
}

/** A recorded exchange that no request used. */
export interface UnusedRecording {
  /** The recording's name (its file path, or `replay[0]`). */
  recording: string
  /** The exchange's number in it. */
  id: number
  route: string
  model?: string
  /** What the request said: its last user turn, or its inputs. */
  asked: string
}

/** A recorded exchange of a route that replays which never answers a request: its answer is kept for reading only. */
export interface NeverReplayed {
  recording: string
  id: number
  route: string
  model?: string
  /** Why, in a few words. */
  why: string
}

/** A recorded exchange that came close to a request, and how the request differs from it. */
export interface NearestRecording {
  recording: string
  id: number
  differences: string[]
}

/** A request that no recording answered: it got the generated reply, or (strict) a `replay_mismatch` error. */
export interface UnmatchedReplayRequest {
  requestId: string
  method: string
  path: string
  model: string
  /** Why, in a sentence: no recording of the route, every match used already, or what differs. */
  reason: string
  /** The closest recordings, closest first (at most three). */
  nearest: NearestRecording[]
  /** Recordings of the same route and model kept for reading only, which can answer no request. */
  neverReplayed?: NeverReplayed[]
}

/** What is left of a replay: exchanges never used, and requests no recording answered. */
export interface ReplayReport {
  /** The recordings' names, in the order they were given. */
  recordings: string[]
  unused: UnusedRecording[]
  unmatched: UnmatchedReplayRequest[]
  /** Exchanges of routes that replay whose answer is kept for reading only (told at load): none of them answers a request. */
  neverReplayed: NeverReplayed[]
}

/** A replay is done when every replayable exchange was used and every request had its recording. */
export function isReplayDone(report: ReplayReport): boolean {
  return report.unused.length === 0 && report.unmatched.length === 0
}

/** An exchange that can answer a request: a generation's reply, an embedding's vectors, or an error, with what identifies its request. */
interface Candidate {
  recording: string
  exchange: RecordedExchange & { request: RequestKey }
  route: RouteRecording
  used: boolean
}

export type ReplayOutcome =
  | { found: true; exchange: RecordedExchange; route: RouteRecording; label: string; release(): void }
  | { found: false; miss: UnmatchedReplayRequest; message: string }

const nearestShown = 3

/**
 * The recordings a gateway replays, and which of them have been used. A request is answered by
 * the first unused exchange of its route's family, model and request key, preferring one recorded
 * with the same `stream`; identical requests recorded several times are answered in the order
 * they were recorded (a consumption ledger, which `reset()` starts again).
 */
export class Replay {
  readonly #names: string[]
  readonly #candidates: Candidate[] = []
  readonly #neverReplayed: NeverReplayed[] = []
  #unmatched: UnmatchedReplayRequest[] = []
  readonly #routes: readonly Route[]

  /**
   * The recordings, checked against the format (which refuses a replayable answer without its
   * request key), replayed on `routes`: the gateway's, whose declarations say how each replays.
   */
  constructor(recordings: readonly NamedRecording[], routes: readonly Route[]) {
    this.#names = recordings.map((named) => named.name)
    this.#routes = routes
    for (const { name, recording } of recordings) {
      for (const exchange of recording.exchanges) {
        const route = recordingOf(routes, exchange.route)
        if (!route) continue
        if (exchange.request !== undefined && answers(route, exchange)) {
          this.#candidates.push({ recording: name, exchange: exchange as Candidate['exchange'], route, used: false })
        } else {
          this.#neverReplayed.push({
            recording: name,
            id: exchange.id,
            route: exchange.route,
            ...(exchange.model !== undefined && { model: exchange.model }),
            why: `its answer is kept for reading (${exchange.response.binary ? 'binary' : 'body'}), not replayed`,
          })
        }
      }
    }
  }

  get recordings(): readonly string[] {
    return this.#names
  }

  /** How many exchanges can be replayed. */
  get size(): number {
    return this.#candidates.length
  }

  /** The exchange that answers `request`, taken from the ledger (give it back with `release` if the answer fails), or why none does. */
  take(request: ReplayRequest): ReplayOutcome {
    const scored = this.#candidatesOf(request.route).map((candidate) => ({ candidate, differences: differencesOf(candidate, request) }))
    const matching = scored.filter(({ differences }) => differences.length === 0).map(({ candidate }) => candidate)
    const chosen = claim(matching, request.stream)
    if (chosen) {
      return {
        found: true,
        exchange: chosen.exchange,
        route: chosen.route,
        label: labelOf(chosen),
        release: () => {
          chosen.used = false
        },
      }
    }

    let reason: string
    let nearest: NearestRecording[]
    if (scored.length === 0) {
      reason = `no recording of ${request.route} was loaded`
      nearest = []
    } else if (matching.length > 0) {
      reason = `the ${matching.length === 1 ? 'recording' : `${matching.length} recordings`} of it ${matching.length === 1 ? 'was' : 'were'} used already (identical requests replay in the order they were recorded; reset() starts again)`
      nearest = matching.slice(0, nearestShown).map((candidate) => nearestOf(candidate, ['used already']))
    } else {
      nearest = scored
        .map((scoredCandidate, order) => ({ ...scoredCandidate, order }))
        .sort((a, b) => a.differences.length - b.differences.length || a.order - b.order)
        .slice(0, nearestShown)
        .map(({ candidate, differences }) => nearestOf(candidate, differences))
      reason = 'no recording matches it'
    }
    const family = recordingOf(this.#routes, request.route)?.family
    const readOnly = this.#neverReplayed.filter(
      (exchange) =>
        recordingOf(this.#routes, exchange.route)?.family === family && (exchange.model === undefined || exchange.model === request.model),
    )
    const miss: UnmatchedReplayRequest = {
      requestId: request.requestId,
      method: request.method,
      path: request.path,
      model: request.model,
      reason,
      nearest,
      ...(readOnly.length > 0 && { neverReplayed: readOnly.slice(0, nearestShown) }),
    }
    this.#unmatched.push(miss)
    return { found: false, miss, message: missMessage(miss, request.key) }
  }

  report(): ReplayReport {
    return {
      recordings: [...this.#names],
      unused: this.#candidates
        .filter((candidate) => !candidate.used)
        .map(({ recording, exchange }) => ({
          recording,
          id: exchange.id,
          route: exchange.route,
          ...(exchange.model !== undefined && { model: exchange.model }),
          asked: describeKey(exchange.request),
        })),
      unmatched: [...this.#unmatched],
      neverReplayed: [...this.#neverReplayed],
    }
  }

  /**
   * The gateway refused a request itself with `status`: an unused recorded error it matches, with
   * that status, is the answer the gateway gave, and counts as used. Its label, when there is one.
   */
  refusedByWorld(request: RefusedRequest): string | undefined {
    const matching = this.#candidatesOf(request.route).filter(
      (candidate) =>
        candidate.exchange.response.error !== undefined &&
        candidate.exchange.response.status === request.status &&
        differencesOf(candidate, request).length === 0,
    )
    const chosen = claim(matching, request.stream)
    return chosen && labelOf(chosen)
  }

  /**
   * The label of an unused recording that would answer a request the world refused with
   * `status` (a reply, or an error other than that refusal), without taking it: the world's
   * refusal kept it from answering.
   */
  wouldAnswer(request: RefusedRequest): string | undefined {
    const matching = this.#candidatesOf(request.route).filter(
      (candidate) =>
        !candidate.used && candidate.exchange.response.status !== request.status && differencesOf(candidate, request).length === 0,
    )
    const chosen = matching.find((candidate) => (candidate.exchange.stream ?? false) === request.stream) ?? matching[0]
    return chosen && labelOf(chosen)
  }

  /** The exchanges that can answer a request of `route`: those of its family (chat, responses, messages…). */
  #candidatesOf(route: string): Candidate[] {
    const family = recordingOf(this.#routes, route)?.family
    return this.#candidates.filter((candidate) => candidate.route.family === family)
  }

  /** Every exchange unused again, and no request unmatched. */
  reset(): void {
    for (const candidate of this.#candidates) candidate.used = false
    this.#unmatched = []
  }
}

/** Whether an exchange holds what its route replays: the content of its kind, or an error. */
function answers(route: RouteRecording, exchange: RecordedExchange): boolean {
  const { response } = exchange
  if (response.error !== undefined) return true
  return route.kind === 'generation' ? response.reply !== undefined : response.embeddings !== undefined
}

/**
 * Of the candidates that match a request, the first unused one recorded streamed (or not) as the
 * request is, else the first unused one: marked used.
 */
function claim(matching: readonly Candidate[], stream: boolean): Candidate | undefined {
  const free = matching.filter((candidate) => !candidate.used)
  const chosen = free.find((candidate) => (candidate.exchange.stream ?? false) === stream) ?? free[0]
  if (chosen) chosen.used = true
  return chosen
}

function labelOf(candidate: Candidate): string {
  return `recording "${candidate.recording}" #${candidate.exchange.id}`
}

function differencesOf(candidate: Candidate, request: Pick<ReplayRequest, 'model' | 'key'>): string[] {
  const { exchange } = candidate
  const differences =
    exchange.model !== undefined && exchange.model !== request.model
      ? [`model: recorded ${show(exchange.model)}, got ${show(request.model)}`]
      : []
  return [...differences, ...keyDifferences(exchange.request, request.key)]
}

function nearestOf(candidate: Candidate, differences: string[]): NearestRecording {
  return { recording: candidate.recording, id: candidate.exchange.id, differences }
}

/** What a request (or a recorded one) asked, in a few words. */
export function describeKey(key: RequestKey): string {
  if ('inputs' in key) return `inputs ${show(key.inputs)}`
  const said = `last user turn ${show(key.lastUserTurn ?? '')}`
  return key.toolResults && key.toolResults.length > 0 ? `${said} with tool results ${show(key.toolResults)}` : said
}

/** A miss in a sentence: the request, why, and the nearest recordings with what differs. */
function missMessage(miss: UnmatchedReplayRequest, key: RequestKey): string {
  const request = `${miss.method} ${miss.path} (model ${miss.model}, ${describeKey(key)})`
  const nearest = miss.nearest.map((near) => `"${near.recording}" #${near.id} (${near.differences.join('; ')})`)
  const readOnly = (miss.neverReplayed ?? []).map((exchange) => `"${exchange.recording}" #${exchange.id} (${exchange.why})`)
  return `${request}: ${miss.reason}${nearest.length > 0 ? `. Nearest: ${nearest.join(', ')}` : ''}${readOnly.length > 0 ? `. Of this route and model but never replayed: ${readOnly.join(', ')}` : ''}.`
}
