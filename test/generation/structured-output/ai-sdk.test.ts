import { createAnthropic } from '@ai-sdk/anthropic'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { createOpenAI } from '@ai-sdk/openai'
import { generateText, Output, streamText, type LanguageModel } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { eitherMode, useHarness } from '../../support/modes.ts'

const weather = z.object({
  city: z.string(),
  conditions: z.enum(['sunny', 'cloudy', 'rain']),
  temperature: z.number().min(-50).max(60),
  hourly: z.array(z.object({ hour: z.int().min(0).max(23), chance: z.number().min(0).max(1) })).min(3),
  warning: z.string().nullable(),
  summary: z.string(),
})
const prompt = 'Weather in Paris as JSON'

/** The JSON bodies a provider sent, through a fetch that records them (msw still intercepts the real call). */
function recordingFetch(bodies: Record<string, unknown>[]): typeof fetch {
  return (input, init) => {
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body) as Record<string, unknown>)
    return globalThis.fetch(input, init)
  }
}

describe.each(eitherMode)('AI SDK structured output on every provider ($name)', (mode) => {
  const harness = useHarness(mode)
  const bodies: Record<string, unknown>[] = []
  // `anyJson`: the API has a mode for any JSON object (Anthropic has none: the AI SDK sends nothing for Output.json).
  const providers: { name: string; model: () => LanguageModel; id: string; anyJson: boolean }[] = [
    {
      name: 'openai chat',
      id: 'gpt-4o-mini',
      anyJson: true,
      model: () =>
        createOpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, fetch: recordingFetch(bodies) }).chat('gpt-4o-mini'),
    },
    {
      name: 'anthropic',
      id: 'claude-sonnet-4-6',
      anyJson: false,
      model: () =>
        createAnthropic({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, fetch: recordingFetch(bodies) })(
          'claude-sonnet-4-6',
        ),
    },
    {
      name: 'google',
      id: 'gemini-2.5-flash',
      anyJson: true,
      model: () =>
        createGoogleGenerativeAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1beta`, fetch: recordingFetch(bodies) })(
          'gemini-2.5-flash',
        ),
    },
  ]

  describe.each(providers)('$name', ({ model, id, anyJson }) => {
    it('generateText with Output.object returns an object the zod schema accepts', async () => {
      const result = await generateText({ model: model(), prompt, output: Output.object({ schema: weather }), maxRetries: 0 })
      expect(weather.safeParse(result.output).error).toBeUndefined()
      expect(result.output.summary).toBe(`This is a mock reply from ${id}. You said: "${prompt}"`)
      expect(result.output.hourly).toHaveLength(3)
      expect(result.finishReason).toBe('stop')
    })

    it('streamText with Output.object streams partial objects and ends with the whole one', async () => {
      const whole = await generateText({ model: model(), prompt, output: Output.object({ schema: weather }), maxRetries: 0 })
      const result = streamText({ model: model(), prompt, output: Output.object({ schema: weather }), maxRetries: 0 })
      const partials = []
      for await (const partial of result.partialOutputStream) partials.push(partial)
      expect(partials.length).toBeGreaterThan(3)
      expect(await result.output).toEqual(whole.output)
      expect(partials.at(-1)).toEqual(whole.output)
    })

    it.runIf(anyJson)('Output.json (no schema) returns the JSON object of the usual reply', async () => {
      const result = await generateText({ model: model(), prompt, output: Output.json(), maxRetries: 0 })
      expect(result.output).toEqual({ reply: `This is a mock reply from ${id}. You said: "${prompt}"` })
    })
  })

  it('sends what each provider uses natively: response_format, output_config.format, responseJsonSchema', async () => {
    bodies.length = 0
    for (const { model } of providers)
      await generateText({ model: model(), prompt, output: Output.object({ schema: weather }), maxRetries: 0 })
    const [openai, anthropic, google] = bodies
    expect(openai).toMatchObject({ response_format: { type: 'json_schema', json_schema: { name: 'response' } } })
    expect(anthropic).toMatchObject({ output_config: { format: { type: 'json_schema' } } })
    expect(anthropic).not.toHaveProperty('tools')
    expect(google).toMatchObject({ generationConfig: { responseMimeType: 'application/json', responseJsonSchema: { type: 'object' } } })
  })

  it("anthropic's json tool fallback (structuredOutputMode jsonTool) gives the same kind of object", async () => {
    bodies.length = 0
    const result = await generateText({
      model: providers[1]!.model(),
      prompt,
      output: Output.object({ schema: weather }),
      providerOptions: { anthropic: { structuredOutputMode: 'jsonTool' } },
      maxRetries: 0,
    })
    expect(bodies[0]).toMatchObject({ tools: [{ name: 'json' }], tool_choice: { type: 'any' } })
    expect(bodies[0]).not.toHaveProperty('output_config')
    expect(weather.safeParse(result.output).error).toBeUndefined()

    const streamed = streamText({
      model: providers[1]!.model(),
      prompt,
      output: Output.object({ schema: weather }),
      providerOptions: { anthropic: { structuredOutputMode: 'jsonTool' } },
      maxRetries: 0,
    })
    expect(await streamed.output).toEqual(result.output)
  })
})
