// The OpenAI Agents SDK end to end: an agent with a tool runs a whole tool loop against the gateway
// over each of its transports (Responses, streamed, over a WebSocket, and chat completions), driven by
// two content-matched steps: call the tool when the user asks for it, answer once its result is back.
import {
  Agent,
  OpenAIChatCompletionsModel,
  OpenAIResponsesModel,
  OpenAIResponsesWSModel,
  run,
  setTracingDisabled,
  tool,
  type Model,
} from '@openai/agents'
import OpenAI from 'openai'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ScenarioSpec } from '../../src/index.ts'
import { overHttp, useHarness } from '../support/modes.ts'

beforeAll(() => setTracingDisabled(true))

const weatherLoop: ScenarioSpec = {
  name: 'weather loop',
  strict: true,
  steps: [
    {
      name: 'ask the tool',
      when: { message: '/weather/i', tool: 'get_weather', toolResult: false },
      then: { reply: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] } },
    },
    { name: 'answer', when: { toolResult: '/sunny/' }, then: { reply: { text: 'It is sunny in Paris.' } } },
  ],
}

const transports: { name: string; model: (client: OpenAI) => Model; stream: boolean; sockets?: boolean }[] = [
  { name: 'Responses', model: (client) => new OpenAIResponsesModel(client, 'gpt-4o'), stream: false },
  { name: 'Responses, streamed', model: (client) => new OpenAIResponsesModel(client, 'gpt-4o'), stream: true },
  { name: 'Responses over a WebSocket', model: (client) => new OpenAIResponsesWSModel(client, 'gpt-4o'), stream: true, sockets: true },
  { name: 'chat completions', model: (client) => new OpenAIChatCompletionsModel(client, 'gpt-4o'), stream: false },
  { name: 'chat completions, streamed', model: (client) => new OpenAIChatCompletionsModel(client, 'gpt-4o'), stream: true },
]

// Over HTTP: one of its transports is a WebSocket, which needs a server to connect to.
describe.each(overHttp)('@openai/agents ($name)', (mode) => {
  const harness = useHarness(mode)
  const closers: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const close of closers) await close()
  })

  describe.each(transports)('$name', (transport) => {
    it('runs a tool loop: the tool is called with the scripted arguments and the final answer follows its result', async () => {
      await harness.gateway.useScenario(weatherLoop)
      const calls: string[] = []
      const getWeather = tool({
        name: 'get_weather',
        description: 'The weather in a city',
        parameters: z.object({ city: z.string() }),
        execute: async ({ city }) => {
          calls.push(city)
          return `sunny, 21 °C in ${city}`
        },
      })
      const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
      const model = transport.model(client)
      if (model instanceof OpenAIResponsesWSModel) closers.push(() => model.close())
      const agent = new Agent({ name: 'weather', instructions: 'Answer weather questions with the tool.', model, tools: [getWeather] })
      const result = transport.stream
        ? await run(agent, "What's the weather in Paris?", { stream: true })
        : await run(agent, "What's the weather in Paris?")
      if ('completed' in result) await result.completed
      expect(result.finalOutput).toBe('It is sunny in Paris.')
      expect(calls).toEqual(['Paris'])
      harness.gateway.scenario.assertDone()
    })
  })
})
