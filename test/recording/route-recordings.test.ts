import { describe, expect, it } from 'vitest'
import { defineRoute, type Route } from '../../src/pipeline/route.ts'
import { json } from '../../src/pipeline/reply.ts'
import { namedRecordings } from '../../src/recording/named-recordings.ts'
import { recordingOf } from '../../src/recording/recorded-routes.ts'
import { recordingSchemaOf } from '../../src/recording/recording-schema.ts'
import { embeddingKey } from '../../src/recording/request-key.ts'
import { identifyRoute } from '../../src/recording/identify-route.ts'
import { Replay } from '../../src/recording/replay.ts'
import type { ConversationKey } from '../../src/recording/recording-schema.ts'
import type { SseEvent } from '../../src/recording/sse-frames.ts'
import { routes } from '../../src/surfaces/routes.ts'

// The seam between recording and the surfaces: each route that replays declares its request key
// and how its answers collapse (src/surfaces/*/*-recording.ts), and recording reads a route
// table's declarations alone. These tests go through the declarations as recording finds them.

/** The declaration recording finds for `id` among the gateway's routes, and the route's own body schema. */
function declared(id: string) {
  const route = routes.find((candidate) => candidate.id === id)!
  const recording = recordingOf(routes, id)!
  return { recording, body: (input: unknown) => route.body!.schema.parse(input) }
}

const data = (...events: unknown[]): SseEvent[] => events.map((event) => ({ data: JSON.stringify(event) }))

describe('the recorded routes of the gateway', () => {
  it('are the generations and embeddings, each family answering for the routes that share it', () => {
    const families = Object.fromEntries(
      routes.flatMap((route) => {
        const recording = recordingOf(routes, route.id)
        return recording ? [[route.id, recording.family]] : []
      }),
    )
    expect(families).toEqual({
      'gemini.generate_content': 'gemini.generate_content',
      'gemini.stream_generate_content': 'gemini.generate_content',
      'gemini.count_tokens_as_generation': 'gemini.generate_content',
      'gemini.embed_content': 'gemini.embed_content',
      'gemini.batch_embed_contents': 'gemini.batch_embed_contents',
      'openai.chat_completions': 'openai.chat_completions',
      'openai.embeddings': 'openai.embeddings',
      'openai.responses': 'openai.responses',
      'anthropic.messages': 'anthropic.messages',
    })
  })

  it('key one conversation alike, whichever surface spells it: its last user turn, tools and system prompt', () => {
    const tool = { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }
    const chat = declared('openai.chat_completions')
    const messages = declared('anthropic.messages')
    const gemini = declared('gemini.generate_content')
    const chatKey = chat.recording.key(
      chat.body({
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Weather in Oslo?' },
        ],
        tools: [{ type: 'function', function: tool }],
      }),
    )
    const messagesKey = messages.recording.key(
      messages.body({
        model: 'claude-sonnet-4-5',
        max_tokens: 100,
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'Weather in Oslo?' }],
        tools: [{ name: tool.name, description: tool.description, input_schema: tool.parameters }],
      }),
    )
    const geminiKey = gemini.recording.key(
      gemini.body({
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        contents: [{ role: 'user', parts: [{ text: 'Weather in Oslo?' }] }],
        tools: [{ functionDeclarations: [tool] }],
      }),
    )
    expect(chatKey).toMatchObject({ lastUserTurn: 'Weather in Oslo?', turns: 1, toolResults: [], tools: ['get_weather'] })
    const { systemHash, toolsHash } = chatKey as ConversationKey
    expect([systemHash, toolsHash]).toEqual([expect.any(String), expect.any(String)])
    expect(messagesKey).toEqual(chatKey)
    expect(geminiKey).toEqual(chatKey)
  })

  it("key a Responses continuation by its own input, and a tool loop's step by the results since the last user turn", () => {
    const responses = declared('openai.responses')
    const key = responses.recording.key(
      responses.body({
        model: 'gpt-4o-mini',
        previous_response_id: 'resp_abc',
        input: [{ type: 'function_call_output', call_id: 'call_1', output: '{"temp":3}' }],
      }),
    )
    expect(key).toMatchObject({ turns: 1, toolResults: ['{"temp":3}'], tools: [], systemHash: null })
  })

  it('key embeddings by their texts and the dimensions asked, on either surface', () => {
    const openai = declared('openai.embeddings')
    const embed = declared('gemini.embed_content')
    const batch = declared('gemini.batch_embed_contents')
    expect(openai.recording.key(openai.body({ model: 'text-embedding-3-small', input: ['a', 'b'], dimensions: 4 }))).toEqual({
      inputs: ['a', 'b'],
      dimensions: 4,
    })
    expect(embed.recording.key(embed.body({ content: { parts: [{ text: 'a' }] }, outputDimensionality: 8 }))).toEqual({
      inputs: ['a'],
      dimensions: 8,
    })
    expect(
      batch.recording.key(
        batch.body({
          requests: [
            { model: 'models/text-embedding-004', content: { parts: [{ text: 'a' }] }, outputDimensionality: 8 },
            { model: 'models/text-embedding-004', content: { parts: [{ text: 'b' }] }, outputDimensionality: 8 },
          ],
        }),
      ),
    ).toEqual(embeddingKey([{ text: 'a' }, { text: 'b' }] as never, 8))
  })

  it("collapse a Gemini answer and its stream into the same reply, a function call's arguments as an object", () => {
    const { answers } = declared('gemini.stream_generate_content').recording
    const candidate = (parts: unknown[], finishReason?: string) => ({
      content: { role: 'model', parts },
      ...(finishReason && { finishReason }),
    })
    const usageMetadata = { promptTokenCount: 9, candidatesTokenCount: 4 }
    const whole = answers.json({
      responseId: 'r1',
      candidates: [
        candidate([{ text: 'Hello ' }, { text: 'there' }, { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }], 'STOP'),
      ],
      usageMetadata,
    })
    const streamed = answers.stream!(
      data(
        { responseId: 'r1', candidates: [candidate([{ text: 'Hello ' }])] },
        { responseId: 'r1', candidates: [candidate([{ text: 'there' }])] },
        {
          responseId: 'r1',
          candidates: [candidate([{ functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }], 'STOP')],
          usageMetadata,
        },
      ),
    )
    const reply = {
      id: 'r1',
      text: 'Hello there',
      toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }],
      finishReason: 'tool_calls',
      usage: { promptTokens: 9, completionTokens: 4 },
    }
    expect(whole).toEqual(reply)
    expect(streamed).toEqual({ reply, complete: true, progress: [6, 11, 11 + 'get_weather'.length + '{"city":"Oslo"}'.length] })
  })

  it('collapse a Responses stream into the response its last event carries, and tell a failed one', () => {
    const { answers } = declared('openai.responses').recording
    const response = {
      id: 'resp_1',
      output: [{ type: 'message', content: [{ type: 'output_text', text: 'Hi!' }] }],
      usage: { input_tokens: 5, output_tokens: 2 },
    }
    const reply = { id: 'resp_1', text: 'Hi!', toolCalls: [], finishReason: 'stop', usage: { promptTokens: 5, completionTokens: 2 } }
    expect(answers.json(response)).toEqual(reply)
    expect(
      answers.stream!(
        data(
          { type: 'response.output_text.delta', delta: 'Hi' },
          { type: 'response.output_text.delta', delta: '!' },
          { type: 'response.completed', response },
        ),
      ),
    ).toEqual({ reply, complete: true, progress: [2, 3, 3] })
    const failed = answers.stream!(data({ type: 'response.failed', response: { error: { message: 'overloaded' } } }))
    expect(failed).toMatchObject({ complete: false, failed: 'overloaded' })
  })

  it('collapse embeddings: OpenAI base64 float32s in index order, and Gemini values', () => {
    const base64 = (values: number[]) => Buffer.from(new Float32Array(values).buffer).toString('base64')
    const openai = declared('openai.embeddings').recording.answers.json({
      data: [
        { index: 1, embedding: base64([0.5, -1]) },
        { index: 0, embedding: [0.25, 2] },
      ],
      usage: { prompt_tokens: 3 },
    })
    expect(openai).toEqual({
      vectors: [
        [0.25, 2],
        [0.5, -1],
      ],
      promptTokens: 3,
    })
    expect(
      declared('gemini.batch_embed_contents').recording.answers.json({ embeddings: [{ values: [1, 2] }, { values: [3, 4] }] }),
    ).toEqual({
      vectors: [
        [1, 2],
        [3, 4],
      ],
    })
    // A vector that is not one is no answer of the route's: kept as its body instead.
    expect(declared('gemini.embed_content').recording.answers.json({ embedding: { values: [1, 'two'] } })).toBeUndefined()
  })
})

describe('recording, on a route table of its own', () => {
  // A route no surface has: recording knows it through its declaration alone.
  const echo = defineRoute({
    id: 'test.echo',
    method: 'POST',
    path: '/echo',
    surface: 'openai',
    auth: routes.find((route) => route.id === 'openai.chat_completions')!.auth,
    handle: () => json({}),
    recording: {
      family: 'test.echo',
      kind: 'embeddings',
      key: (body: { texts: string[] }) => embeddingKey(body.texts.map((text) => ({ text })) as never, undefined),
      prefixes: {},
      answers: { json: (body) => ({ vectors: (body as { v: number[][] }).v }) },
    },
  })
  const table: readonly Route<any, any>[] = [echo]
  const exchange = (route: string) => ({
    id: 1,
    surface: 'openai' as const,
    route,
    method: 'POST',
    path: '/echo',
    request: { inputs: ['hi'] },
    response: { status: 200, embeddings: { vectors: [[1, 2]] } },
  })

  it("checks a recording's routes and answers against the table's declarations", () => {
    expect(recordingSchemaOf(table).safeParse({ version: 1, exchanges: [exchange('test.echo')] }).success).toBe(true)
    // The gateway's own routes are not this table's.
    expect(recordingSchemaOf(table).safeParse({ version: 1, exchanges: [exchange('openai.embeddings')] }).success).toBe(false)
    expect(recordingSchemaOf(routes).safeParse({ version: 1, exchanges: [exchange('test.echo')] }).success).toBe(false)
  })

  it('identifies requests and replays by the family the route declares', () => {
    expect(identifyRoute(new Request('http://gateway.test/echo', { method: 'POST' }), table).route?.id).toBe('test.echo')
    const replay = new Replay(namedRecordings({ version: 1, exchanges: [exchange('test.echo')] }, table), table)
    const request = { requestId: 'r', method: 'POST', path: '/echo', route: 'test.echo', model: '', stream: false }
    const outcome = replay.take({ ...request, key: echo.recording!.key({ texts: ['hi'] }) })
    expect(outcome.found && outcome.exchange.response.embeddings).toEqual({ vectors: [[1, 2]] })
    expect(replay.take({ ...request, key: echo.recording!.key({ texts: ['hi'] }) })).toMatchObject({ found: false })
  })
})
