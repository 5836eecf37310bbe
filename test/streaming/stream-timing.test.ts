import { describe, expect, it } from 'vitest'
import { drivenTime, settle } from '../support/driven-time.ts'
import { modes, useHarness } from '../support/modes.ts'

// Both modes: the HTTP server and the in-process handlers each play a stream out their own way.
// The gateway waits on a time the test drives, so what is seen is the pacing, not the machine's speed.
describe.each(modes)('streaming timing and disconnects ($name)', (mode) => {
  const time = drivenTime()
  const harness = useHarness(mode, {
    time,
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

  /** Reads SSE `data:` payloads one at a time. */
  function events(response: Response) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    return async (): Promise<string | undefined> => {
      for (;;) {
        const end = buffer.indexOf('\n\n')
        if (end >= 0) {
          const data = buffer.slice(6, end)
          buffer = buffer.slice(end + 2)
          return data
        }
        const { done, value } = await reader.read()
        if (done) return undefined
        buffer += value
      }
    }
  }
  const carriesText = (data: string | undefined) => data !== undefined && data.includes('"content":"') && !data.includes('"content":""')

  /** Starts reading the next event, noting whether it has come. */
  const pending = (next: () => Promise<string | undefined>) => {
    const read = { came: false, event: next() }
    void read.event.then(() => (read.came = true))
    return read
  }

  it('waits the time to first token, then paces tokens at the model rate', async () => {
    const asked = time.asked.length
    const next = events(await startStream())
    // The role chunk comes at once; the first token only once firstTokenMs (150) has passed.
    expect(carriesText(await next())).toBe(false)
    const first = pending(next)
    await expect.poll(() => time.pending()).toBe(1)
    time.advance(149)
    await settle()
    expect(first.came).toBe(false)
    time.advance(1)
    expect(carriesText(await first.event)).toBe(true)
    // Then each token after 1000 / 20 = 50 ms, none sooner.
    for (let token = 2; token <= 4; token++) {
      const later = pending(next)
      await expect.poll(() => time.pending()).toBe(1)
      time.advance(49)
      await settle()
      expect(later.came).toBe(false)
      time.advance(1)
      expect(carriesText(await later.event)).toBe(true)
    }
    // The rest, as fast as the test advances: 40 tokens in all, one wait each.
    let data: string | undefined
    do {
      const rest = pending(next)
      while (!rest.came) {
        time.advance(50)
        await settle(2)
      }
      data = await rest.event
    } while (data !== undefined && data !== '[DONE]')
    expect(time.asked.slice(asked)).toEqual([150, ...Array<number>(39).fill(50)])
  })

  it('stops the stream and its wait when the client goes away mid-stream', async () => {
    const aborter = new AbortController()
    const next = events(await startStream(aborter.signal))
    await next()
    const first = pending(next)
    await expect.poll(() => time.pending()).toBe(1)
    time.advance(150)
    expect(carriesText(await first.event)).toBe(true)
    // The gateway now waits for the second token; the client leaves.
    await expect.poll(() => time.pending()).toBe(1)
    const asked = time.asked.length
    aborter.abort()
    const stoppedBy = await next().then(
      () => undefined,
      (error: unknown) => error,
    )
    expect((stoppedBy as Error | undefined)?.name ?? 'AbortError').toBe('AbortError')
    // The wait ends with the client, and no other starts: the stream is over, however long the time runs.
    await expect.poll(() => time.pending()).toBe(0)
    time.advance(60_000)
    await settle()
    expect(time.asked.length).toBe(asked)
    expect(time.pending()).toBe(0)
  })
})
