import { describe, expect, it } from 'vitest'
import { chatConversation, chatRequestSchema } from '../../src/surfaces/openai/chat/chat-request.ts'
import { ownInputConversation } from '../../src/surfaces/openai/responses/responses-conversation.ts'
import { responsesRequestSchema } from '../../src/surfaces/openai/responses/responses-request.ts'
import { moreOfferedTools } from '../../src/surfaces/openai/responses/offered-tools.ts'
import { messagesConversation, messagesRequestSchema } from '../../src/surfaces/anthropic/messages/messages-request.ts'
import { generateContentRequestSchema, generateConversation } from '../../src/surfaces/gemini/generate/generate-request.ts'
import { responseConversation } from '../../src/surfaces/openai/realtime/response-conversation.ts'
import { newSession } from '../../src/surfaces/openai/realtime/session-config.ts'
import type { RealtimeItem } from '../../src/surfaces/openai/realtime/conversation-items.ts'
import { conversationView, type ConversationView } from '../../src/conversation/conversation-view.ts'
import { describeDifference, differences, matchesRequest, meetsWhen, type ScenarioRequest } from '../../src/scenarios/match-request.ts'
import { resolveScenario, checkScenario } from '../../src/scenarios/resolve-scenario.ts'
import { ScenarioError } from '../../src/scenarios/scenario-error.ts'
import { ScenarioEngine } from '../../src/scenarios/scenario-engine.ts'
import { resolveWorld } from '../../src/world/resolve-world.ts'
import type { RequestMatch } from '../../src/scenarios/scenario-schema.ts'

// One tool loop, in each surface's own form: a system prompt, the user asking for the weather, the
// model calling get_weather (call id `call_1`), and the tool's result coming back.
const chatBody = chatRequestSchema.parse({
  model: 'gpt-4o-mini',
  messages: [
    { role: 'system', content: 'You are a weather bot.' },
    { role: 'user', content: [{ type: 'text', text: 'What is the weather in Paris?' }] },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
    },
    { role: 'tool', tool_call_id: 'call_1', content: 'Sunny, 21 C' },
  ],
  tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }],
})

const responsesBody = responsesRequestSchema.parse({
  model: 'gpt-4o-mini',
  instructions: 'You are a weather bot.',
  input: [
    { type: 'additional_tools', tools: [{ type: 'custom', name: 'exec', description: 'Runs a command' }] },
    { role: 'user', content: [{ type: 'input_text', text: 'What is the weather in Paris?' }] },
    { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
    { type: 'function_call_output', call_id: 'call_1', output: 'Sunny, 21 C' },
  ],
  tools: [{ type: 'function', name: 'get_weather', parameters: { type: 'object' } }],
})

const anthropicBody = messagesRequestSchema.parse({
  model: 'claude-sonnet-4-6',
  max_tokens: 256,
  system: [{ type: 'text', text: 'You are a weather bot.' }],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'What is the weather in Paris?' }] },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: [{ type: 'text', text: 'Sunny, 21 C' }] }] },
  ],
  tools: [{ name: 'get_weather', input_schema: { type: 'object' } }],
})

const geminiBody = generateContentRequestSchema.parse({
  systemInstruction: { parts: [{ text: 'You are a weather bot.' }] },
  contents: [
    { role: 'user', parts: [{ text: 'What is the weather in Paris?' }] },
    { role: 'model', parts: [{ functionCall: { id: 'call_1', name: 'get_weather', args: { city: 'Paris' } } }] },
    { role: 'user', parts: [{ functionResponse: { id: 'call_1', name: 'get_weather', response: { output: 'Sunny, 21 C' } } }] },
  ],
  tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: { type: 'object' } }] }],
})

const item = (fields: Record<string, unknown>) => ({
  id: `item_${String(fields.type)}`,
  object: 'realtime.item',
  status: 'completed',
  ...fields,
})
const realtimeItems = [
  item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'What is the weather in Paris?' }] }),
  item({ type: 'function_call', name: 'get_weather', call_id: 'call_1', arguments: '{"city":"Paris"}' }),
  { id: 'item_out', object: 'realtime.item', type: 'function_call_output', call_id: 'call_1', output: 'Sunny, 21 C' },
] as RealtimeItem[]
const realtimeSettings = {
  ...newSession('sess_1', 'gpt-realtime', 0),
  instructions: 'You are a weather bot.',
  tools: [{ type: 'function' as const, name: 'get_weather', parameters: { type: 'object' } }],
}

const surfaces: [string, () => ConversationView][] = [
  ['chat messages', () => conversationView(chatConversation(chatBody))],
  ['Responses input items', () => conversationView(ownInputConversation(responsesBody), moreOfferedTools(responsesBody))],
  ['Anthropic blocks', () => conversationView(messagesConversation(anthropicBody))],
  ['Gemini contents', () => conversationView(generateConversation(geminiBody))],
  ['Realtime conversation items', () => conversationView(responseConversation(realtimeSettings as never, realtimeItems))],
]

/** A request as the engine sees it, with `view` as its conversation and `headers` as its headers. */
function requestWith(view: ConversationView | undefined, headers: Record<string, string> = {}): ScenarioRequest {
  return {
    requestId: 'req_1',
    method: 'POST',
    pathname: '/v1/chat/completions',
    surface: 'openai',
    model: 'gpt-4o-mini',
    token: { key: 'sk-unrestricted' } as ScenarioRequest['token'],
    user: { id: 1, username: 'root' } as ScenarioRequest['user'],
    stream: false,
    headers: new Headers(headers),
    conversation: () => view,
  }
}

describe.each(surfaces)('the conversation read from %s', (_, read) => {
  const view = read()

  it('holds what the content fields read', () => {
    expect(view).toMatchObject({
      message: 'What is the weather in Paris?',
      system: expect.stringContaining('You are a weather bot.'),
      toolResults: [{ callId: 'call_1', name: 'get_weather', text: expect.stringContaining('Sunny, 21 C') }],
      tools: expect.arrayContaining(['get_weather']),
      turn: 1,
    })
  })

  it.each<[RequestMatch, boolean]>([
    [{ message: 'weather in Paris' }, true],
    [{ message: '/WEATHER/i' }, true],
    [{ message: 'weather in Rome' }, false],
    [{ system: 'weather bot' }, true],
    [{ system: '/^Be terse/' }, false],
    [{ toolResult: true }, true],
    [{ toolResult: false }, false],
    [{ toolResult: '/sunny/i' }, true],
    [{ toolResult: 'Rain' }, false],
    [{ toolCallId: 'call_1' }, true],
    [{ toolCallId: 'call_' }, false],
    [{ toolCallId: '/^call_/' }, true],
    [{ tool: 'get_weather' }, true],
    [{ tool: '*' }, true],
    [{ tool: 'send_mail' }, false],
    [{ turn: 1 }, true],
    [{ turn: 2 }, false],
    [{ message: '/weather/', toolResult: true, tool: 'get_weather', turn: 1 }, true],
  ])('when %j: %s', (when, expected) => {
    expect(matchesRequest(when, requestWith(view))).toBe(expected)
  })
})

describe('the content fields', () => {
  const asking = conversationView(
    chatConversation(chatRequestSchema.parse({ model: 'm', messages: [{ role: 'user', content: 'Say hello' }] })),
  )

  it('see no tool result and no tools in a first turn', () => {
    expect(asking).toEqual({ message: 'Say hello', system: '', toolResults: [], tools: [], turn: 1 })
    expect(matchesRequest({ toolResult: false }, requestWith(asking))).toBe(true)
    expect(matchesRequest({ tool: '*' }, requestWith(asking))).toBe(false)
  })

  it('read only the results since the model last spoke: a new question after a tool loop returns none', () => {
    const later = chatRequestSchema.parse({
      model: 'm',
      messages: [...chatBody.messages, { role: 'assistant', content: 'It is sunny.' }, { role: 'user', content: 'And tomorrow?' }],
    })
    const view = conversationView(chatConversation(later))
    expect(view).toMatchObject({ message: 'And tomorrow?', toolResults: [], turn: 2 })
  })

  it('count Codex freeform tools declared in an additional_tools item as offered', () => {
    const view = surfaces[1]![1]()
    expect(view.tools).toEqual(['get_weather', 'exec'])
    expect(matchesRequest({ tool: 'exec' }, requestWith(view))).toBe(true)
  })

  it('never match a request that carries no conversation (embeddings, a handshake)', () => {
    for (const when of [{ message: 'a' }, { toolResult: false }, { tool: '*' }, { turn: 1 }] as RequestMatch[])
      expect(matchesRequest(when, requestWith(undefined))).toBe(false)
  })

  it('never read the conversation when no content field is asked for', () => {
    let reads = 0
    const request = { ...requestWith(asking), conversation: () => (reads++, asking) }
    expect(matchesRequest({ model: 'gpt-4o-mini', stream: false }, request)).toBe(true)
    expect(matchesRequest({ model: 'other', message: 'Say' }, request)).toBe(false)
    expect(reads).toBe(0)
  })

  it('match headers by exact value or pattern, in any case of the name', () => {
    const request = requestWith(asking, { 'X-Test-Id': 'a', originator: 'codex_exec' })
    expect(matchesRequest({ header: { 'x-test-id': 'a' } }, request)).toBe(true)
    expect(matchesRequest({ header: { 'x-test-id': 'ab' } }, request)).toBe(false)
    expect(matchesRequest({ header: { originator: '/^codex/' } }, request)).toBe(true)
    expect(matchesRequest({ header: { 'x-absent': '/.*/' } }, request)).toBe(false)
  })

  it('name the content that differed', () => {
    const request = requestWith(asking, { authorization: 'Bearer sk-unrestricted-secret' })
    expect(differences({ message: '/weather/i', toolResult: true }, request).map(describeDifference)).toEqual([
      'message: wanted /weather/i, got "Say hello"',
      'toolResult: wanted true, got false',
    ])
    // A credential header is masked in what the report shows.
    expect(differences({ header: { authorization: 'x' } }, request)).toEqual([
      { field: 'header', expected: { authorization: 'x' }, got: { authorization: 'Bearer sk-u…cret' } },
    ])
  })

  it('a when function decides alone, and never sees a handshake', () => {
    const when = (request: { conversation?: ConversationView }) => request.conversation?.message === 'Say hello'
    expect(meetsWhen(when, requestWith(asking))).toBe(true)
    expect(meetsWhen(when, { ...requestWith(asking), upgrade: true })).toBe(false)
    expect(differences(when, requestWith(undefined))).toEqual([{ field: 'function', expected: 'when', got: false }])
  })
})

describe('patterns in a scenario', () => {
  it('are checked when it is read: an invalid regular expression is an error at its path', () => {
    const scenario = {
      name: 'bad',
      steps: [{ when: { message: '/weather(/' } }],
      ignore: [{ header: { 'x-test-id': '/[a-/' } }],
    }
    expect(() => resolveScenario(scenario)).toThrow(ScenarioError)
    const { issues } = checkScenario(scenario, resolveWorld())
    expect(issues.map((issue) => issue.path)).toEqual(['steps[0].when.message', 'ignore[0].header.x-test-id'])
    expect(issues[0]!.message).toMatch(/^not a valid regular expression: /)
  })
})

describe('ignore', () => {
  const engine = new ScenarioEngine()
  const scenario = resolveScenario({
    name: 'loop',
    strict: true,
    ignore: [{ message: '/title/i' }],
    rules: [{ when: {}, then: { delayMs: 1 } }],
    steps: [
      { name: 'ask', when: { message: '/weather/i' }, then: { reply: { toolCalls: [{ name: 'get_weather', arguments: {} }] } } },
      { name: 'answer', when: { toolResult: true }, then: { reply: { text: 'Sunny.' } } },
    ],
  })
  const said = (message: string, toolResult = false): ScenarioRequest =>
    requestWith({ message, system: '', toolResults: toolResult ? [{ text: 'Sunny' }] : [], tools: ['get_weather'], turn: 1 })

  it('leaves a side call to the gateway: no step, no rule, no strict refusal', () => {
    engine.load([scenario])
    expect(engine.decide(said('Write a title for this chat'))).toEqual({ decidedBy: 'scenario "loop" ignore #1 (ignored)', action: {} })
    expect(engine.decide(said('What is the weather?'))?.decidedBy).toBe('scenario "loop" step 1 "ask"')
    expect(engine.decide(said('Write a title for this chat'))?.action).toEqual({})
    expect(engine.decide(said('What is the weather?', true))?.decidedBy).toBe('scenario "loop" step 2 "answer"')
    expect(engine.report()).toMatchObject({ pendingSteps: [], unmatched: [] })
  })

  it('a strict mismatch names the content that differed', () => {
    engine.load([scenario])
    const decision = engine.decide(said('Say hello'))
    expect(decision?.action.fail?.message).toBe(
      'Strict scenario: POST /v1/chat/completions (model gpt-4o-mini) matched no step; expected scenario "loop" step 1 "ask" (message "/weather/i"); differs in message: wanted /weather/i, got "Say hello".',
    )
  })
})
