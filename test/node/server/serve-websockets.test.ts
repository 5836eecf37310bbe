// The server's WebSocket handshakes: journaled once their fate is known, and never kept going by
// a client that left or a server that closed.
import { connect } from 'node:net'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createGateway, type Gateway } from '../../../src/index.ts'
import { startServer, type RunningServer } from '../../../src/node/index.ts'

const slowHandshake = {
  name: 'slow-handshake',
  rules: [{ when: { route: 'GET /v1/realtime', upgrade: true }, then: { delayMs: 20_000 } }],
}
const realtimePath = '/v1/realtime?model=gpt-realtime'
const handshakes = (gateway: Gateway) => gateway.journal.entries.filter((entry) => entry.method === 'GET' && entry.path === '/v1/realtime')

/** Opens a handshake and resolves once the server has it. */
async function dial(server: RunningServer): Promise<WebSocket> {
  const arrived = new Promise((resolve) => server.server.once('upgrade', resolve))
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}${realtimePath}`, {
    headers: { authorization: 'Bearer sk-unrestricted' },
  })
  socket.on('error', () => {})
  await arrived
  return socket
}

describe("the server's WebSocket handshakes", () => {
  let gateway: Gateway
  let server: RunningServer
  beforeAll(async () => {
    gateway = await createGateway()
    server = await startServer(gateway, { port: 0 })
  })
  afterAll(() => server.close())

  it('ends a handshake a scenario delays once its client leaves: journaled 499, never 101', async () => {
    await gateway.useScenario(slowHandshake)
    try {
      const socket = await dial(server)
      socket.terminate()
      await vi.waitFor(() => expect(handshakes(gateway).at(-1)).toMatchObject({ status: 499, error: 'client_closed' }), { timeout: 5_000 })
    } finally {
      await gateway.useScenario()
    }
  })

  it('journals a handshake the WebSocket library refuses (a bad Sec-WebSocket-Key) with the 400 its client got', async () => {
    const { port } = new URL(server.url)
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          [
            `GET ${realtimePath} HTTP/1.1`,
            `Host: 127.0.0.1:${port}`,
            'Upgrade: websocket',
            'Connection: Upgrade',
            'Sec-WebSocket-Key: not-a-key',
            'Sec-WebSocket-Version: 13',
            'Authorization: Bearer sk-unrestricted',
            '',
            '',
          ].join('\r\n'),
        )
      })
      let text = ''
      socket
        .on('data', (chunk) => (text += chunk))
        .on('end', () => resolve(text))
        .on('error', reject)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error).toMatchObject({
      message: 'The WebSocket handshake is invalid: Missing or invalid Sec-WebSocket-Key header.',
      type: 'invalid_request_error',
    })
    expect(handshakes(gateway).at(-1)).toMatchObject({ status: 400, error: 'websocket_handshake_invalid' })
  })

  it('journals an accepted handshake 101 once, when its socket opens', async () => {
    const before = handshakes(gateway).length
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}${realtimePath}`, {
      headers: { authorization: 'Bearer sk-unrestricted' },
    })
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    socket.close()
    await new Promise((resolve) => socket.once('close', resolve))
    expect(
      handshakes(gateway)
        .slice(before)
        .map((entry) => entry.status),
    ).toEqual([101])
  })
})

describe('a server closed while a scenario delays a handshake', () => {
  it('ends the delay at once: the handshake is journaled 499 and no timer is left running', async () => {
    const gateway = await createGateway({ scenarios: [slowHandshake] })
    const server = await startServer(gateway, { port: 0 })
    await dial(server)
    await server.close()
    await vi.waitFor(() => expect(handshakes(gateway)).toMatchObject([{ status: 499, error: 'client_closed' }]), { timeout: 5_000 })
  })
})

describe('a socket message over the size limit', () => {
  it('is closed with 1009 and the close handshake finishes: a client still sending gets no reset', async () => {
    const gateway = await createGateway({ maxBodyBytes: 64 * 1024 })
    const server = await startServer(gateway, { port: 0 })
    const { port } = new URL(server.url)
    // Half-open, as a client in the middle of a large write is: it goes on sending after the server's FIN.
    const socket = connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true })
    try {
      let received = Buffer.alloc(0)
      const errors: string[] = []
      socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])))
      socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message))
      const ended = new Promise((resolve) => socket.once('close', resolve))
      const until = async (test: () => boolean) => vi.waitFor(() => expect(test()).toBe(true), { timeout: 5_000 })
      socket.write(
        [
          `GET ${realtimePath} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Version: 13',
          'Authorization: Bearer sk-unrestricted',
          '',
          '',
        ].join('\r\n'),
      )
      await until(() => received.includes('session.created'))
      expect(received.toString('latin1')).toMatch(/^HTTP\/1\.1 101 /)
      received = Buffer.alloc(0)
      // A text frame that says it carries 1 MiB (masked, as a client's are), and its first bytes.
      const header = Buffer.from([0x81, 0x80 | 127, 0, 0, 0, 0, 0, 0x10, 0, 0, 1, 2, 3, 4])
      socket.write(Buffer.concat([header, Buffer.alloc(16 * 1024, 0x41)]))
      await until(() => received.includes(Buffer.from([0x88])))
      const close = received.subarray(received.indexOf(0x88))
      expect(close.readUInt16BE(2)).toBe(1009)
      // The client is still sending the rest of its message: the server reads it on, and ends.
      for (let sent = 0; sent < 8 && !socket.destroyed; sent++) {
        socket.write(Buffer.alloc(64 * 1024, 0x41))
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      socket.end()
      await ended
      expect(errors).toEqual([])
    } finally {
      socket.destroy()
      await server.close()
    }
  })
})
