import { isAdapterRequest } from './adapter-client.ts'
import { toReadableStream, type StreamPlan } from './stream-plan.ts'

/** The parts a `Response` was built from, kept so the Node adapter can write them without re-reading the body. */
export interface RenderedResponse {
  status: number
  headers: Record<string, string>
  /** A complete body, or a stream to play out. */
  body: string | StreamPlan
}

// A symbol-keyed property rather than a WeakMap: a WeakMap entry per response makes every
// garbage collection walk them, which a busy server pays for many times a second.
const kRendered = Symbol('llm-gateway-mock.rendered')
type WithParts = Response & { [kRendered]?: RenderedResponse }

/** The `Response` for a reply, with its parts remembered beside it. */
export function createResponse(request: Request, parts: RenderedResponse): Response {
  const response = isAdapterRequest(request)
    ? new Response(null, { status: parts.status })
    : new Response(typeof parts.body === 'string' ? parts.body : toReadableStream(parts.body, request.signal), {
        status: parts.status,
        headers: parts.headers,
      })
  ;(response as WithParts)[kRendered] = parts
  return response
}

export function renderedPartsOf(response: Response): RenderedResponse | undefined {
  return (response as WithParts)[kRendered]
}
