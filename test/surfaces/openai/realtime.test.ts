import OpenAI from 'openai'
import { OpenAIRealtimeWebSocket } from 'openai/realtime/websocket'
import { OpenAIRealtimeWS } from 'openai/realtime/ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { plainConnection, startSocketGateway, messages, type SocketHarness } from '../../support/sockets.ts'

const isDone = (event: { type: string }) => event.type === 'response.done'
const userText = (text: string) => ({ type: 'message' as const, role: 'user' as const, content: [{ type: 'input_text' as const, text }] })

/** Opens the SDK's global-WebSocket client and waits for `session.created`. */
async function connect(harness: SocketHarness, apiKey = 'sk-unrestricted', model = 'gpt-realtime') {
  const client = new OpenAI({ apiKey, baseURL: harness.baseURL })
  const rt = new OpenAIRealtimeWebSocket({ model }, client)
  const errors: any[] = []
  rt.on('error', (error) => errors.push(error))
  const events = messages((handler) => rt.on('event', handler))
  const closed = new Promise<{ code: number }>((resolve) =>
    rt.socket.addEventListener('close', (event: CloseEvent) => resolve({ code: event.code })),
  )
  return { rt, events, errors, closed }
}

const totalUsage = (done: any) => ({ promptTokens: done.response.usage.input_tokens, completionTokens: done.response.usage.output_tokens })

describe.each(['HTTP server', 'setupServer'] as const)('OpenAIRealtimeWebSocket (global WebSocket), %s', (name) => {
  for (const profile of ['spec', 'new-api'] as const) {
    describe(`${profile} profile`, () => {
      let harness: SocketHarness
      beforeAll(async () => {
        harness = await startSocketGateway(name, { profile })
      })
      afterAll(() => harness.close())

      it('answers text, billed through the key: quota goes down by (input + output × 4) × 2 × 1.5 for a vip key', async () => {
        const { rt, events } = await connect(harness, 'sk-vip')
        const created = (await events.until((event) => event.type === 'session.created')).at(-1)
        expect(created.session).toMatchObject({
          type: 'realtime',
          object: 'realtime.session',
          model: 'gpt-realtime',
          output_modalities: ['audio'],
        })
        rt.send({ type: 'session.update', session: { type: 'realtime', output_modalities: ['text'], instructions: 'Be brief.' } })
        const updated = (await events.until((event) => event.type === 'session.updated')).at(-1)
        expect(updated.session).toMatchObject({ output_modalities: ['text'], instructions: 'Be brief.' })
        rt.send({ type: 'conversation.item.create', item: userText('Hello there') })
        const added = await events.until((event) => event.type === 'conversation.item.done')
        expect(added.map((event) => event.type)).toEqual(['conversation.item.added', 'conversation.item.done'])
        const token = harness.gateway.world.findToken('sk-vip')!
        const before = token.remainQuota
        rt.send({ type: 'response.create' })
        const response = await events.until(isDone)
        const text = response
          .filter((event) => event.type === 'response.output_text.delta')
          .map((event) => event.delta)
          .join('')
        expect(text).toContain('Hello there')
        expect(response.find((event) => event.type === 'response.output_text.done').text).toBe(text)
        const done = response.at(-1)
        expect(done.response).toMatchObject({
          status: 'completed',
          output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] }],
        })
        const { promptTokens, completionTokens } = totalUsage(done)
        expect(done.response.usage.output_token_details.audio_tokens).toBe(0)
        expect(before - token.remainQuota).toBe(Math.round((promptTokens + completionTokens * 4) * 2 * 1.5))
        const entry = harness.gateway.journal.entries.at(-1)!
        expect(entry).toMatchObject({
          method: 'WS',
          path: '/v1/realtime',
          model: 'gpt-realtime',
          status: 200,
          usage: { promptTokens, completionTokens },
        })
        rt.close()
      })

      it('speaks: transcript deltas with PCM16 audio whose length follows the text, billed as audio tokens', async () => {
        const { rt, events } = await connect(harness)
        await events.until((event) => event.type === 'session.created')
        // 200 ms of silence, committed by hand: 24 kHz × 2 bytes.
        rt.send({ type: 'input_audio_buffer.append', audio: Buffer.alloc(9600).toString('base64') })
        rt.send({ type: 'input_audio_buffer.commit' })
        const committed = (await events.until((event) => event.type === 'input_audio_buffer.committed')).at(-1)
        expect(committed.item_id).toMatch(/^item_/)
        rt.send({ type: 'response.create' })
        const response = await events.until(isDone)
        const transcript = response.filter((event) => event.type === 'response.output_audio_transcript.delta')
        const audio = response.filter((event) => event.type === 'response.output_audio.delta')
        expect(audio.length).toBe(transcript.length)
        const bytes = audio.reduce((sum, event) => sum + Buffer.from(event.delta, 'base64').length, 0)
        // 200 ms of 24 kHz 16-bit audio per spoken token.
        expect(bytes).toBe(transcript.length * 9600)
        expect(response.map((event) => event.type)).toContain('response.output_audio.done')
        const done = response.at(-1)
        expect(done.response.output[0].content[0]).toEqual({
          type: 'output_audio',
          transcript: transcript.map((event) => event.delta).join(''),
        })
        expect(done.response.usage.input_token_details.audio_tokens).toBe(2)
        expect(done.response.usage.output_token_details.audio_tokens).toBe(Math.ceil((transcript.length * 200) / 50))
        rt.close()
      })

      it('calls a function when tools are offered, and answers the tool result turn', async () => {
        const { rt, events } = await connect(harness)
        await events.until((event) => event.type === 'session.created')
        const tool = {
          type: 'function' as const,
          name: 'get_weather',
          description: 'Weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        }
        rt.send({
          type: 'session.update',
          session: { type: 'realtime', output_modalities: ['text'], tools: [tool], tool_choice: 'required' },
        })
        rt.send({ type: 'conversation.item.create', item: userText('Weather in Paris?') })
        rt.send({ type: 'response.create' })
        const first = await events.until(isDone)
        const argsDone = first.find((event) => event.type === 'response.function_call_arguments.done')
        expect(argsDone.name).toBe('get_weather')
        expect(
          first
            .filter((event) => event.type === 'response.function_call_arguments.delta')
            .map((event) => event.delta)
            .join(''),
        ).toBe(argsDone.arguments)
        expect(JSON.parse(argsDone.arguments)).toHaveProperty('city')
        const call = first.at(-1).response.output[0]
        expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', call_id: argsDone.call_id, status: 'completed' })
        rt.send({
          type: 'conversation.item.create',
          item: { type: 'function_call_output', call_id: call.call_id, output: '{"temperature":21}' },
        })
        rt.send({ type: 'response.create', response: { tool_choice: 'none' } })
        const second = await events.until(isDone)
        expect(second.at(-1).response.output[0]).toMatchObject({ type: 'message', role: 'assistant' })
        rt.close()
      })

      it('answers a bad client event with an error event and stays open', async () => {
        const { rt, events, errors } = await connect(harness)
        await events.until((event) => event.type === 'session.created')
        rt.send({ type: 'input_audio_buffer.commit', event_id: 'mine' } as never)
        const tooShort = (await events.until((event) => event.type === 'error')).at(-1)
        expect(tooShort.error).toMatchObject({ type: 'invalid_request_error', code: 'input_audio_buffer_commit_empty', event_id: 'mine' })
        rt.socket.send(JSON.stringify({ type: 'session.dance' }))
        const unknown = (await events.until((event) => event.type === 'error')).at(-1)
        expect(unknown.error).toMatchObject({ code: 'invalid_value', param: 'type' })
        rt.socket.send('{not json')
        const notJson = (await events.until((event) => event.type === 'error')).at(-1)
        expect(notJson.error.message).toMatch(/^The event is not valid JSON/)
        rt.send({ type: 'response.cancel' })
        const notActive = (await events.until((event) => event.type === 'error')).at(-1)
        expect(notActive.error.code).toBe('response_cancel_not_active')
        expect(errors).toHaveLength(4)
        if (profile === 'new-api') {
          // new-api prints a request id in its messages: each error its own, none the handshake's.
          const handshake = harness.gateway.journal.entries.findLast((entry) => entry.method === 'GET')!.requestId
          const ids = [tooShort, unknown, notJson, notActive].map((event) => /\(request id: (\S+)\)$/.exec(event.error.message)?.[1])
          expect(ids.every((id) => id !== undefined && id !== handshake)).toBe(true)
          expect(new Set(ids).size).toBe(4)
        }
        rt.send({ type: 'conversation.item.create', item: userText('Still there?') })
        await events.until((event) => event.type === 'conversation.item.done')
        rt.close()
      })

      it('answers a binary message with an error event saying events are JSON text, and stays open', async () => {
        const { rt, events } = await connect(harness)
        await events.until((event) => event.type === 'session.created')
        rt.socket.send(new Uint8Array([0x7b, 0x7d, 0xff]))
        const binary = (await events.until((event) => event.type === 'error')).at(-1)
        expect(binary.event_id).toMatch(/^event_/)
        expect(binary.error).toMatchObject({ type: 'invalid_request_error', event_id: null })
        expect(binary.error.message).toMatch(/^The event is a binary message: send each event as a JSON object in a text message\./)
        rt.send({ type: 'conversation.item.create', item: userText('Still there?') })
        await events.until((event) => event.type === 'conversation.item.done')
        rt.close()
      })

      it('refuses audio that is not base64, in the buffer or in an item, naming the field; base64 audio in an item is taken', async () => {
        const { rt, events } = await connect(harness)
        await events.until((event) => event.type === 'session.created')
        rt.send({ type: 'input_audio_buffer.append', audio: 'not base64!', event_id: 'append' } as never)
        const buffer = (await events.until((event) => event.type === 'error')).at(-1)
        expect(buffer.error).toMatchObject({ type: 'invalid_request_error', param: 'audio', event_id: 'append' })
        const audioItem = (audio: string) => ({
          type: 'message' as const,
          role: 'user' as const,
          content: [
            { type: 'input_text' as const, text: 'Listen:' },
            { type: 'input_audio' as const, audio },
          ],
        })
        rt.send({ type: 'conversation.item.create', event_id: 'item', item: audioItem('not base64!') })
        const item = (await events.until((event) => event.type === 'error')).at(-1)
        expect(item.error).toMatchObject({ type: 'invalid_request_error', param: 'item.content[1].audio', event_id: 'item' })
        expect(item.error.message).toMatch(/^item\.content\[1\]\.audio: Invalid base64 audio\./)
        rt.send({ type: 'conversation.item.create', item: audioItem(Buffer.alloc(4800).toString('base64')) })
        const added = await events.until((event) => event.type === 'conversation.item.done')
        expect(added.map((event) => event.type)).toEqual(['conversation.item.added', 'conversation.item.done'])
        rt.close()
      })

      it('refuses an event without a string type as invalid, naming the field and no event_id', async () => {
        const { rt, events } = await connect(harness)
        await events.until((event) => event.type === 'session.created')
        rt.socket.send(JSON.stringify({ event_id: 'mine', type: 7 }))
        const notString = (await events.until((event) => event.type === 'error')).at(-1)
        expect(notString.error).toMatchObject({ type: 'invalid_request_error', param: 'type', event_id: null })
        expect(notString.error.message).toMatch(/^type: /)
        rt.close()
      })

      it('refuses a bad key: in-process an error event then close 4401; over the server the handshake fails', async () => {
        const { events, errors, closed } = await connect(harness, 'sk-nope')
        const { code } = await closed
        if (name === 'setupServer') {
          expect(code).toBe(4401)
          expect(events.seen).toEqual([
            expect.objectContaining({
              type: 'error',
              error: expect.objectContaining({ code: profile === 'spec' ? 'invalid_api_key' : '' }),
            }),
          ])
        } else {
          expect(code).toBe(1006)
          expect(errors.length).toBeGreaterThan(0)
        }
        expect(harness.gateway.journal.entries.at(-1)).toMatchObject({ method: 'GET', path: '/v1/realtime', status: 401 })
      })

      it('refuses a model the key cannot see and a model of another kind', async () => {
        const limited = await connect(harness, 'sk-limited')
        await limited.closed
        expect(harness.gateway.journal.entries.at(-1)).toMatchObject({
          path: '/v1/realtime',
          model: 'gpt-realtime',
          status: profile === 'spec' ? 404 : 403,
          error: 'model_outside_key_limits',
        })
        const chat = await connect(harness, 'sk-unrestricted', 'gpt-4o')
        await chat.closed
        expect(harness.gateway.journal.entries.at(-1)).toMatchObject({ model: 'gpt-4o', status: 400, error: 'model_not_realtime' })
      })
    })
  }
})

describe('scenarios on /v1/realtime (both bindings)', () => {
  for (const name of ['HTTP server', 'setupServer'] as const) {
    describe(name, () => {
      let harness: SocketHarness
      beforeAll(async () => {
        harness = await startSocketGateway(name)
      })
      afterAll(() => harness.close())

      it('refuses the handshake when a rule with upgrade: true fails it; rules for requests leave it alone', async () => {
        await harness.gateway.useScenario({
          name: 'no realtime',
          rules: [
            { when: { route: '/v1/realtime', upgrade: true, times: 1 }, then: { fail: { code: 'rate_limit_exceeded' } } },
            { when: { times: 5 }, then: { delayMs: 0 } },
          ],
        })
        const refused = await connect(harness)
        const { code } = await refused.closed
        expect(code).toBe(name === 'setupServer' ? 4429 : 1006)
        expect(harness.gateway.journal.entries.at(-1)).toMatchObject({
          method: 'GET',
          status: 429,
          decidedBy: 'scenario "no realtime" rule #1',
        })
        const next = await connect(harness)
        await next.events.until((event) => event.type === 'session.created')
        next.rt.close()
      })

      it('fails a response with an error event, and breaks one with response.done failed, then drops the socket', async () => {
        await harness.gateway.useScenario({
          name: 'bad responses',
          steps: [
            { then: { fail: { code: 'upstream_error', status: 503 } } },
            { then: { breakStream: { afterChunks: 2, error: { code: 'upstream_error' } } } },
            { then: { breakStream: { afterChunks: 1, disconnect: true } } },
          ],
        })
        const { rt, events, closed } = await connect(harness)
        await events.until((event) => event.type === 'session.created')
        rt.send({ type: 'session.update', session: { type: 'realtime', output_modalities: ['text'] } })
        rt.send({ type: 'conversation.item.create', item: userText('Hi') })
        rt.send({ type: 'response.create' })
        const failed = (await events.until((event) => event.type === 'error')).at(-1)
        expect(failed.error).toMatchObject({ code: 'upstream_error' })
        rt.send({ type: 'response.create' })
        const broken = await events.until(isDone)
        expect(broken.filter((event) => event.type === 'response.output_text.delta')).toHaveLength(2)
        expect(broken.at(-2)).toMatchObject({ type: 'error', error: { code: 'upstream_error' } })
        expect(broken.at(-1).response).toMatchObject({
          status: 'failed',
          status_details: { type: 'failed', error: { code: 'upstream_error' } },
        })
        rt.send({ type: 'response.create' })
        const { code } = await closed
        expect(code).toBe(1006)
        expect(events.seen.filter((event) => event.type === 'response.output_text.delta')).toHaveLength(3)
        harness.gateway.scenario.assertDone()
        await harness.gateway.useScenario()
      })

      it('announces a response cancelled before its first event: response.created, then response.done cancelled', async () => {
        // Held in admission long enough for the cancel to come first.
        await harness.gateway.useScenario({ name: 'held', rules: [{ when: { route: 'WS /v1/realtime' }, then: { delayMs: 200 } }] })
        try {
          const { rt, events } = await connect(harness)
          await events.until((event) => event.type === 'session.created')
          rt.send({ type: 'response.create' })
          rt.send({ type: 'response.cancel' })
          const ended = await events.until(isDone)
          expect(ended.map((event) => event.type)).toEqual(['response.created', 'response.done'])
          expect(ended[0].response.id).toBe(ended[1].response.id)
          expect(ended[1].response).toMatchObject({ status: 'cancelled', status_details: { reason: 'client_cancelled' } })
          rt.close()
        } finally {
          await harness.gateway.useScenario()
        }
      })
    })
  }
})

describe('OpenAIRealtimeWS (the ws package) against the server', () => {
  let harness: SocketHarness
  beforeAll(async () => {
    harness = await startSocketGateway('HTTP server')
  })
  afterAll(() => harness.close())

  it('sends the key as Authorization and gets a session and a text response', async () => {
    const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: harness.baseURL })
    const rt = new OpenAIRealtimeWS({ model: 'gpt-realtime', options: plainConnection as never }, client)
    const events = messages((handler) => rt.on('event', handler))
    await events.until((event) => event.type === 'session.created')
    rt.send({ type: 'session.update', session: { type: 'realtime', output_modalities: ['text'] } })
    rt.send({ type: 'conversation.item.create', item: userText('Hello from ws') })
    rt.send({ type: 'response.create' })
    const response = await events.until(isDone)
    expect(response.at(-1).response.status).toBe('completed')
    const closed = new Promise((resolve) => rt.socket.once('close', resolve))
    rt.close()
    await closed
  })

  it('gets a bad key refused with a 401 handshake', async () => {
    const client = new OpenAI({ apiKey: 'sk-nope', baseURL: harness.baseURL })
    const rt = new OpenAIRealtimeWS({ model: 'gpt-realtime', options: plainConnection as never }, client)
    const error = await new Promise<Error>((resolve) => rt.on('error', resolve))
    expect(error.message).toContain('401')
  })
})
