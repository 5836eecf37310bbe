import { gatewayError, type GatewayError } from '../../errors/gateway-error.ts'
import { exchangeOf } from '../../http/exchange.ts'
import type { RenderedResponse } from '../../http/rendered-response.ts'
import { createRequestId } from '../../http/request-id.ts'
import { offeredProtocols } from '../../http/websocket-protocols.ts'
import type { GatewayRuntime } from '../gateway-runtime.ts'
import { authenticate } from '../1-authenticate.ts'
import { admit, consultScenario } from '../3-admit.ts'
import { renderError } from '../5-render.ts'
import { PipelineContext } from '../pipeline-context.ts'
import { reportRequest } from '../run-pipeline.ts'
import type { PipelineStage } from '../../journal/request-log-entry.ts'
import { SocketConnection, type SocketPeer } from './socket-connection.ts'
import { routeSurface } from '../route.ts'
import type { SocketRoute, SocketSession } from './socket-route.ts'

/** What a WebSocket handshake gets: a socket to open, or a refusal. */
export type UpgradeOutcome =
  | {
      accepted: true
      /** The subprotocol to confirm, if the client offered one the route takes. */
      protocol: string | undefined
      /** The socket is open: journaled as 101, and the route's session starts on it. */
      open(peer: SocketPeer): OpenSocket
      /**
       * The transport refused the handshake after all (the `ws` package's own checks of its
       * headers): journaled with the error's status, and answered in the route's envelope.
       */
      refuse(error: GatewayError): RenderedResponse
      /** The client left before its socket opened: journaled as 499, as a client that leaves an HTTP request is. */
      abandon(): void
    }
  | {
      accepted: false
      /** The refusal as an HTTP answer to the handshake (what the server sends). */
      rendered: RenderedResponse
      /** The refusal as the route's error event, and the close code after it (what an in-process socket gets). */
      event: string
      closeCode: number
    }

/** What the transport tells an open socket: the route's session, and the messages no session reads. */
export interface OpenSocket extends SocketSession {
  /** A binary message: every socket route speaks JSON text, so it gets the route's error event and the socket stays open. */
  binary(): void
}

/** The close code of a handshake refused in-process: 4000 plus the HTTP status the server would have answered. */
const refusalCloseCode = (status: number): number => 4000 + status

/**
 * A WebSocket handshake through the stages a request takes: the key (a header, or the
 * `openai-insecure-api-key.` subprotocol), then, for a route whose handshake names a model, its
 * admission as an `upgrade` (scenario, visibility and kind, quota left); a route whose responses
 * each name their model still lets the scenario refuse the handshake. Journaled as `GET <path>`
 * once its fate is known: 101 when the socket opens, or the refusal's status (the admission's, the
 * transport's), or 499 when the client left first. `request.signal` aborts when the client leaves
 * or the server closes, which ends a scenario's delay.
 */
export async function runUpgrade(
  route: SocketRoute,
  runtime: GatewayRuntime,
  request: Request,
  params: Readonly<Record<string, string>>,
): Promise<UpgradeOutcome> {
  const started = performance.now()
  const now = runtime.clock.now()
  const context = new PipelineContext(
    { ...route, model: route.socket.model },
    request,
    params,
    createRequestId(now),
    routeSurface(route, request, runtime.basePath),
    runtime,
    runtime.profile,
    now,
    exchangeOf(request),
  )
  const refusal = await admitHandshake(route, context, started)
  return refusal ?? acceptedUpgrade(route, context, started)
}

/** The handshake's key and admission; a refusal is journaled and returned, as the server and an in-process socket each send it. */
async function admitHandshake(route: SocketRoute, context: PipelineContext, started: number): Promise<UpgradeOutcome | undefined> {
  let stage: PipelineStage = 'authenticate'
  try {
    authenticate(context)
    stage = 'admit'
    if (route.socket.model) {
      await admit(context)
      route.socket.serves?.(context.admission.model)
    } else await consultScenario(context, '', false, true)
    return undefined
  } catch (error) {
    const { error: failure, resolved, rendered } = renderError(context, error)
    reportRequest(context, rendered.status, failure, started, { stage, rendered, handshake: true })
    return {
      accepted: false,
      rendered,
      event: JSON.stringify(route.socket.errorEvent(resolved)),
      closeCode: refusalCloseCode(resolved.status),
    }
  }
}

/** An admitted handshake: journaled once its fate is known (101 on open, or the transport's refusal, or 499). */
function acceptedUpgrade(route: SocketRoute, context: PipelineContext, started: number): UpgradeOutcome {
  // A handshake has no body, and an accepted one no reply but its status.
  let journaled = false
  const journal = (rendered: RenderedResponse, failure?: { name: string; code: string | number | null }) => {
    if (journaled) return
    journaled = true
    reportRequest(context, rendered.status, failure, started, { stage: 'handle', rendered, handshake: true })
  }
  const fail = (error: unknown): RenderedResponse => {
    const { error: failure, rendered } = renderError(context, error)
    journal(rendered, failure)
    return rendered
  }
  return {
    accepted: true,
    protocol: route.socket.protocol(offeredProtocols(context.request)),
    refuse: fail,
    abandon: () => void fail(gatewayError('client_closed')),
    open(peer) {
      journal({ status: 101, headers: {}, body: '' })
      return openSession(route, context, peer)
    },
  }
}

/** The route's session on an open socket, and the binary messages no session reads. */
function openSession(route: SocketRoute, context: PipelineContext, peer: SocketPeer): OpenSocket {
  const connection = new SocketConnection(route, context, peer, route.socket.model ? context.admission.model : undefined)
  const session = route.socket.open(connection)
  return {
    receive: (text) => {
      if (connection.isOpen) session.receive(text)
    },
    binary: () => {
      const error = gatewayError('socket_event_invalid', {
        detail: 'The event is a binary message: send each event as a JSON object in a text message.',
      })
      connection.send(route.socket.errorEvent(connection.resolve(error)))
    },
    closed: () => {
      connection.ended()
      session.closed()
    },
  }
}
