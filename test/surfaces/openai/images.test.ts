import { Agent } from 'node:http'
import OpenAI from 'openai'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type RequestLogEntry } from '../../../src/index.ts'
import { startServer, type RunningServer } from '../../../src/node/index.ts'
import { exchange } from '../../support/http-exchange.ts'
import { modes, useHarness } from '../../support/modes.ts'
import { rejection } from '../../support/rejection.ts'

/** The width and height a PNG's IHDR says, read by hand, then the file as pngjs decodes it. */
function decodePng(bytes: Buffer) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR')
  const header = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
  const decoded = PNG.sync.read(bytes)
  expect({ width: decoded.width, height: decoded.height }).toEqual(header)
  return decoded
}

describe.each(modes)('openai SDK images ($name)', (mode) => {
  describe.each(['spec', 'new-api'] as const)('%s profile', (profile) => {
    const log: RequestLogEntry[] = []
    const harness = useHarness(mode, { profile, onRequest: (entry) => log.push(entry) })
    const client = () => new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })

    it('makes b64_json a real PNG of the size asked for', async () => {
      const response = await client().images.generate({
        model: 'dall-e-3',
        prompt: 'a red fox',
        size: '1792x1024',
        response_format: 'b64_json',
      })
      expect(response.created).toEqual(expect.any(Number))
      expect(response.data).toHaveLength(1)
      expect(response.data![0]!.revised_prompt).toBe('a red fox')
      const png = decodePng(Buffer.from(response.data![0]!.b64_json!, 'base64'))
      expect({ width: png.width, height: png.height }).toEqual({ width: 1792, height: 1024 })
      // Not a blank: the gradient and the rectangle give it several colours.
      const colours = new Set<number>()
      for (let i = 0; i < png.data.length; i += 4 * 997) colours.add(png.data.readUInt32BE(i))
      expect(colours.size).toBeGreaterThan(3)
    })

    it('serves a url it made itself, for n images, until the gateway is reset', async () => {
      const response = await client().images.generate({ model: 'dall-e-3', prompt: 'two foxes', n: 2, size: '256x256' })
      expect(response.data).toHaveLength(2)
      const [first, second] = response.data!.map((image) => image.url!)
      expect(first).not.toBe(second)
      expect(first!.startsWith(`${harness.baseUrl}/v1/images/files/`)).toBe(true)
      const fetched = await fetch(first!)
      expect(fetched.status).toBe(200)
      expect(fetched.headers.get('content-type')).toBe('image/png')
      expect(decodePng(Buffer.from(await fetched.arrayBuffer()))).toMatchObject({ width: 256, height: 256 })

      // An hour on the gateway clock later, it is gone.
      harness.gateway.clock.advance(60 * 60_000)
      const expired = await fetch(second!)
      expect(expired.status).toBe(404)
      expect((await expired.json()).error.code).toBe('image_not_found')
    })

    it("answers a request that names no model with the profile's default, which the default world has", async () => {
      const image = await client().images.generate({ prompt: 'no model named', size: '256x256', response_format: 'b64_json' })
      expect(image.data).toHaveLength(1)
      expect(log.at(-1)).toMatchObject({ status: 200, model: profile === 'spec' ? 'dall-e-2' : 'dall-e' })
    })

    it('is the same picture for the same prompt and size', async () => {
      const ask = () => client().images.generate({ model: 'dall-e-3', prompt: 'same', size: '256x256', response_format: 'b64_json' })
      const [a, b] = await Promise.all([ask(), ask()])
      expect(b.data![0]!.b64_json).toBe(a.data![0]!.b64_json)
    })

    it('refuses another kind of model, a bad size and a format it does not make', async () => {
      expect(await rejection(client().images.generate({ model: 'gpt-4o-mini', prompt: 'x' }))).toMatchObject({ status: 400 })
      const image = (await rejection(
        client().chat.completions.create({ model: 'dall-e-3', messages: [{ role: 'user', content: 'x' }] }),
      )) as Error
      expect(image.message).toContain("The model 'dall-e-3' is an image model, and POST /v1/chat/completions takes a chat model.")
      expect(await rejection(client().images.generate({ model: 'dall-e-3', prompt: 'x', size: 'big' as never }))).toMatchObject({
        status: profile === 'spec' ? 400 : 500,
      })
      const format = (await rejection(client().images.generate({ model: 'dall-e-3', prompt: 'x', output_format: 'webp' }))) as Error
      expect(format.message).toContain('output_format: the gateway makes PNG images: output_format must be "png"')
    })

    it('refuses stream: true, naming the field, rather than answer what the SDK reads as an empty stream', async () => {
      const error = (await rejection(client().images.generate({ model: 'dall-e-3', prompt: 'x', stream: true }))) as Error
      expect(error).toMatchObject({ status: profile === 'spec' ? 400 : 500, param: profile === 'spec' ? 'stream' : '' })
      expect(error.message).toContain('stream: the gateway sends images whole')
    })
  })
})

describe('image urls on a server reached by another name', () => {
  let server: RunningServer
  const agent = new Agent()
  beforeAll(async () => {
    server = await startServer(await createGateway(), { port: 0 })
  })
  afterAll(async () => {
    agent.destroy()
    await server.close()
  })
  const generate = (host?: string) =>
    exchange(server.url, agent, {
      method: 'POST',
      path: '/v1/images/generations',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json', ...(host !== undefined && { host }) },
      body: JSON.stringify({ model: 'dall-e-3', prompt: 'a lighthouse', size: '256x256' }),
    })
  const urlOf = async (host?: string) => JSON.parse((await generate(host)).body.toString()).data[0].url as string

  it('point where the client reached the gateway: the Host it sent', async () => {
    expect(await urlOf('myhost.lan:9999')).toMatch(/^http:\/\/myhost\.lan:9999\/v1\/images\/files\/img-\w+\.png$/)
    expect(await urlOf('[::1]:8080')).toMatch(/^http:\/\/\[::1\]:8080\/v1\/images\/files\//)
  })

  it("fall back to the server's own address for a Host that is not a host", async () => {
    expect((await urlOf('evil.example/path?x=')).startsWith(`${server.url}/v1/images/files/`)).toBe(true)
  })

  it.each(['evil.example:99999', 'host:65536', '999.999.999.999', '1.2.3.256:80'])(
    "fall back to the server's own address for a Host no URL can hold (%s): the URL given parses and serves the image",
    async (host) => {
      const url = await urlOf(host)
      expect(url.startsWith(`${server.url}/v1/images/files/`)).toBe(true)
      expect(URL.canParse(url)).toBe(true)
      const image = await fetch(url)
      expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png'])
    },
  )
})
