/** What a route answers when it succeeds. Rendering (headers, request ids) happens at the boundary. */
export interface JsonReply {
  kind: 'json'
  status: number
  body: unknown
  headers?: Record<string, string>
}

export type Reply = JsonReply

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): JsonReply {
  return { kind: 'json', status: init.status ?? 200, body, headers: init.headers }
}
