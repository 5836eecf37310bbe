import { toReadableStream, type StreamPlan } from './stream-plan.ts'

/** The parts a `Response` was built from, kept so the Node adapter can write them without re-reading the body. */
export interface RenderedResponse {
  status: number
  headers: Record<string, string>
  /** A complete body, or a stream to play out. */
  body: string | StreamPlan
}

const rendered = new WeakMap<Response, RenderedResponse>()
const adapterRequests = new WeakSet<Request>()

/**
 * Marks a request as coming from the Node adapter, which writes replies from their parts: its
 * `Response` then carries no body of its own. Building and then reading back a body stream costs
 * more than everything else the server does for a small reply.
 */
export function markAdapterRequest(request: Request): void {
  adapterRequests.add(request)
}

/** The `Response` for a reply, with its parts remembered beside it. */
export function createResponse(request: Request, parts: RenderedResponse): Response {
  const response = adapterRequests.has(request)
    ? new Response(null, { status: parts.status })
    : new Response(typeof parts.body === 'string' ? parts.body : toReadableStream(parts.body, request.signal), {
        status: parts.status,
        headers: parts.headers,
      })
  rendered.set(response, parts)
  return response
}

export function renderedPartsOf(response: Response): RenderedResponse | undefined {
  return rendered.get(response)
}
