import Anthropic from '@anthropic-ai/sdk'
import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAI } from '@ai-sdk/openai'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { GoogleGenAI } from '@google/genai'
import { generateText, streamText } from 'ai'
import OpenAI from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import { ScenarioError, type ScenarioInput } from '../../src/index.ts'
import { eitherMode, useHarness } from '../support/modes.ts'

const thought = 'The user wants the weather, so I look it up first.'
const weatherSchema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }

/** A reply of every kind of block, in an order no surface sends by itself: text between two calls. */
const blocksReply: ScenarioInput = {
  name: 'agent blocks',
  rules: [
    {
      then: {
        reply: {
          blocks: [
            { type: 'reasoning', text: thought },
            { type: 'text', text: 'Checking two cities.' },
            { type: 'toolCall', name: 'get_weather', arguments: { city: 'Paris' } },
            { type: 'text', text: ' And Rome.' },
            { type: 'toolCall', name: 'get_weather', arguments: { city: 'Rome' } },
          ],
          usage: { promptTokens: 100, completionTokens: 40, cacheReadTokens: 60, cacheWriteTokens: 30 },
        },
      },
    },
  ],
}

const freeformReply: ScenarioInput = {
  name: 'freeform',
  rules: [
    {
      when: { times: 2 },
      then: {
        reply: {
          reasoning: 'Run it.',
          toolCalls: [
            { name: 'exec', input: 'ls -la' },
            { name: 'exec', input: 'pwd' },
          ],
        },
      },
    },
  ],
}

describe.each(eitherMode)('agent replies: blocks, reasoning, freeform calls and cache usage ($name)', (mode) => {
  const harness = useHarness(mode)
  afterEach(() => harness.gateway.reset())
  const use = (scenario: ScenarioInput) => harness.gateway.useScenario(scenario)
  const openai = () => new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const anthropic = () => new Anthropic({ apiKey: 'sk-unrestricted', baseURL: harness.baseUrl, maxRetries: 0 })
  const genai = () => new GoogleGenAI({ apiKey: 'sk-unrestricted', httpOptions: { baseUrl: harness.baseUrl } })

  it('refuses blocks given with text, json, toolCalls or reasoning, and a call with both arguments and input, naming the field', async () => {
    const refused = async (reply: object) => {
      const error = await harness.gateway.useScenario({ name: 'bad reply', rules: [{ then: { reply } }] } as ScenarioInput).then(
        () => undefined,
        (caught: unknown) => caught as Error,
      )
      expect(error).toBeInstanceOf(ScenarioError)
      return error!.message
    }
    for (const extra of [{ text: 'hi' }, { toolCalls: [] }, { reasoning: 'hmm' }]) {
      expect(await refused({ blocks: [{ type: 'text', text: 'a' }], ...extra })).toContain('`blocks` is the whole reply')
    }
    expect(await refused({ blocks: [{ type: 'toolCall', name: 'exec', arguments: {}, input: 'ls' }] })).toContain(
      'give either `arguments` or `input`',
    )
    expect(await refused({ toolCalls: [{ name: 'exec', arguments: { a: 1 }, input: 'ls' }] })).toContain(
      'give either `arguments` or `input`',
    )
    expect(await refused({ blocks: [{ type: 'thinking', text: 'a' }] })).toMatch(/blocks/)
  })

  describe('OpenAI chat', () => {
    const ask = {
      model: 'gpt-4o',
      messages: [{ role: 'user' as const, content: 'Weather in Paris and Rome?' }],
      tools: [{ type: 'function' as const, function: { name: 'get_weather', parameters: weatherSchema } }],
    }

    it('answers reasoning_content, the text, several calls and the cache and reasoning usage; the stream helper builds the same', async () => {
      await use(blocksReply)
      const completion = await openai().chat.completions.create(ask)
      const message = completion.choices[0]!.message as (typeof completion.choices)[0]['message'] & { reasoning_content?: string }
      expect(message.reasoning_content).toBe(thought)
      expect(message.content).toBe('Checking two cities. And Rome.')
      expect(
        message.tool_calls!.map((call) => call.type === 'function' && [call.function.name, JSON.parse(call.function.arguments)]),
      ).toEqual([
        ['get_weather', { city: 'Paris' }],
        ['get_weather', { city: 'Rome' }],
      ])
      expect(completion.choices[0]!.finish_reason).toBe('tool_calls')
      expect(completion.usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 40, prompt_tokens_details: { cached_tokens: 60 } })
      expect(completion.usage!.completion_tokens_details!.reasoning_tokens).toBeGreaterThan(0)

      const stream = openai().chat.completions.stream({ ...ask, stream_options: { include_usage: true } })
      const order: string[] = []
      let reasoning = ''
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta as { content?: string | null; reasoning_content?: string; tool_calls?: unknown[] } | undefined
        if (delta?.reasoning_content) {
          reasoning += delta.reasoning_content
          if (order.at(-1) !== 'reasoning') order.push('reasoning')
        }
        if (delta?.content && order.at(-1) !== 'text') order.push('text')
        if (delta?.tool_calls && order.at(-1) !== 'call') order.push('call')
      }
      const final = await stream.finalChatCompletion()
      expect(reasoning).toBe(thought)
      expect(order).toEqual(['reasoning', 'text', 'call', 'text', 'call'])
      expect(final.choices[0]!.message.content).toBe(message.content)
      expect(final.choices[0]!.message.tool_calls!.map((call) => call.id)).toEqual(message.tool_calls!.map((call) => call.id))
      expect(final.usage).toMatchObject({ prompt_tokens_details: { cached_tokens: 60 } })
    })
  })

  describe('OpenAI Responses', () => {
    const ask = {
      model: 'gpt-4o',
      input: 'Weather in Paris and Rome?',
      tools: [{ type: 'function' as const, name: 'get_weather', parameters: weatherSchema, strict: false }],
    }

    it('answers a reasoning item with its summary (encrypted_content only when included), messages and calls in order; the stream helper builds the same', async () => {
      await use(blocksReply)
      const plain = await openai().responses.create(ask)
      expect(plain.output.map((item) => item.type)).toEqual(['reasoning', 'message', 'function_call', 'message', 'function_call'])
      const [reasoning] = plain.output
      expect(reasoning).toMatchObject({ type: 'reasoning', summary: [{ type: 'summary_text', text: thought }] })
      expect(reasoning).not.toHaveProperty('encrypted_content')
      expect(plain.output_text).toBe('Checking two cities. And Rome.')
      expect(new Set(plain.output.map((item) => item.id)).size).toBe(5)
      expect(plain.usage).toMatchObject({ input_tokens: 100, output_tokens: 40, input_tokens_details: { cached_tokens: 60 } })
      expect(plain.usage!.output_tokens_details.reasoning_tokens).toBeGreaterThan(0)

      const included = await openai().responses.create({ ...ask, include: ['reasoning.encrypted_content'], store: false })
      expect(included.output[0]).toMatchObject({ type: 'reasoning', encrypted_content: expect.stringMatching(/^[A-Za-z0-9+/=]+$/) })

      const stream = openai().responses.stream({ ...ask, include: ['reasoning.encrypted_content'] })
      const types = new Set<string>()
      let summary = ''
      for await (const event of stream) {
        types.add(event.type)
        if (event.type === 'response.reasoning_summary_text.delta') summary += event.delta
      }
      const final = await stream.finalResponse()
      expect(summary).toBe(thought)
      expect(types).toContain('response.reasoning_summary_part.added')
      expect(types).toContain('response.reasoning_summary_text.done')
      // The helper adds its parsed fields (`parsed`, `parsed_arguments`) to what was sent.
      expect(final.output).toMatchObject(included.output)
      expect(final.output_text).toBe(plain.output_text)
    })

    it('answers freeform calls as custom_tool_call items with their input, streamed as input deltas', async () => {
      await use(freeformReply)
      const custom = { model: 'gpt-4o', input: 'List the files', tools: [{ type: 'custom' as const, name: 'exec' }] }
      const plain = await openai().responses.create(custom)
      expect(plain.output.map((item) => item.type)).toEqual(['reasoning', 'custom_tool_call', 'custom_tool_call'])
      expect(plain.output.slice(1)).toEqual([
        expect.objectContaining({ type: 'custom_tool_call', name: 'exec', input: 'ls -la', call_id: expect.stringMatching(/^call_/) }),
        expect.objectContaining({ type: 'custom_tool_call', name: 'exec', input: 'pwd' }),
      ])
      const stream = openai().responses.stream(custom)
      let input = ''
      for await (const event of stream) if (event.type === 'response.custom_tool_call_input.delta') input += event.delta
      expect(input).toBe('ls -lapwd')
      expect((await stream.finalResponse()).output).toMatchObject(plain.output)

      // The call's output continues the conversation.
      const call = plain.output[1] as OpenAI.Responses.ResponseCustomToolCall
      const next = await openai().responses.create({
        model: 'gpt-4o',
        previous_response_id: plain.id,
        input: [{ type: 'custom_tool_call_output', call_id: call.call_id, output: 'a.txt' }],
      })
      expect(next.output_text).toContain('returned: a.txt')
    })

    it('a stream broken mid-reasoning stores the failed response with the summary sent so far', async () => {
      await use({
        name: 'break in thought',
        rules: [
          {
            then: {
              reply: { reasoning: thought, toolCalls: [{ name: 'exec', input: 'ls' }] },
              breakStream: { afterChunks: 3, error: { code: 'internal_error', message: 'Broke mid-thought.' } },
            },
          },
        ],
      })
      const stream = openai().responses.stream({ model: 'gpt-4o', input: 'Think', tools: [{ type: 'custom', name: 'exec' }] })
      let summary = ''
      let id = ''
      const error = await (async () => {
        for await (const event of stream) {
          if (event.type === 'response.created') id = event.response.id
          if (event.type === 'response.reasoning_summary_text.delta') summary += event.delta
        }
      })().then(
        () => undefined,
        (caught: unknown) => caught,
      )
      expect(error).toMatchObject({ message: 'Broke mid-thought.' })
      expect(summary.length).toBeGreaterThan(0)
      expect(thought.startsWith(summary)).toBe(true)
      const stored = await openai().responses.retrieve(id)
      expect(stored).toMatchObject({
        status: 'failed',
        output: [{ type: 'reasoning', summary: [{ type: 'summary_text', text: summary }] }],
      })
    })

    it("the inspector's step for a reply with reasoning and freeform calls answers the next request the same", async () => {
      await use(freeformReply)
      const custom = { model: 'gpt-4o', input: 'List the files', tools: [{ type: 'custom' as const, name: 'exec' }] }
      const first = await openai().responses.create(custom)
      const { requestId } = harness.gateway.journal.entries.at(-1)!
      const view = (await (await fetch(`${harness.baseUrl}/__mock/journal/${requestId}`)).json()) as { step: { then: object } }
      expect(view.step.then).toEqual({
        reply: {
          reasoning: 'Run it.',
          toolCalls: [
            { name: 'exec', arguments: {}, input: 'ls -la' },
            { name: 'exec', arguments: {}, input: 'pwd' },
          ],
        },
      })
      await harness.gateway.reset()
      await use({ name: 'copied', strict: true, steps: [view.step as never] })
      const again = await openai().responses.create({ ...custom, input: 'Something else' })
      expect(again.output.map((item) => (item.type === 'custom_tool_call' ? item.input : item.type))).toEqual([
        'reasoning',
        'ls -la',
        'pwd',
      ])
      expect(first.output.length).toBe(3)
    })

    it('counts the tools of an additional_tools input item (Codex) as offered, and calls a freeform one with text', async () => {
      const response = await openai().responses.create({
        model: 'gpt-4o',
        input: [
          { type: 'additional_tools', role: 'developer', tools: [{ type: 'custom', name: 'exec', description: 'Runs a command' }] },
          { role: 'user', content: 'exec the tests' },
        ],
      } as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming)
      expect(response.output).toEqual([expect.objectContaining({ type: 'custom_tool_call', name: 'exec', input: expect.any(String) })])
    })
  })

  describe('Anthropic messages', () => {
    const ask = {
      model: 'claude-sonnet-4-6',
      max_tokens: 4096,
      thinking: { type: 'enabled' as const, budget_tokens: 1024 },
      messages: [{ role: 'user' as const, content: 'Weather in Paris and Rome?' }],
      tools: [{ name: 'get_weather', input_schema: weatherSchema as Anthropic.Tool['input_schema'] }],
    }

    it('answers a signed thinking block, text and several tool_use blocks in order, with cache usage; finalMessage() builds the same', async () => {
      await use(blocksReply)
      const message = await anthropic().messages.create(ask)
      expect(message.content.map((block) => block.type)).toEqual(['thinking', 'text', 'tool_use', 'text', 'tool_use'])
      expect(message.content[0]).toEqual({ type: 'thinking', thinking: thought, signature: expect.stringMatching(/^[A-Za-z0-9+/=]+$/) })
      expect(message.stop_reason).toBe('tool_use')
      expect(message.usage).toMatchObject({
        input_tokens: 10,
        output_tokens: 40,
        cache_read_input_tokens: 60,
        cache_creation_input_tokens: 30,
      })

      const stream = anthropic().messages.stream(ask)
      const deltas = new Set<string>()
      stream.on('streamEvent', (event) => {
        if (event.type === 'content_block_delta') deltas.add(event.delta.type)
      })
      const final = await stream.finalMessage()
      expect(deltas).toEqual(new Set(['thinking_delta', 'signature_delta', 'text_delta', 'input_json_delta']))
      expect(final.content).toEqual(message.content)
      expect(final.usage).toMatchObject({ cache_read_input_tokens: 60, cache_creation_input_tokens: 30 })
    })
  })

  describe('Gemini generateContent', () => {
    const config = { tools: [{ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: weatherSchema }] }] }

    it('answers a thought part first, text and function calls in order, thoughtsTokenCount and cachedContentTokenCount; the stream carries the same parts', async () => {
      await use(blocksReply)
      const response = await genai().models.generateContent({ model: 'gemini-2.5-flash', contents: 'Weather in Paris and Rome?', config })
      const parts = response.candidates![0]!.content!.parts!
      expect(parts.map((part) => (part.thought ? 'thought' : part.functionCall ? 'call' : 'text'))).toEqual([
        'thought',
        'text',
        'call',
        'text',
        'call',
      ])
      expect(parts[0]).toEqual({ text: thought, thought: true })
      expect(response.functionCalls!.map((call) => call.args)).toEqual([{ city: 'Paris' }, { city: 'Rome' }])
      expect(response.usageMetadata!.thoughtsTokenCount).toBeGreaterThan(0)
      expect(response.usageMetadata!.candidatesTokenCount! + response.usageMetadata!.thoughtsTokenCount!).toBe(40)
      expect(response.usageMetadata!.cachedContentTokenCount).toBe(60)

      let thoughts = ''
      const calls: unknown[] = []
      for await (const chunk of await genai().models.generateContentStream({
        model: 'gemini-2.5-flash',
        contents: 'Weather in Paris and Rome?',
        config,
      })) {
        for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
          if (part.thought) thoughts += part.text
          if (part.functionCall) calls.push(part.functionCall.args)
        }
      }
      expect(thoughts).toBe(thought)
      expect(calls).toEqual([{ city: 'Paris' }, { city: 'Rome' }])
    })
  })

  describe('Vercel AI SDK reads the reasoning', () => {
    const reasoningReply: ScenarioInput = { name: 'reasoning', rules: [{ then: { reply: { reasoning: thought, text: 'Sunny.' } } }] }

    it('@ai-sdk/anthropic: reasoningText, streamed and not', async () => {
      await use(reasoningReply)
      const model = createAnthropic({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1` })('claude-sonnet-4-6')
      const result = await generateText({ model, prompt: 'Weather?', maxRetries: 0 })
      expect(result.reasoningText).toBe(thought)
      expect(result.text).toBe('Sunny.')
      const streamed = streamText({ model, prompt: 'Weather?', maxRetries: 0 })
      expect(await streamed.reasoningText).toBe(thought)
      expect(await streamed.text).toBe('Sunny.')
    })

    it('@ai-sdk/openai (Responses): the reasoning summary, streamed and not', async () => {
      await use(reasoningReply)
      const model = createOpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1` }).responses('gpt-4o')
      const result = await generateText({ model, prompt: 'Weather?', maxRetries: 0 })
      expect(result.reasoningText).toBe(thought)
      expect(result.text).toBe('Sunny.')
      const streamed = streamText({ model, prompt: 'Weather?', maxRetries: 0 })
      expect(await streamed.reasoningText).toBe(thought)
    })

    it('@ai-sdk/google: thought parts as reasoning', async () => {
      await use(reasoningReply)
      const model = createGoogleGenerativeAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1beta` })('gemini-2.5-flash')
      const result = await generateText({ model, prompt: 'Weather?', maxRetries: 0 })
      expect(result.reasoningText).toBe(thought)
      expect(result.text).toBe('Sunny.')
    })
  })
})
