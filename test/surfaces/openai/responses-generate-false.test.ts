import OpenAI from 'openai'
import WebSocket from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../../support/modes.ts'
import { messages, startSocketGateway, type SocketHarness } from '../../support/sockets.ts'

// A strict script of one step: a warm-up (`generate: false`) must neither consume it nor be a mismatch.
const oneScriptedTurn = {
  name: 'one scripted turn',
  strict: true,
  steps: [{ when: { surface: 'openai' as const }, then: { reply: { text: 'The real turn.' } } }],
}
const warmUp = {
  model: 'gpt-4o-mini',
  instructions: 'You are a coding agent.',
  input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'List the files here' }] }],
  tools: [],
  store: false,
  generate: false,
}

describe.each(eitherMode)('POST /v1/responses with generate: false ($name)', (mode) => {
  const harness = useHarness(mode)
  afterEach(() => harness.gateway.reset())

  const post = (body: object, key = 'sk-unrestricted') =>
    fetch(`${harness.baseUrl}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('answers a completed response with no output and no usage, charges nothing and leaves the script alone', async () => {
    await harness.gateway.useScenario(oneScriptedTurn)
    const token = harness.gateway.world.findToken('sk-low-quota')!
    const before = token.usedQuota
    const response = await post({ ...warmUp, store: true }, 'sk-low-quota')
    expect(response.status).toBe(200)
    const prepared = (await response.json()) as { id: string; status: string; output: unknown[]; usage: { total_tokens: number } }
    expect(prepared).toMatchObject({ object: 'response', status: 'completed', output: [], usage: { input_tokens: 0, total_tokens: 0 } })
    expect(prepared.id).toMatch(/^resp_/)
    expect(token.usedQuota).toBe(before)
    expect(harness.gateway.journal.entries.at(-1)).toMatchObject({ status: 200, quota: 0, model: 'gpt-4o-mini' })
    expect(harness.gateway.journal.entries.at(-1)!.decidedBy).toBeUndefined()
    expect(harness.gateway.scenario.pending().pendingSteps).toHaveLength(1)

    // The real turn continues the warm-up's conversation, and is the script's step.
    const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
    const real = await client.responses.create({ model: 'gpt-4o-mini', previous_response_id: prepared.id, input: [] })
    expect(real.output_text).toBe('The real turn.')
    expect(real.id).not.toBe(prepared.id)
    expect(real.usage!.input_tokens).toBeGreaterThan(0)
    harness.gateway.scenario.assertDone()
  })

  it('chains the next request from it: the warm-up’s input is the conversation continued', async () => {
    const prepared = (await (await post({ ...warmUp, store: true })).json()) as { id: string }
    const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
    const alone = await client.responses.create({ model: 'gpt-4o-mini', input: 'And now?' })
    const chained = await client.responses.create({ model: 'gpt-4o-mini', previous_response_id: prepared.id, input: 'And now?' })
    // The warm-up's instructions are not carried over, as OpenAI has it; its user turn is.
    expect(chained.usage!.input_tokens).toBeGreaterThan(alone.usage!.input_tokens)
  })

  it('streams created, in_progress and completed, numbered, with no output', async () => {
    const response = await post({ ...warmUp, stream: true })
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const events = (await response.text())
      .split('\n\n')
      .filter((block) => block.includes('data: '))
      .map(
        (block) =>
          JSON.parse(block.slice(block.indexOf('data: ') + 6)) as {
            type: string
            sequence_number: number
            response: { output: unknown[] }
          },
      )
    expect(events.map((event) => [event.type, event.sequence_number])).toEqual([
      ['response.created', 0],
      ['response.in_progress', 1],
      ['response.completed', 2],
    ])
    expect(events[2]!.response.output).toEqual([])
  })

  it('is still refused a model the key may not use, and a previous_response_id that does not exist', async () => {
    const hidden = await post({ ...warmUp, model: 'claude-opus-4-1' })
    expect(hidden.status).toBe(404)
    const unknown = await post({ ...warmUp, previous_response_id: 'resp_nope' })
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({ error: { code: 'previous_response_not_found' } })
  })
})

describe('response.create with generate: false over a WebSocket, as Codex CLI warms it up', () => {
  const codexHeaders = { authorization: 'Bearer sk-unrestricted', 'OpenAI-Beta': 'responses_websockets=2026-02-06' }
  const isEnd = (event: { type: string }) => ['response.completed', 'response.failed', 'error'].includes(event.type)
  const create = (body: object) => JSON.stringify({ type: 'response.create', ...body })

  const warmsUpThenAnswers = async (socket: { send(text: string): void }, events: ReturnType<typeof messages>) => {
    socket.send(create(warmUp))
    const prepared = await events.until(isEnd)
    expect(prepared.map((event) => event.type)).toEqual(['response.created', 'response.in_progress', 'response.completed'])
    const { response } = prepared.at(-1)
    expect(response).toMatchObject({ status: 'completed', output: [], store: false, usage: { total_tokens: 0 } })
    // The real turn: only what is new, after the warm-up's id (store: false, as Codex sends it).
    socket.send(create({ model: 'gpt-4o-mini', store: false, previous_response_id: response.id, input: [] }))
    const real = await events.until(isEnd)
    expect(real.at(-1), JSON.stringify(real.at(-1))).toMatchObject({ type: 'response.completed', response: { status: 'completed' } })
    return real.at(-1).response
  }

  describe('against the server (the ws package)', () => {
    let harness: SocketHarness
    beforeAll(async () => {
      harness = await startSocketGateway('HTTP server', { scenarios: [oneScriptedTurn] })
    })
    afterAll(() => harness.close())

    it('answers with no output, no charge, no script step, and the next response.create continues it', async () => {
      const token = harness.gateway.world.findToken('sk-unrestricted')!
      const before = token.usedQuota
      const socket = new WebSocket(`${harness.baseURL.replace(/^http/, 'ws')}/responses`, { headers: codexHeaders })
      const events = messages((handler) => socket.on('message', (data) => handler(JSON.parse(String(data)))))
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
      try {
        const real = await warmsUpThenAnswers(socket, events)
        expect(real.output[0].content[0].text).toBe('The real turn.')
        const [warm, turn] = harness.gateway.journal.entries.filter((entry) => entry.method === 'WS')
        expect(warm).toMatchObject({ status: 200, quota: 0 })
        expect(turn!.quota).toBeGreaterThan(0)
        expect(token.usedQuota - before).toBe(turn!.quota)
        harness.gateway.scenario.assertDone()
      } finally {
        socket.close()
      }
    })
  })

  describe('in-process (the global WebSocket, setupServer)', () => {
    let harness: SocketHarness
    beforeAll(async () => {
      harness = await startSocketGateway('setupServer', { scenarios: [oneScriptedTurn] })
    })
    afterAll(() => harness.close())

    it('answers the same', async () => {
      const socket = new globalThis.WebSocket('wss://gateway.test/v1/responses', ['openai-insecure-api-key.sk-unrestricted'])
      const events = messages((handler) => socket.addEventListener('message', (event) => handler(JSON.parse(String(event.data)))))
      await new Promise((resolve) => socket.addEventListener('open', resolve))
      try {
        const real = await warmsUpThenAnswers(socket, events)
        expect(real.output[0].content[0].text).toBe('The real turn.')
        harness.gateway.scenario.assertDone()
      } finally {
        socket.close()
      }
    })
  })
})
