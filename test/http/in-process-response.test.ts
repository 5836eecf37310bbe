import { getResponse, HttpResponse, type RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../src/index.ts'

// In process the gateway's handlers answer with msw's own `HttpResponse`, as a handler written
// the usual way does: msw's interception hands that on as it is, where any other `Response` is
// copied into one first (its body through a second stream, its headers copied, its URL parsed),
// which cost every in-process call more than the gateway's own work (docs/performance.md).
describe('in-process answers are msw HttpResponses', () => {
  let gateway: Gateway
  let handlers: RequestHandler[]
  beforeAll(async () => {
    gateway = await createGateway()
    // The request handlers: getResponse takes no ws ones.
    handlers = gateway.handlers.filter((handler): handler is RequestHandler => handler.kind === 'request')
  })
  const auth = { authorization: 'Bearer sk-unrestricted' }
  const chat = (stream: boolean) =>
    new Request('http://gateway.test/v1/chat/completions', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'hi' }] }),
    })

  it('a complete answer, with its status text and length', async () => {
    const response = await getResponse(handlers, new Request('http://gateway.test/v1/models', { headers: auth }))
    expect(response).toBeInstanceOf(HttpResponse)
    expect(response!.status).toBe(200)
    expect(response!.statusText).toBe('OK')
    const text = await response!.text()
    expect(response!.headers.get('content-length')).toBe(String(new TextEncoder().encode(text).byteLength))
    expect(JSON.parse(text).object).toBe('list')
  })

  it('an error in its envelope', async () => {
    const response = await getResponse(
      handlers,
      new Request('http://gateway.test/v1/models', { headers: { authorization: 'Bearer sk-nobody' } }),
    )
    expect(response).toBeInstanceOf(HttpResponse)
    expect(response!.status).toBe(401)
    expect(response!.statusText).toBe('Unauthorized')
    expect((await response!.json()).error.code).toBe('invalid_api_key')
  })

  it('a stream', async () => {
    const response = await getResponse(handlers, chat(true))
    expect(response).toBeInstanceOf(HttpResponse)
    expect(response!.headers.get('content-type')).toContain('text/event-stream')
    const text = await response!.text()
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true)
  })

  describe('under setupServer', () => {
    const server = setupServer()
    beforeAll(() => {
      server.use(...gateway.handlers)
      server.listen({ onUnhandledFrame: 'error' })
    })
    afterAll(() => server.close())

    it('fetch reads the same answers, status text included', async () => {
      const list = await fetch('http://gateway.test/v1/models', { headers: auth })
      expect([list.status, list.statusText]).toEqual([200, 'OK'])
      expect((await list.json()).data.length).toBeGreaterThan(0)
      const completion = await fetch(chat(false))
      expect((await completion.json()).choices[0].message.role).toBe('assistant')
      const refused = await fetch('http://gateway.test/v1/models', { headers: { authorization: 'Bearer sk-nobody' } })
      expect([refused.status, refused.statusText]).toEqual([401, 'Unauthorized'])
    })
  })
})
