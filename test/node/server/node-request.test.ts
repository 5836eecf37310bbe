// The adapter's Fetch views of Node requests: what the core reads from them must be what a real
// `Request` built from the same bytes would give.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NodeRequest } from '../../../src/node/server/node-request.ts'
import { readSmallBody } from '../../../src/node/server/to-fetch-request.ts'

type Inspect = (request: NodeRequest, res: ServerResponse) => Promise<unknown>

let inspect: Inspect = async () => null
let readAhead = false
let port = 0
const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
  try {
    const text = readAhead ? await readSmallBody(req) : undefined
    const inspected = await inspect(new NodeRequest(req, res, `http://127.0.0.1:${port}`, text), res)
    if (!res.writableEnded) res.end(JSON.stringify(inspected))
  } catch (error) {
    res.writeHead(500).end(String(error))
  }
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** Sends raw header lines, so repeated and oddly cased headers reach the server as written. */
function send(path: string, options: { method?: string; headers?: [string, string][]; body?: string } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const raw = [['host', `127.0.0.1:${port}`], ...(options.headers ?? [])].flat()
    const req = httpRequest({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: raw }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

async function seen(path: string, options?: Parameters<typeof send>[1]): Promise<any> {
  const { status, body } = await send(path, options)
  expect(status, body).toBe(200)
  return JSON.parse(body)
}

describe('NodeRequest', () => {
  it('reads headers as Fetch does: any case, repeated values joined, the same entries as a real Headers', async () => {
    inspect = async (request) => ({
      lower: request.headers.get('x-thing'),
      upper: request.headers.get('X-THING'),
      auth: request.headers.get('Authorization'),
      has: request.headers.has('x-Thing'),
      missing: request.headers.get('x-missing'),
      hasMissing: request.headers.has('x-missing'),
      entries: [...request.headers],
      real: [...new Headers([...request.headers])],
    })
    const result = await seen('/v1/models', {
      headers: [
        ['X-Thing', 'one'],
        ['x-thing', 'two'],
        ['authorization', '  Bearer sk-test  '],
      ],
    })
    expect(result).toMatchObject({
      lower: 'one, two',
      upper: 'one, two',
      auth: 'Bearer sk-test',
      has: true,
      missing: null,
      hasMissing: false,
    })
    expect(result.entries).toEqual(result.real)
    expect(result.entries).toContainEqual(['x-thing', 'one, two'])
  })

  it('sees its own changes to the headers once it has made any, and so does a real copy', async () => {
    inspect = async (request) => {
      request.headers.set('x-thing', 'changed')
      request.headers.delete('authorization')
      const copy = request.clone()
      return { thing: request.headers.get('x-thing'), auth: request.headers.has('authorization'), copied: copy.headers.get('x-thing') }
    }
    expect(
      await seen('/', {
        headers: [
          ['x-thing', 'original'],
          ['authorization', 'Bearer a'],
        ],
      }),
    ).toEqual({
      thing: 'changed',
      auth: false,
      copied: 'changed',
    })
  })

  it('spells the URL as a real Request would, normalising targets that need it', async () => {
    inspect = async (request) => ({ url: request.url, method: request.method })
    const origin = `http://127.0.0.1:${port}`
    expect(await seen('/v1/models?key=sk-a&x=%20')).toEqual({ url: `${origin}/v1/models?key=sk-a&x=%20`, method: 'GET' })
    expect((await seen('/v1/./beta/../models')).url).toBe(`${origin}/v1/models`)
    for (const target of ['/v1//models', '/v1/models/%7Ea', '/v1\\models', '/v1/models/a..b', '/v1/.hidden', '/v1/models/..']) {
      expect((await seen(target)).url).toBe(new URL(target, origin).href)
    }
    // A path that starts with `//` is still a path on this server, as fetch keeps it, not a URL of another host.
    for (const target of ['//v1/models', '//127.0.0.1/v1/models', '///x']) {
      expect((await seen(target)).url).toBe(new Request(origin + target).url)
    }
    expect((await seen('/v1beta/models/gemini-2.5-flash:generateContent')).url).toBe(
      `${origin}/v1beta/models/gemini-2.5-flash:generateContent`,
    )
  })

  it('streams a body it did not read ahead, and gives a read-ahead body as text without a stream', async () => {
    inspect = async (request) => ({ text: await request.text(), used: request.bodyUsed })
    expect(await seen('/echo', { method: 'POST', body: '{"a":1}' })).toEqual({ text: '{"a":1}', used: true })

    readAhead = true
    try {
      inspect = async (request) => {
        const first = await request.json()
        const again = await request.text().catch((error: Error) => error.name)
        return { first, again, used: request.bodyUsed }
      }
      expect(await seen('/echo', { method: 'POST', body: '{"b":2}' })).toEqual({ first: { b: 2 }, again: 'TypeError', used: true })

      inspect = async (request) => ({ viaStream: await new Response(request.body).text() })
      expect(await seen('/echo', { method: 'POST', body: 'streamed' })).toEqual({ viaStream: 'streamed' })
    } finally {
      readAhead = false
    }
  })

  it('answers everything else from a real Request: clone, cache mode, formData', async () => {
    inspect = async (request) => {
      const copy = request.clone()
      const form = await request.formData()
      return { cache: request.cache, mode: request.mode, copy: await copy.text(), field: form.get('name') }
    }
    const result = await seen('/form', {
      method: 'POST',
      headers: [['content-type', 'application/x-www-form-urlencoded']],
      body: 'name=gateway',
    })
    expect(result).toEqual({ cache: 'default', mode: 'cors', copy: 'name=gateway', field: 'gateway' })
  })

  it('has no body on GET, and a signal that aborts when the client goes away before the answer ends', async () => {
    let abort!: (body: string) => void
    const aborted = new Promise<string>((resolve) => (abort = resolve))
    inspect = async (request, res) => {
      res.writeHead(200)
      res.write('partial')
      await new Promise((resolve) => request.signal.addEventListener('abort', resolve))
      abort(request.body === null ? 'aborted, no body' : 'aborted, with a body')
      return null
    }
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/hang' }, (res) => res.once('data', () => (req.destroy(), resolve())))
      req.on('error', reject)
      req.end()
    })
    expect(await aborted).toBe('aborted, no body')
  })
})
