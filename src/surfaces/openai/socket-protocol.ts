import { apiKeyProtocolPrefix } from '../../http/websocket-protocols.ts'

/**
 * The subprotocol an OpenAI socket confirms: `realtime` when offered (what the Realtime API
 * answers, and what the OpenAI SDK's browser class offers beside its key), else the first offered
 * that is not the key, else the first: a browser fails a handshake whose offered subprotocols get
 * none back, so a client that offered only the key gets its own key echoed (nothing it did not send).
 */
export function acceptedProtocol(offered: readonly string[]): string | undefined {
  if (offered.includes('realtime')) return 'realtime'
  return offered.find((protocol) => !protocol.startsWith(apiKeyProtocolPrefix)) ?? offered[0]
}
