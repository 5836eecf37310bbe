import type { z } from 'zod'
import type { AuthRequirement } from '../auth/auth-requirement.ts'
import type { TokenUsage } from '../billing/quota-cost.ts'
import type { GatewayError } from '../errors/gateway-error.ts'
import type { ComposedReply } from '../journal/request-detail.ts'
import type { GatewayRuntime } from './gateway-runtime.ts'
import type { Profile } from '../profiles/profile-type.ts'
import type { Action } from '../scenarios/scenario-schema.ts'
import { pathnameOf } from '../http/path-matcher.ts'
import type { SurfaceName } from '../http/surface-name.ts'
import { surfaceOf } from '../http/surface-of.ts'
import type { Group, Model } from '../world/schemas.ts'
import type { Reply } from './reply.ts'
import type { ConversationView } from '../conversation/conversation-view.ts'

/** What a route learned that the request log shows: the model, the usage, the quota debited; and the reply the inspector shows. */
export interface RouteNote {
  model?: string
  stream?: boolean
  usage?: TokenUsage
  quota?: number
  decidedBy?: string
  /** What a generation composed (a reference to it, not a copy). */
  reply?: ComposedReply
  /**
   * What a management request changed, in one line for the journal, the log line and the
   * inspector: `created token 12 "ci"`, `redeemed redeem-10-usd: +5000000 quota`. Set by the
   * route once the change is made; none for a read or a refusal.
   */
  changed?: string
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The method a response on an open WebSocket is journaled and matched with (`route: "WS /v1/realtime"`). */
export const socketMethod = 'WS'

/** What the admit stage settled for a route that names a model. */
export interface Admission {
  model: Model
  /** The group that serves the model for this key (none for a lookup). */
  group: Group | undefined
  /** What the active scenario decided beyond failing or delaying: a reply override, a broken stream. */
  action: Action
  stream: boolean
}

/** Everything a route sees of one request. */
export interface RouteContext<Auth = unknown, Body = unknown> {
  request: Request
  /** Parsed on first use. */
  readonly url: URL
  /** The URL's path, read from its text. */
  pathname: string
  /** The gateway's base URL as this request reached it: its origin and the `baseUrl`'s path (what hints tell clients to use). */
  readonly gatewayBase: string
  params: Readonly<Record<string, string>>
  requestId: string
  surface: SurfaceName
  runtime: GatewayRuntime
  /** The profile answering this request (the gateway's, or the one its scenario set). */
  profile: Profile
  /** The gateway clock's now, in ms, when the request arrived. */
  now: number
  auth: Auth
  /** The body, validated against the route's schema (undefined for routes without one). */
  body: Body
  /** Set by the admit stage for routes that name a model; reading it elsewhere is a bug. */
  readonly admission: Admission
  /** Facts for the request log that only the route knows. */
  note: RouteNote
  /** Headers every answer to this request carries, success or error (rate-limit state). */
  headers: Record<string, string>
}

/** How a request that names a model is admitted: see {@link RouteModel.admission}. */
export type AdmissionKind = 'generation' | 'lookup' | 'upgrade'

/** How this request is admitted: the route's kind, or what its body says (a Responses `generate: false` is a lookup). */
export function admissionOf<Auth, Body>(model: RouteModel<Auth, Body>, context: RouteContext<Auth, Body>): AdmissionKind {
  // Before the body is read (or when it could not be), the route's own kind.
  return (context.body !== undefined && model.admissionFor?.(context)) || model.admission
}

/** How a route that names a model is admitted (stage 3). */
export interface RouteModel<Auth, Body> {
  /** The model id the request names: from the body or the path. */
  read(context: RouteContext<Auth, Body>): string
  /**
   * `generation`: the scenario decides, the model must be visible, rate limits count the request
   * and the key and its user must have quota left. `lookup`: the model must be visible.
   * `upgrade`: a WebSocket handshake, as a generation but seen by the scenario as a handshake and
   * not counted against rate limits (the responses on the socket are).
   */
  admission: AdmissionKind
  /** Where the body decides: this request's kind instead (a Responses `generate: false` is a lookup). Asked once the body is read. */
  admissionFor?(context: RouteContext<Auth, Body>): AdmissionKind
  /** Whether the request streams: scenario rules can match on it. */
  stream?(context: RouteContext<Auth, Body>): boolean
  /**
   * The conversation the request carries, as `when`'s content fields (and the inspector) read it.
   * Called only when one of them needs it, with the body alone: the inspector's detail reads it
   * after the request, and must not hold the whole request for it.
   */
  conversation?(context: Pick<RouteContext<Auth, Body>, 'body'>): ConversationView
}

/**
 * One gateway route as data: where it lives, whose envelope it speaks, how it authenticates,
 * what body it takes, which model it names, and what it does. The pipeline (run-pipeline.ts)
 * runs every route through the same stages. A route that replays also declares how it is
 * recorded (`recording`), a field src/recording/route-recording.ts adds, as its type is recording's.
 */
export interface Route<Auth = unknown, Body = unknown> {
  /** Stable name (`openai.chat_completions`): what profiles list in `routes.lacks` and `routes.adds`. */
  id: string
  method: HttpMethod
  /** A path relative to the gateway's base, e.g. `/v1/models/:model`. */
  path: string
  /**
   * A further condition on the path parameters that the pattern cannot spell (`:model` must end
   * in a served `:action`). A path it refuses is no route's, so it gets the catch-all's 404.
   */
  accepts?(params: Readonly<Record<string, string>>): boolean
  /**
   * The surface whose envelope renders this route's errors. Left out by the routes every API's
   * clients call (the model lookups) and by the catch-all: for them the request decides
   * (`surfaceOf`, src/http/surface-of.ts, through `routeSurface`).
   */
  surface?: SurfaceName
  auth: AuthRequirement<Auth>
  /**
   * The body's schema (stage 2): a JSON body, or with `multipart` a `multipart/form-data` one
   * (text fields as strings, files as uploads); `optional`: a body that is empty or not JSON is left unread.
   */
  body?: { schema: z.ZodType<Body>; optional?: boolean; multipart?: boolean }
  model?: RouteModel<Auth, Body>
  /** Served only by profiles that list it in `routes.adds`. */
  optional?: boolean
  /** What the route is for, on its line in the server's banner (`undefined`: not listed). */
  banner?: string
  /** The path the banner shows, when `path` alone does not say it (`/v1beta/models/{model}:generateContent`). */
  bannerPath?: string
  /**
   * Left out of the request log and `onRequest` altogether: the inspector's own reads, which
   * would otherwise bury the requests it shows under its own.
   */
  quiet?: boolean
  handle(context: RouteContext<Auth, Body>): Reply | Promise<Reply>
  /**
   * Told when the request failed, before the error is rendered, with the status it is answered
   * with: refused by a stage (the body then read where it can be, even after a refused key) or by
   * `handle`. What wraps a route learns of the gateway's own refusals here (a replay counts the
   * recorded error they match, or names the recording the refusal kept from answering in the
   * error's `hint`).
   */
  refused?(context: RouteContext<Auth, Body>, status: number, error: GatewayError): void
}

/**
 * The surface of a request to `route`: the route's own, or for a route without one, what the
 * request says (`surfaceOf`), from its path below the gateway's base path.
 */
export function routeSurface(route: Route, request: Request, basePath: string): SurfaceName {
  return route.surface ?? surfaceOf(pathnameOf(request.url).slice(basePath.length) || '/', request, { served: route.path !== '*' })
}

/** Identity helper that infers the route's auth and body types from its `auth` and `body`. */
export function defineRoute<Auth, Body = undefined>(route: Route<Auth, Body>): Route<Auth, Body> {
  return route
}
