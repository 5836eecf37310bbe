import { once } from 'node:events'
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { modes, useHarness } from '../support/modes.ts'
import { readMultipartBody } from '../../src/pipeline/body/read-multipart-body.ts'
import { multipartBody, tinyWav } from '../support/sweep-routes.ts'

const limit = 256 * 1024

describe.each(modes)('request bodies ($name)', (mode) => {
  const harness = useHarness(mode, { maxBodyBytes: limit })

  const post = (body: BodyInit, extra: RequestInit = {}) =>
    fetch(`${harness.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body,
      ...extra,
    })
  const chat = (content: string) => JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }] })

  /** The body as a stream of 16 KiB pieces, sent without a content-length. */
  const chunked = (text: string) => {
    const bytes = new TextEncoder().encode(text)
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 16 * 1024) controller.enqueue(bytes.slice(at, at + 16 * 1024))
        controller.close()
      },
    })
  }

  it('reads a body of a few hundred bytes, a body of 200 KB and a chunked body alike', async () => {
    const small = await post(chat('Hello'))
    expect(small.status).toBe(200)
    const large = await post(chat('word '.repeat(40_000)))
    expect(large.status).toBe(200)
    const largeUsage = ((await large.json()) as { usage: { prompt_tokens: number } }).usage.prompt_tokens
    expect(largeUsage).toBeGreaterThan(40_000)

    const streamed = await post(chunked(chat('word '.repeat(40_000))), { duplex: 'half' } as RequestInit)
    expect(streamed.status).toBe(200)
    expect(((await streamed.json()) as { usage: { prompt_tokens: number } }).usage.prompt_tokens).toBe(largeUsage)
  })

  it('reads a chunked body whose characters fall across its chunks as the text sent', async () => {
    // Two- and three-byte characters: the 16 KiB pieces cut some of them in two.
    const text = chat('café 東京 '.repeat(8_000))
    const response = await post(chunked(text), { duplex: 'half' } as RequestInit)
    expect(response.status).toBe(200)
    const detail = await fetch(`${harness.baseUrl}/__mock/journal/${response.headers.get('x-request-id')}`)
    expect(((await detail.json()) as { request: { body: string } }).request.body).toBe(text)
  })

  it('refuses a body over the limit with 413, whether its length is declared or not', async () => {
    const declared = await post(chat('x'.repeat(limit)))
    expect(declared.status).toBe(413)
    const streamed = await post(chunked(chat('x'.repeat(limit))), { duplex: 'half' } as RequestInit)
    expect(streamed.status).toBe(413)
    expect(((await streamed.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'context_length_exceeded',
      message: `The request body exceeds the gateway's limit of ${limit} bytes.`,
    })
    // The connection is still good for the next request.
    expect((await post(chat('Hello'))).status).toBe(200)
  })

  it('holds an audio upload to the same limit, declared or streamed, and reads one within it', async () => {
    const upload = (file: Buffer, extra: RequestInit = {}) => {
      const { contentType, body } = multipartBody({ model: 'whisper-1' }, file)
      return fetch(`${harness.baseUrl}/v1/audio/transcriptions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-unrestricted', 'content-type': contentType },
        body: 'duplex' in extra ? new Blob([new Uint8Array(body)]).stream() : new Uint8Array(body),
        ...extra,
      })
    }
    expect((await upload(tinyWav())).status).toBe(200)
    const huge = Buffer.concat([tinyWav(), Buffer.alloc(limit)])
    expect((await upload(huge)).status).toBe(413)
    expect((await upload(huge, { duplex: 'half' } as RequestInit)).status).toBe(413)
  })
})

describe('request bodies over HTTP', () => {
  const harness = useHarness(modes[0]!, { maxBodyBytes: limit })

  /** Sends the head and part of a body that declares `length` bytes, then hangs up. */
  const hangUpMidBody = async (length: number) => {
    const { port } = new URL(harness.baseUrl)
    const socket = connect(Number(port), '127.0.0.1')
    await once(socket, 'connect')
    socket.write(
      `POST /v1/chat/completions HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer sk-unrestricted\r\n` +
        `content-type: application/json\r\ncontent-length: ${length}\r\n\r\n{"model":"gpt-4o-mini","messages":[`,
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    socket.destroy()
    await once(socket, 'close')
  }

  it('answers before reading a large body it refuses, and the connection stays usable', async () => {
    const ask = (key: string) =>
      fetch(`${harness.baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'word '.repeat(40_000) }] }),
      })
    const refused = await ask('sk-nobody')
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key')
    expect((await ask('sk-unrestricted')).status).toBe(200)
  })

  it('forgets a client that hangs up mid-body, small or large, and goes on serving', async () => {
    const errors: unknown[] = []
    const onError = (...args: unknown[]) => errors.push(args)
    process.on('uncaughtException', onError)
    const before = harness.gateway.journal.entries.length
    try {
      await hangUpMidBody(500)
      await hangUpMidBody(200_000)
      await new Promise((resolve) => setTimeout(resolve, 50))
      const next = await fetch(`${harness.baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Still there?' }] }),
      })
      expect(next.status).toBe(200)
    } finally {
      process.off('uncaughtException', onError)
    }
    expect(errors).toEqual([])
    // The small body never reached a route; the large one is the 400 of a body that stopped.
    const entries = harness.gateway.journal.entries.slice(before)
    expect(entries.map((entry) => entry.status)).toEqual([400, 200])
  })
})

describe('a multipart body', () => {
  it("keeps parts named as an object's own members (__proto__, constructor, toString) as the parts they are", async () => {
    const form = new FormData()
    form.append('__proto__', 'a')
    form.append('constructor', 'b')
    form.append('toString[]', 'c')
    form.append('toString[]', 'd')
    const request = new Request('http://gateway.test/v1/audio/transcriptions', { method: 'POST', body: form })
    const fields = await readMultipartBody(request, limit)
    expect(Object.getPrototypeOf(fields)).toBeNull()
    expect(Object.entries(fields)).toEqual([
      ['__proto__', 'a'],
      ['constructor', 'b'],
      ['toString', ['c', 'd']],
    ])
  })
})
