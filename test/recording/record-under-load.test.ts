import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordingSchema } from '../../src/index.ts'
import { startRecorder } from '../../src/node/index.ts'
import { mapConcurrently } from '../support/map-concurrently.ts'

// A session that writes a large recording (a burst of embedding requests, each answered with
// eight long vectors) while a stream goes through the recorder: the stream must reach its client
// frame by frame as the upstream sends it, and be recorded at the upstream's pace, whatever the
// recorder is writing meanwhile.

const dimensions = 1536
const inputs = 8
const burst = 150
const streamFrames = 10
const frameGapMs = 60

describe('the recorder under a burst of large answers', () => {
  let upstream: Server
  let upstreamUrl = ''
  let out = ''
  // Built once: the upstream itself must cost next to nothing.
  const vectors = Array.from({ length: inputs }, (_, index) => ({
    object: 'embedding',
    index,
    embedding: Array.from({ length: dimensions }, (_, at) => Number(Math.sin(index * dimensions + at).toFixed(8))),
  }))
  const embeddingAnswer = JSON.stringify({
    object: 'list',
    data: vectors,
    model: 'text-embedding-3-small',
    usage: { prompt_tokens: 16, total_tokens: 16 },
  })
  const chunk = (content: string | null, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-paced', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }] })}\n\n`

  beforeAll(async () => {
    out = join(mkdtempSync(join(tmpdir(), 'llm-gateway-mock-record-load-')), 'recordings')
    upstream = createServer((req, res) => {
      req.resume()
      req.on('end', () => {
        if (req.url === '/v1/embeddings') {
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(embeddingAnswer)
          return
        }
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        let sent = 0
        const timer = setInterval(() => {
          if (sent < streamFrames) res.write(chunk(`word${sent} `))
          else {
            clearInterval(timer)
            res.end(chunk(null, 'stop') + 'data: [DONE]\n\n')
          }
          sent += 1
        }, frameGapMs)
      })
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    upstream.closeAllConnections()
    await new Promise((resolve) => upstream.close(resolve))
    rmSync(out, { recursive: true, force: true })
  })

  it('relays and records a stream at its own pace while it writes, and the file holds every exchange at the end', async () => {
    const recorder = await startRecorder({ upstream: upstreamUrl, out, port: 0 })
    const headers = { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' }
    const embeddings = mapConcurrently(
      Array.from({ length: burst }, (_, index) => index),
      8,
      async (index) => {
        const response = await fetch(`${recorder.url}/v1/embeddings`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ model: 'text-embedding-3-small', input: Array.from({ length: inputs }, (_, j) => `chunk ${index}-${j}`) }),
        })
        await response.arrayBuffer()
      },
    )
    // Into the burst: the recorder is writing by now.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const response = await fetch(`${recorder.url}/v1/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Pace me' }] }),
    })
    // Each read is what reached the client at once: the upstream sends one event at a time, apart.
    const reads: number[] = []
    const decoder = new TextDecoder()
    for await (const piece of response.body!)
      reads.push(
        decoder
          .decode(piece)
          .split('\n\n')
          .filter((event) => event.trim() !== '').length,
      )
    await embeddings
    await recorder.close()

    const recording = recordingSchema.parse(JSON.parse(readFileSync(recorder.file, 'utf8')))
    expect(recording.exchanges).toHaveLength(burst + 1)
    expect(recorder.recorded).toBe(burst + 1)
    const stream = recording.exchanges.find((exchange) => exchange.stream === true)!
    expect(stream.response.reply!.text).toBe(Array.from({ length: streamFrames }, (_, i) => `word${i} `).join(''))
    // Relayed as they came: no read held two of the paced events.
    expect(Math.max(...reads.slice(0, streamFrames))).toBe(1)
    // Recorded as they came: each paced event at an arrival of its own.
    const times = stream.response.frames!.slice(0, streamFrames).map((frame) => frame.atMs)
    expect(new Set(times).size).toBe(streamFrames)
  }, 120_000)
})
