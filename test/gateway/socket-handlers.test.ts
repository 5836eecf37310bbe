// The msw `ws` handlers in gateway.handlers: one msw link per route for the whole process, each
// connection served by the gateway whose base URL it dials.
import { setupServer } from 'msw/node'
import { WebSocketServer } from 'ws'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createGateway, type Gateway } from '../../src/index.ts'

const handshakes = (gateway: Gateway) =>
  gateway.journal.entries.filter((entry) => entry.method === 'GET' && /\/v1\/(responses|realtime)$/.test(entry.path))

/** Opens a global WebSocket with the key as a subprotocol; resolves with its first message (a Realtime session's `session.created`), or its close code. */
function firstWord(url: string): Promise<{ message?: string; code?: number }> {
  const socket = new WebSocket(url, ['openai-insecure-api-key.sk-unrestricted'])
  return new Promise((resolve) => {
    socket.addEventListener('message', (event) => {
      resolve({ message: String(event.data) })
      socket.close()
    })
    socket.addEventListener('close', (event) => resolve({ code: event.code }))
  })
}

describe('gateways with their own base URLs in one process', () => {
  it('print no MaxListenersExceededWarning, however many there are', async () => {
    const warnings: Error[] = []
    const record = (warning: Error) => warnings.push(warning)
    process.on('warning', record)
    try {
      const gateways = await Promise.all(
        Array.from({ length: 20 }, (_, index) => createGateway({ baseUrl: `http://gateway-${index}.test` })),
      )
      const server = setupServer(...gateways[19]!.handlers)
      server.listen({ onUnhandledFrame: 'error' })
      try {
        const socket = new WebSocket('ws://gateway-19.test/v1/responses', ['openai-insecure-api-key.sk-unrestricted'])
        await new Promise((resolve) => socket.addEventListener('open', resolve))
        socket.close()
      } finally {
        server.close()
      }
      // Node emits its warnings a tick later.
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([])
      expect(handshakes(gateways[19]!)).toMatchObject([{ status: 101 }])
    } finally {
      process.off('warning', record)
    }
  })

  describe('two gateways in one setupServer', () => {
    const real = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    real.on('connection', (socket) => socket.send('the real server'))
    let one: Gateway
    let two: Gateway
    const server = setupServer()
    afterAll(async () => {
      server.close()
      await new Promise((resolve) => real.close(resolve))
    })

    it('each serve the sockets dialled at their base URL; one dialled elsewhere goes through to the network', async () => {
      one = await createGateway({ baseUrl: 'http://one.test' })
      two = await createGateway({ baseUrl: 'https://two.test/proxy' })
      server.use(...one.handlers, ...two.handlers)
      server.listen()
      expect(JSON.parse((await firstWord('wss://two.test/proxy/v1/realtime?model=gpt-realtime')).message!)).toMatchObject({
        type: 'session.created',
      })
      expect(handshakes(two)).toMatchObject([{ status: 101, path: '/proxy/v1/realtime' }])
      expect(handshakes(one)).toEqual([])
      await firstWord('ws://one.test/v1/realtime?model=gpt-realtime')
      expect(handshakes(one)).toMatchObject([{ status: 101 }])
      const address = real.address() as { port: number }
      expect(await firstWord(`ws://127.0.0.1:${address.port}/v1/realtime?model=gpt-realtime`)).toEqual({ message: 'the real server' })
    })
  })
})

describe('an in-process handshake a scenario delays', () => {
  it('ends once its client leaves: journaled 499, never 101', async () => {
    const gateway = await createGateway({
      scenarios: [{ name: 'slow-handshake', rules: [{ when: { route: 'GET /v1/responses', upgrade: true }, then: { delayMs: 20_000 } }] }],
    })
    const server = setupServer(...gateway.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    try {
      const socket = new WebSocket('ws://gateway.test/v1/responses', ['openai-insecure-api-key.sk-unrestricted'])
      await new Promise((resolve) => socket.addEventListener('open', resolve))
      socket.close()
      await vi.waitFor(() => expect(handshakes(gateway)).toMatchObject([{ status: 499, error: 'client_closed' }]), { timeout: 5_000 })
    } finally {
      server.close()
    }
  })
})

describe('a handshake given as an init object, as Node’s WebSocket allows', () => {
  it('is admitted by the key in its headers and keeps the subprotocols it lists', async () => {
    const gateway = await createGateway({ baseUrl: 'http://init.test' })
    const server = setupServer(...gateway.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    try {
      // The OpenAI Agents SDK opens `/v1/responses` this way, its key in an Authorization header.
      type InitSocket = new (url: string, init: { headers?: Record<string, string>; protocols?: string[] }) => WebSocket
      const InitWebSocket = WebSocket as unknown as InitSocket
      const byHeader = new InitWebSocket('ws://init.test/v1/responses', { headers: { Authorization: 'Bearer sk-unrestricted' } })
      await new Promise((resolve, reject) => {
        byHeader.addEventListener('open', resolve)
        byHeader.addEventListener('close', (event) => reject(new Error(`closed with ${event.code}`)))
      })
      byHeader.close()
      const realtime = await new Promise<string>((resolve) => {
        const socket = new InitWebSocket('ws://init.test/v1/realtime?model=gpt-realtime', {
          protocols: ['openai-insecure-api-key.sk-unrestricted'],
        })
        socket.addEventListener('message', (event) => {
          resolve(JSON.parse(String(event.data)).type)
          socket.close()
        })
      })
      expect(realtime).toBe('session.created')
      expect(handshakes(gateway)).toMatchObject([{ status: 101 }, { status: 101 }])
    } finally {
      server.close()
    }
  })
})
