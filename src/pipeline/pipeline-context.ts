import type { AuthInput, PresentedKey } from '../auth/auth-requirement.ts'
import type { AdapterExchange } from '../http/exchange.ts'
import type { GatewayRuntime } from './gateway-runtime.ts'
import { pathnameOf } from '../http/path-matcher.ts'
import { requestOrigin } from '../http/request-origin.ts'
import type { Profile } from '../profiles/profile-type.ts'
import type { SurfaceName } from '../http/surface-name.ts'
import type { World } from '../world/world.ts'
import type { Admission, Route, RouteContext, RouteNote } from './route.ts'
import type { ConversationView } from '../conversation/conversation-view.ts'

/** One request on its way through the stages: what each stage learned, for the next ones and the route. */
export class PipelineContext<Auth = unknown, Body = unknown> implements RouteContext<Auth, Body>, AuthInput {
  readonly pathname: string
  /** What the route's auth resolved (stage 1); still unset in the log of a request refused before it. */
  auth = undefined as Auth
  presented: PresentedKey | undefined = undefined
  /** The body as the route's schema validated it (stage 2); unset before. */
  body = undefined as Body
  /** The body's text as read (stage 2), kept by reference for the inspector's detail of this request. */
  bodyText: string | undefined = undefined
  readonly note: RouteNote = {}
  readonly headers: Record<string, string> = {}
  #url: URL | undefined
  #admission: Admission | undefined
  #conversation: ConversationView | undefined | null = null

  // Declared, not defined: the constructor's assignments are their only definition, as a
  // constructor's parameter properties were (one object shape, no undefined first, per request).
  declare readonly route: Route<Auth, Body>
  declare readonly request: Request
  declare readonly params: Readonly<Record<string, string>>
  declare readonly requestId: string
  declare readonly surface: SurfaceName
  declare readonly runtime: GatewayRuntime
  declare readonly profile: Profile
  declare readonly now: number
  /** Set when the Node adapter made the request (see adapter-seam.ts). */
  declare readonly exchange: AdapterExchange | undefined

  constructor(
    route: Route<Auth, Body>,
    request: Request,
    params: Readonly<Record<string, string>>,
    requestId: string,
    surface: SurfaceName,
    runtime: GatewayRuntime,
    profile: Profile,
    now: number,
    exchange: AdapterExchange | undefined,
  ) {
    this.route = route
    this.request = request
    this.params = params
    this.requestId = requestId
    this.surface = surface
    this.runtime = runtime
    this.profile = profile
    this.now = now
    this.exchange = exchange
    this.pathname = pathnameOf(request.url)
  }

  // Parsed on first use (a getter on the class, not a closure per request): most routes need
  // only the path, which the URL text gives for less.
  get url(): URL {
    return (this.#url ??= new URL(this.request.url))
  }

  /**
   * The conversation the request carries as the scenario's content fields read it, read on first
   * use (most requests are never asked); undefined for a route that carries none, or a body it
   * cannot be read from.
   */
  conversationView(): ConversationView | undefined {
    if (this.#conversation !== null) return this.#conversation
    const read = this.route.model?.conversation
    try {
      this.#conversation = read?.(this)
    } catch {
      this.#conversation = undefined
    }
    return this.#conversation
  }

  /**
   * What reads the conversation later, for the inspector's detail: it holds the body (or the
   * conversation, once read), not this context, whose request and response a kept closure over
   * it would keep alive with it (docs/performance.md, "Memory under load").
   */
  conversationLater(): () => ConversationView | undefined {
    let view = this.#conversation
    if (view !== null) return () => view as ConversationView | undefined
    const read = this.route.model?.conversation
    const body = this.body
    return () => {
      if (view !== null) return view
      try {
        view = read?.({ body })
      } catch {
        view = undefined
      }
      return view
    }
  }

  get clientAddress(): string | undefined {
    return this.exchange?.clientAddress
  }

  get gatewayBase(): string {
    return requestOrigin(this.request, this.url) + this.runtime.basePath
  }

  get world(): World {
    return this.runtime.world
  }

  get admission(): Admission {
    if (!this.#admission) throw new Error(`route ${this.route.id} read its admission, but it names no model`)
    return this.#admission
  }

  set admission(admission: Admission) {
    this.#admission = admission
  }

  /** What the admit stage settled, when it got that far (for the request's log row). */
  get admitted(): Admission | undefined {
    return this.#admission
  }
}
