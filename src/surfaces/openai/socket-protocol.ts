import { apiKeyProtocolPrefix } from '../../http/websocket-protocols.ts'

/**
 * The subprotocol an OpenAI socket confirms: `realtime` when offered (what the Realtime API
 * answers), else the first offered that is not the key (never echo a key back), else the first.
 */
export function acceptedProtocol(offered: readonly string[]): string | undefined {
  if (offered.includes('realtime')) return 'realtime'
  return offered.find((protocol) => !protocol.startsWith(apiKeyProtocolPrefix)) ?? offered[0]
}
