import type { Server as HttpsServer } from 'node:https'
import type { Socket } from 'node:net'
import { gatewayError } from '../../../errors/gateway-error.ts'
import type { AdapterSeam } from '../../../gateway/adapter-seam.ts'
import { pathnameOf } from '../../../http/path-matcher.ts'
import { endWith } from '../end-with.ts'

/** The first byte of every TLS connection: a handshake record. */
const handshakeRecord = 0x16

/**
 * Makes an HTTPS server tell a plain-HTTP client what it did wrong rather than leave it hanging
 * on a TLS handshake it will never answer: each connection's first byte is read; a TLS handshake
 * goes on to TLS as usual, anything else gets a 400 in plain HTTP, in the envelope of the
 * request's surface, naming the https:// (or wss://) URL to use. `closeAll` ends every
 * connection, those still in their TLS handshake included (the server's own `closeAllConnections`
 * knows only those that finished it).
 */
export function refusePlainHttp(server: HttpsServer, seam: AdapterSeam, origin: () => string) {
  const secure = server.listeners('connection') as ((socket: Socket) => void)[]
  server.removeAllListeners('connection')
  const open = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    open.add(socket)
    socket.once('close', () => open.delete(socket))
    socket.on('error', () => socket.destroy())
    socket.once('data', (chunk: Buffer) => {
      socket.pause()
      if (chunk[0] === handshakeRecord) {
        // TLS reads what the socket holds already before its own reads.
        socket.unshift(chunk)
        for (const listener of secure) listener.call(server, socket)
        return
      }
      const head = chunk.subarray(0, 16 * 1024).toString('latin1')
      const target = /^[A-Za-z]+ (\/\S*) HTTP\//.exec(head)?.[1] ?? '/'
      const webSocket = /\r\nupgrade:[ \t]*websocket/i.test(head)
      const base = origin()
      const url = `${webSocket ? base.replace(/^https:/, 'wss:') : base}${target}`
      endWith(socket, seam.failure(gatewayError('plain_http_to_tls_port', { url }), pathnameOf(`http://x${target}`)))
    })
  })
  return {
    closeAll(): void {
      for (const socket of open) socket.destroy()
    },
  }
}
