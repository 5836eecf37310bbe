import { gatewayError } from '../../errors/gateway-error.ts'
import { createRequestId } from '../../http/request-id.ts'
import type { ResolvedError } from '../../profiles/resolved-error.ts'
import { playOnSocket, type SocketPlayback } from '../../streaming/socket-frames.ts'
import type { StreamPlan } from '../../streaming/stream-plan.ts'
import type { GatewayRuntime } from '../gateway-runtime.ts'
import { admit } from '../3-admit.ts'
import { renderReply, resolveFailure } from '../5-render.ts'
import { PipelineContext } from '../pipeline-context.ts'
import type { StreamReply } from '../reply.ts'
import { socketMethod, type Route } from '../route.ts'
import { reportRequest } from '../run-pipeline.ts'
import type { PipelineStage } from '../../journal/request-log-entry.ts'
import type { Model } from '../../world/schemas.ts'
import type { ConversationView } from '../../conversation/conversation-view.ts'

/** The transport under one accepted WebSocket: the server's `ws` socket, or msw's in-process client. */
export interface SocketPeer {
  /** Sends one text message. */
  send(text: string): void
  /** Closes the socket with a close frame. */
  close(code: number, reason: string): void
  /** Drops the connection without a close frame, as a failing upstream does (the client sees 1006). */
  drop(): void
}

/** One response on a socket: what it is about and how it is made. */
export interface SocketResponse<Auth = unknown> {
  /** The client's event that asked for it, as received: the inspector shows it as the request body. */
  text: string
  /** The model it asks for: admitted as an HTTP generation is (scenario, visibility, rate limits, quota). */
  model: string
  /** The client's event, parsed: what a scenario's `when` or `reply` function sees as the body. */
  body?: unknown
  /** The conversation the response answers, as `when`'s content fields read it. */
  conversation?: () => ConversationView
  /** `lookup`: the model must be visible, and nothing else (a Responses `generate: false`, which makes nothing). Default `generation`. */
  admission?: 'generation' | 'lookup'
  /** Makes the response's events, on the admitted context, as a stream reply whose frames are socket messages (a line each). */
  work(context: PipelineContext<Auth>): Promise<StreamReply>
  /** The events that tell the client it failed before its first event: admission, or the work raising. */
  failed(error: ResolvedError): object[]
  /** Ends the playback where it is (a cancelled response). */
  stop?: AbortSignal
  /** Told how many frames of how many went out, as each goes (in the same turn as the send). */
  sent?(frames: number, of: number): void
}

/**
 * One accepted WebSocket connection, whatever carries it (the server's `ws`, msw in-process):
 * what its handshake settled (the key, the model it names), the peer to send on, and the
 * responses it runs, one after another, each admitted, played with the model's timing and
 * journaled as `WS <path>`.
 */
export class SocketConnection<Auth = unknown> {
  readonly #handshake: PipelineContext<Auth>
  readonly #peer: SocketPeer
  readonly #model: Model | undefined
  readonly #closed = new AbortController()
  #queue: Promise<unknown> = Promise.resolve()

  readonly route: Route<Auth, undefined>

  /** `model`: the model the handshake named and was admitted for, if it named one. */
  constructor(route: Route<Auth, undefined>, handshake: PipelineContext<Auth>, peer: SocketPeer, model: Model | undefined) {
    this.route = route
    this.#handshake = handshake
    this.#peer = peer
    this.#model = model
  }

  get auth(): Auth {
    return this.#handshake.auth
  }

  get runtime(): GatewayRuntime {
    return this.#handshake.runtime
  }

  /** The handshake's URL (`wss://…/v1/realtime?model=…` read as `https:`). */
  get url(): URL {
    return this.#handshake.url
  }

  /** The model the handshake named and was admitted for, if it named one. */
  get model(): Model | undefined {
    return this.#model
  }

  /** Aborts when the connection closes. */
  get signal(): AbortSignal {
    return this.#closed.signal
  }

  get isOpen(): boolean {
    return !this.#closed.signal.aborted
  }

  /** Sends one event, unless the connection has closed. */
  send(event: object | string): void {
    if (this.isOpen) this.#peer.send(typeof event === 'string' ? event : JSON.stringify(event))
  }

  close(code: number, reason: string): void {
    if (!this.isOpen) return
    this.#peer.close(code, reason)
    this.ended()
  }

  /** The connection is gone: whatever is in flight stops. */
  ended(): void {
    this.#closed.abort()
  }

  /**
   * An error raised while handling a client event, in the active profile's terms, under a request
   * id of its own (a profile that prints ids in its messages tells each apart from the handshake's).
   * Journaled with nothing: it is no request.
   */
  resolve(error: unknown): ResolvedError {
    return resolveFailure(this.#handshake, error, createRequestId(this.runtime.clock.now())).resolved
  }

  /**
   * Runs one response after those before it on this connection. One whose turn comes after the
   * connection closed is dropped: nobody is left to answer, so it is neither admitted, charged
   * nor journaled (`'stopped'`).
   */
  respond(response: SocketResponse<Auth>): Promise<SocketPlayback | 'failed'> {
    const run = this.#queue.then(() => (this.isOpen ? this.#respond(response) : ('stopped' as const)))
    this.#queue = run.catch(() => undefined)
    return run
  }

  async #respond(response: SocketResponse<Auth>): Promise<SocketPlayback | 'failed'> {
    const started = performance.now()
    const handshake = this.#handshake
    const { runtime } = handshake
    const now = runtime.clock.now()
    const model = { read: () => response.model, admission: response.admission ?? 'generation', stream: () => true }
    const route: Route<Auth> = {
      ...this.route,
      model: response.conversation ? { ...model, conversation: response.conversation } : model,
    }
    const request = new Request(handshake.request.url, {
      method: socketMethod,
      headers: handshake.request.headers,
      signal: this.#closed.signal,
    })
    const context = new PipelineContext(
      route,
      request,
      handshake.params,
      createRequestId(now),
      handshake.surface,
      runtime,
      runtime.profile,
      now,
      undefined,
    )
    context.auth = handshake.auth
    context.bodyText = response.text
    context.body = response.body
    let stage: PipelineStage = 'admit'
    try {
      await admit(context)
      // Closed while admitted (a scenario's delay): like a client that left an HTTP request, not charged.
      if (!this.isOpen) throw gatewayError('client_closed')
      stage = 'handle'
      const rendered = renderReply(context, await response.work(context))
      const stop = response.stop ? AbortSignal.any([this.#closed.signal, response.stop]) : this.#closed.signal
      const outcome = await playOnSocket(rendered.body as StreamPlan, this, stop, response.sent)
      reportRequest(context, 200, undefined, started, { rendered })
      return outcome
    } catch (error) {
      const { error: failure, resolved } = resolveFailure(context, error)
      const events = response.failed(resolved)
      for (const event of events) this.send(event)
      // The inspector shows what the client got: the events, a line each.
      const rendered = { status: resolved.status, headers: {}, body: events.map((event) => JSON.stringify(event)).join('\n') }
      reportRequest(context, resolved.status, failure, started, { stage, rendered })
      return 'failed'
    }
  }

  /** For the playback: a message, or the connection dropped. */
  drop(): void {
    if (!this.isOpen) return
    this.#peer.drop()
    this.ended()
  }
}
