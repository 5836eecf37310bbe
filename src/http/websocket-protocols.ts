/** The subprotocol that carries an API key where a WebSocket client cannot send headers (browsers). */
export const apiKeyProtocolPrefix = 'openai-insecure-api-key.'

// In a browser a Fetch `Request` drops `Sec-*` headers, so an in-process handshake carries the
// offered subprotocols beside the request instead.
const kProtocols = Symbol('llm-gateway-mock.websocket-protocols')
type WithProtocols = Request & { [kProtocols]?: readonly string[] }

/** Attaches the subprotocols a WebSocket client offered to the request that stands for its handshake. */
export function offerProtocols(request: Request, protocols: readonly string[]): void {
  ;(request as WithProtocols)[kProtocols] = protocols
}

/** The subprotocols a WebSocket handshake offers: attached in-process, else its `Sec-WebSocket-Protocol` header. */
export function offeredProtocols(request: Request): readonly string[] {
  const attached = (request as WithProtocols)[kProtocols]
  if (attached) return attached
  const header = request.headers.get('sec-websocket-protocol')
  return header
    ? header
        .split(',')
        .map((protocol) => protocol.trim())
        .filter(Boolean)
    : []
}

/** The API key in an `openai-insecure-api-key.<key>` subprotocol, if one is offered. */
export function protocolApiKey(request: Request): string | null {
  const offered = offeredProtocols(request).find((protocol) => protocol.startsWith(apiKeyProtocolPrefix))
  return offered === undefined ? null : offered.slice(apiKeyProtocolPrefix.length)
}
