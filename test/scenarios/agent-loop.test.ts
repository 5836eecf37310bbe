import Anthropic from '@anthropic-ai/sdk'
import { GoogleGenAI, type Content } from '@google/genai'
import OpenAI from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import type { ScenarioInput } from '../../src/index.ts'
import { eitherMode, useHarness } from '../support/modes.ts'

// A script of two content-matched steps drives one tool loop through each official SDK: the
// model calls a tool when the user asks for the weather, and answers once the result is back;
// an agent's side call (a title request) is ignored, however it falls between them.

const weatherTool = {
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: { type: 'object' as const, properties: { city: { type: 'string' } } },
}

/** The script every SDK plays, kept apart from other tests on the same server by its `x-test-id`. */
function toolLoop(testId: string): ScenarioInput {
  return {
    name: `tool loop ${testId}`,
    strict: true,
    ignore: [{ message: '/^Write a title/' }],
    steps: [
      {
        name: 'call the tool',
        when: { message: '/weather/i', toolResult: false, tool: 'get_weather', header: { 'x-test-id': testId } },
        then: { reply: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] } },
      },
      {
        name: 'answer',
        when: { toolResult: '/sunny/i', header: { 'x-test-id': testId } },
        then: { reply: { text: 'It is sunny in Paris.' } },
      },
    ],
  }
}

const ask = 'What is the weather in Paris?'
const title = `Write a title for this conversation: ${ask}`
const result = 'Sunny, 21 C'

describe.each(eitherMode)('a content-matched script drives a tool loop ($name)', (mode) => {
  const harness = useHarness(mode)
  afterEach(() => harness.gateway.reset())
  const headers = { 'x-test-id': 'loop' }

  const done = () => {
    expect(() => harness.gateway.scenario.assertDone()).not.toThrow()
    const decided = harness.gateway.journal.entries.map((entry) => entry.decidedBy)
    expect(decided).toEqual([
      'scenario "tool loop loop" ignore #1 (ignored)',
      'scenario "tool loop loop" step 1 "call the tool"',
      'scenario "tool loop loop" ignore #1 (ignored)',
      'scenario "tool loop loop" step 2 "answer"',
    ])
  }

  it('openai chat completions', async () => {
    await harness.gateway.useScenario(toolLoop('loop'))
    const openai = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0, defaultHeaders: headers })
    const tools = [{ type: 'function' as const, function: weatherTool }]
    const titled = () => openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: title }] })

    expect((await titled()).choices[0]!.message.tool_calls).toBeUndefined()
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: ask }]
    const first = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages, tools })
    const call = first.choices[0]!.message.tool_calls![0]! as OpenAI.ChatCompletionMessageFunctionToolCall
    expect(call.function).toEqual({ name: 'get_weather', arguments: '{"city":"Paris"}' })
    await titled()
    messages.push(first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: result })
    const second = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages, tools })
    expect(second.choices[0]!.message.content).toBe('It is sunny in Paris.')
    done()
  })

  it('openai responses, streamed', async () => {
    await harness.gateway.useScenario(toolLoop('loop'))
    const openai = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0, defaultHeaders: headers })
    const tools = [{ type: 'function' as const, ...weatherTool, strict: false }]
    const titled = () => openai.responses.create({ model: 'gpt-4o-mini', input: title })

    expect((await titled()).output.some((item) => item.type === 'function_call')).toBe(false)
    const first = await openai.responses.stream({ model: 'gpt-4o-mini', input: ask, tools }).finalResponse()
    const call = first.output.find((item) => item.type === 'function_call')!
    expect(call).toMatchObject({ name: 'get_weather', arguments: '{"city":"Paris"}' })
    await titled()
    const second = await openai.responses
      .stream({
        model: 'gpt-4o-mini',
        input: [{ role: 'user', content: ask }, call, { type: 'function_call_output', call_id: call.call_id, output: result }],
        tools,
      })
      .finalResponse()
    expect(second.output_text).toBe('It is sunny in Paris.')
    done()
  })

  it('@anthropic-ai/sdk', async () => {
    await harness.gateway.useScenario(toolLoop('loop'))
    const anthropic = new Anthropic({ apiKey: 'sk-unrestricted', baseURL: harness.baseUrl, maxRetries: 0, defaultHeaders: headers })
    const tools = [{ name: weatherTool.name, description: weatherTool.description, input_schema: weatherTool.parameters }]
    const model = 'claude-sonnet-4-6'
    const titled = () => anthropic.messages.create({ model, max_tokens: 64, messages: [{ role: 'user', content: title }] })

    expect((await titled()).content.some((block) => block.type === 'tool_use')).toBe(false)
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: ask }]
    const first = await anthropic.messages.stream({ model, max_tokens: 256, messages, tools }).finalMessage()
    const use = first.content.find((block) => block.type === 'tool_use')!
    expect(use).toMatchObject({ name: 'get_weather', input: { city: 'Paris' } })
    await titled()
    messages.push(
      { role: 'assistant', content: first.content },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: result }] },
    )
    const second = await anthropic.messages.create({ model, max_tokens: 256, messages, tools })
    expect(second.content).toEqual([expect.objectContaining({ type: 'text', text: 'It is sunny in Paris.' })])
    done()
  })

  it('@google/genai', async () => {
    await harness.gateway.useScenario(toolLoop('loop'))
    const genai = new GoogleGenAI({ apiKey: 'sk-unrestricted', httpOptions: { baseUrl: harness.baseUrl, headers } })
    const model = 'gemini-2.5-flash'
    const config = {
      tools: [
        {
          functionDeclarations: [
            { name: weatherTool.name, description: weatherTool.description, parametersJsonSchema: weatherTool.parameters },
          ],
        },
      ],
    }
    const titled = () => genai.models.generateContent({ model, contents: title })

    expect((await titled()).functionCalls).toBeUndefined()
    const contents: Content[] = [{ role: 'user', parts: [{ text: ask }] }]
    const first = await genai.models.generateContent({ model, contents, config })
    const call = first.functionCalls![0]!
    expect(call).toMatchObject({ name: 'get_weather', args: { city: 'Paris' } })
    await titled()
    contents.push(first.candidates![0]!.content!, {
      role: 'user',
      parts: [{ functionResponse: { id: call.id, name: call.name, response: { output: result } } }],
    })
    let text = ''
    for await (const chunk of await genai.models.generateContentStream({ model, contents, config })) text += chunk.text ?? ''
    expect(text).toBe('It is sunny in Paris.')
    done()
  })
})

describe.each(eitherMode)('content matching in code ($name)', (mode) => {
  const harness = useHarness(mode)
  afterEach(() => harness.gateway.reset())
  const openai = (testId: string) =>
    new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0, defaultHeaders: { 'x-test-id': testId } })
  const say = async (client: OpenAI, content: string) =>
    (await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }] })).choices[0]!.message.content

  it('header-matched rules keep two tests apart on one server', async () => {
    await harness.gateway.useScenario({
      name: 'two tests',
      rules: [
        { when: { header: { 'x-test-id': 'a' } }, then: { reply: { text: 'for test a' } } },
        { when: { header: { 'x-test-id': '/^b-/' } }, then: { reply: { text: 'for test b' } } },
      ],
    })
    const answers = await Promise.all([
      say(openai('a'), 'Hi'),
      say(openai('b-1'), 'Hi'),
      say(openai('a'), 'Hi again'),
      say(openai('c'), 'Hi'),
    ])
    expect(answers.slice(0, 3)).toEqual(['for test a', 'for test b', 'for test a'])
    expect(answers[3]).not.toMatch(/^for test/)
  })

  it('a when function and an async reply function answer from the request', async () => {
    await harness.gateway.useScenario({
      name: 'code',
      rules: [
        {
          when: (request) => request.headers.get('x-test-id') === 'fn' && request.conversation?.turn === 1,
          then: {
            reply: async (request) => {
              await new Promise((resolve) => setTimeout(resolve, 1))
              return { text: `You said: ${request.conversation!.message} (${request.model}, key ${request.key})` }
            },
          },
        },
      ],
    })
    expect(await say(openai('fn'), 'Hello')).toBe('You said: Hello (gpt-4o-mini, key sk-u…cted)')
    expect(await say(openai('other'), 'Hello')).not.toMatch(/^You said/)
  })

  it('a reply function that answers no reply fails the request in the surface envelope', async () => {
    await harness.gateway.useScenario({ name: 'broken', rules: [{ then: { reply: () => ({ text: 42 }) as never } }] })
    const error = await openai('x')
      .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(OpenAI.InternalServerError)
    expect((error as Error).message).toMatch(/the reply function of scenario "broken" rule #1 answered no reply: text: /)
  })

  it('a strict script names the content that differed', async () => {
    await harness.gateway.useScenario({ name: 'strict', strict: true, steps: [{ when: { message: '/weather/i' } }] })
    const error = await openai('x')
      .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello' }] })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(OpenAI.BadRequestError)
    expect((error as Error).message).toContain('differs in message: wanted /weather/i, got "Say hello"')
    expect(() => harness.gateway.scenario.assertDone()).toThrow(
      /matched no step; expected .*; differs in message: wanted \/weather\/i, got "Say hello"/,
    )
  })
})
