import { once } from 'node:events'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { bodyBytes } from '../../../src/node/server/body-bytes.ts'

/** What a client receives for a body Node writes as given (text or bytes), chunked as the gateway's answers are. */
async function received(body: string | Buffer): Promise<Buffer> {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(body)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  try {
    const { port } = server.address() as AddressInfo
    const res = await new Promise<import('node:http').IncomingMessage>((resolve, reject) =>
      request({ host: '127.0.0.1', port }, resolve).on('error', reject).end(),
    )
    expect(res.headers['transfer-encoding']).toBe('chunked')
    const chunks: Buffer[] = []
    for await (const chunk of res) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  } finally {
    server.close()
  }
}

describe('bodyBytes', () => {
  const long = (fill: string) => `{"data":"${fill.repeat(400)}"}`

  it('gives the bytes Node writes for the text: non-ASCII and a lone surrogate alike', async () => {
    for (const text of [long('a'), long('é☃🎉'), long('x\uD800y'), long('\uDFFF')]) {
      expect(await received(bodyBytes(text))).toEqual(await received(text))
    }
  })

  it('keeps the last one: the same text, or an equal one, gets the same bytes; another text its own', () => {
    const text = long('model ')
    const bytes = bodyBytes(text)
    expect(Buffer.isBuffer(bytes)).toBe(true)
    expect(bodyBytes(text)).toBe(bytes)
    expect(bodyBytes(long('model ').slice(0))).toBe(bytes)
    const other = bodyBytes(long('other '))
    expect(other).not.toBe(bytes)
    expect(other.toString()).toBe(long('other '))
  })

  it('leaves a short text and a very long one as text', () => {
    expect(bodyBytes('{"ok":true}')).toBe('{"ok":true}')
    const huge = long('x'.repeat(200))
    expect(bodyBytes(huge)).toBe(huge)
  })
})
