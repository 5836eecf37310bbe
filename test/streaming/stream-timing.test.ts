import { describe, expect, it } from 'vitest'
import { modes, useHarness } from '../support/modes.ts'

const timers = () => process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length

describe.each(modes)('streaming timing and disconnects ($name)', (mode) => {
  const harness = useHarness(mode, {
    world: {
      extends: 'default',
      models: [
        {
          id: 'slow-model',
          ownedBy: 'custom',
          pricing: { ratio: 1 },
          reply: { type: 'lorem', tokens: 40 },
          streaming: { firstTokenMs: 150, tokensPerSecond: 20 },
        },
      ],
      groups: [{ name: 'default', models: ['gpt-4o-mini', 'slow-model'] }],
    },
  })

  const startStream = (signal?: AbortSignal) =>
    fetch(`${harness.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'slow-model', stream: true, messages: [{ role: 'user', content: 'Take your time' }] }),
      signal,
    })

  /** Reads SSE `data:` payloads as they arrive, with the time each one was seen. */
  async function* events(response: Response) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      buffer += value
      let end
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        yield { data: buffer.slice(6, end), at: performance.now() }
        buffer = buffer.slice(end + 2)
      }
    }
  }

  it('waits the time to first token, then paces tokens at the model rate', async () => {
    const started = performance.now()
    const aborter = new AbortController()
    const response = await startStream(aborter.signal)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const seen: number[] = []
    for await (const event of events(response)) {
      if (event.data.includes('"content":"') && !event.data.includes('"content":""')) seen.push(event.at)
      if (seen.length === 4) break
    }
    aborter.abort()
    // The role chunk comes at once; the first token after firstTokenMs (150), then one per 50 ms.
    expect(seen[0]! - started).toBeGreaterThanOrEqual(120)
    for (let i = 1; i < seen.length; i++) expect(seen[i]! - seen[i - 1]!).toBeGreaterThanOrEqual(30)
  })

  it('stops the stream and its timer when the client goes away mid-stream', async () => {
    // The previous test's aborted stream winds down first; then nothing else here keeps a timer.
    await expect.poll(timers, { timeout: 1_000, interval: 20 }).toBe(0)
    const aborter = new AbortController()
    const response = await startStream(aborter.signal)
    let received = 0
    let timersWhileStreaming: number | undefined
    let stoppedBy: unknown
    try {
      for await (const event of events(response)) {
        if (event.data.includes('"content":"L')) {
          received += 1
          timersWhileStreaming = timers()
          aborter.abort()
        }
      }
    } catch (error) {
      stoppedBy = error
    }
    expect(received).toBe(1)
    expect(timersWhileStreaming).toBe(1)
    expect((stoppedBy as Error | undefined)?.name ?? 'AbortError').toBe('AbortError')
    await expect.poll(timers, { timeout: 1_000, interval: 20 }).toBe(0)
  })
})
