/** The parts a `Response` was built from, kept so the Node adapter can write them without re-reading the body. */
export interface RenderedResponse {
  status: number
  headers: Record<string, string>
  body: string
}

const rendered = new WeakMap<Response, RenderedResponse>()

/**
 * Builds the `Response` for a fully known body. Reading a `Response` body back costs more than
 * everything else the server does for a small reply, so the parts are remembered beside it.
 */
export function createResponse(parts: RenderedResponse): Response {
  const response = new Response(parts.body, { status: parts.status, headers: parts.headers })
  rendered.set(response, parts)
  return response
}

export function renderedPartsOf(response: Response): RenderedResponse | undefined {
  return rendered.get(response)
}
