import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordingSchema } from '../../src/index.ts'
import { startRecorder } from '../../src/node/index.ts'
import { mapConcurrently } from '../support/map-concurrently.ts'
import { fixture } from '../support/paths.ts'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'

// A session that writes a large recording (a burst of embedding requests, each answered with
// eight long vectors), then a stream through the recorder while it writes what the burst left: the
// stream must reach its client frame by frame as the upstream sends it, and be recorded at the
// upstream's pace, whatever the recorder is writing meanwhile.

const inputs = 8
const burst = 150
const streamFrames = 10

describe('the recorder under a burst of large answers', () => {
  let upstream: CliProcess
  let upstreamUrl = ''
  let out = ''

  beforeAll(async () => {
    out = join(mkdtempSync(join(tmpdir(), 'llm-gateway-mock-record-load-')), 'recordings')
    // In a process of its own: its pace must not wait for the recorder's work.
    upstream = spawnCli(process.execPath, [fixture('upstreams/paced-upstream.mjs')])
    upstreamUrl = (await upstream.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!
  })
  afterAll(async () => {
    await upstream?.stop()
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
    // Once the burst is answered, what it leaves the recorder to write is written while the stream plays.
    await embeddings
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
    // Relayed as they came, and recorded so: each paced event reached the client, and the recording, on its own.
    // (A busy machine may hold up one event now and then; the stall this guards against bunched most of them.)
    expect(Math.max(...reads.slice(0, streamFrames))).toBeLessThanOrEqual(2)
    const times = stream.response.frames!.slice(0, streamFrames).map((frame) => frame.atMs)
    expect(new Set(times).size).toBeGreaterThanOrEqual(streamFrames - 2)
  }, 120_000)
})
