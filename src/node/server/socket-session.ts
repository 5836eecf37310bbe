import type { WebSocket } from 'ws'
import type { UpgradeOutcome } from '../../pipeline/socket/run-upgrade.ts'

/** An accepted handshake's socket, opened by `ws`, handed to the route's session: its messages in, the session's out. */
export function runSocketSession(client: WebSocket, outcome: Extract<UpgradeOutcome, { accepted: true }>): void {
  const session = outcome.open({
    send: (text) => client.send(text),
    close: (code, reason) => client.close(code, reason),
    drop: () => client.terminate(),
  })
  client.on('message', (data, isBinary) => {
    if (isBinary) session.binary()
    else session.receive(data.toString())
  })
  client.on('close', () => session.closed())
  // A protocol error (a message over the size limit, bad UTF-8): `ws` has sent its close frame
  // (1009, 1007, …) and ends the socket once it is out, reading on meanwhile. Destroying it here
  // would reset a client still sending, which then sees ECONNRESET or 1006 instead of the code.
  client.on('error', () => {
    if (client.readyState !== client.CLOSING) client.terminate()
  })
}
