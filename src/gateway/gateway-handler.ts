import { RequestHandler } from 'msw'
import type { PathParams } from '../http/path-matcher.ts'

export interface GatewayHandlerInfo {
  header: string
  method: string
  path: string
}

/**
 * An msw request handler for one gateway route. msw still does the routing (getResponse,
 * setupServer and setupWorker try handlers in order), but matching is ours: the method, then
 * the path read from the URL text. msw's generic `http` handler also parses the URL and the
 * cookies, wraps the resolver and builds an AbortController per request, which together cost
 * more than the gateway's own work on a small reply.
 */
export class GatewayHandler extends RequestHandler<GatewayHandlerInfo, PathParams | undefined> {
  readonly #match: (request: Request) => PathParams | undefined | Promise<PathParams | undefined>
  readonly #answer: (request: Request, params: PathParams) => Promise<Response>

  constructor(
    info: { method: string; path: string },
    /** The request's path parameters when this route takes it; a promise while a route's head waits for its module to say. */
    match: (request: Request) => PathParams | undefined | Promise<PathParams | undefined>,
    answer: (request: Request, params: PathParams) => Promise<Response>,
  ) {
    super({ info: { header: `${info.method} ${info.path}`, ...info }, resolver: () => undefined })
    this.#match = match
    this.#answer = answer
  }

  override async parse({ request }: { request: Request }): Promise<PathParams | undefined> {
    return this.#match(request)
  }

  predicate({ parsedResult }: { parsedResult: PathParams | undefined }): boolean {
    return parsedResult !== undefined
  }

  log({ request, response }: { request: Request; response: Response }): void {
    // eslint-disable-next-line no-console -- msw calls log() only when the user asks it to log
    console.log(`[llm-gateway-mock] ${request.method} ${request.url} (${response.status})`)
  }

  override async run({ request, requestId }: { request: Request; requestId: string }): ReturnType<RequestHandler['run']> {
    const matched = this.#match(request)
    const params = matched instanceof Promise ? await matched : matched
    if (params === undefined) return null
    this.isUsed = true
    const response = await this.#answer(request, params)
    return { handler: this, parsedResult: params, request, requestId, response }
  }
}
