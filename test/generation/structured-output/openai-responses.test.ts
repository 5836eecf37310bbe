import { createOpenAI } from '@ai-sdk/openai'
import { generateText, Output, streamText } from 'ai'
import OpenAI from 'openai'
import { zodTextFormat } from 'openai/helpers/zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { eitherMode, useHarness } from '../../support/modes.ts'

// Structured output through the Responses API's text.format, with the openai SDK and the AI SDK's default OpenAI model.
const forecast = z.object({
  city: z.string(),
  summary: z.string(),
  unit: z.enum(['celsius', 'fahrenheit']),
  days: z.array(z.object({ day: z.string(), high: z.number().int() })).min(2),
  warning: z.string().nullable(),
})

describe.each(eitherMode)('structured output on /v1/responses ($name)', (mode) => {
  const harness = useHarness(mode)
  const client = () => new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const model = () => createOpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1` })('gpt-4o-mini')

  it('responses.parse with zodTextFormat returns an object the schema accepts', async () => {
    const response = await client().responses.parse({
      model: 'gpt-4o-mini',
      input: 'Weather in Paris',
      text: { format: zodTextFormat(forecast, 'forecast') },
    })
    expect(forecast.parse(response.output_parsed)).toEqual(response.output_parsed)
    expect(response.output_parsed?.summary).toBe('This is a mock reply from gpt-4o-mini. You said: "Weather in Paris"')
    expect(response.output_parsed?.days.length).toBeGreaterThanOrEqual(2)
  })

  it('json_object gives a JSON object; the stream reassembles to the same JSON', async () => {
    const whole = await client().responses.create({
      model: 'gpt-4o-mini',
      input: 'Answer in JSON',
      text: { format: { type: 'json_object' } },
    })
    expect(JSON.parse(whole.output_text)).toEqual({ reply: 'This is a mock reply from gpt-4o-mini. You said: "Answer in JSON"' })
    let streamed = ''
    for await (const event of await client().responses.create({
      model: 'gpt-4o-mini',
      input: 'Answer in JSON',
      text: { format: { type: 'json_object' } },
      stream: true,
    })) {
      if (event.type === 'response.output_text.delta') streamed += event.delta
    }
    expect(streamed).toBe(whole.output_text)
  })

  it('the AI SDK default provider: generateText and streamText with Output.object', async () => {
    const { output } = await generateText({
      model: model(),
      prompt: 'Weather in Paris',
      output: Output.object({ schema: forecast }),
      maxRetries: 0,
    })
    expect(forecast.parse(output)).toEqual(output)
    const streamed = streamText({ model: model(), prompt: 'Weather in Paris', output: Output.object({ schema: forecast }), maxRetries: 0 })
    for await (const part of streamed.fullStream) expect(part.type).not.toBe('error')
    expect(await streamed.output).toEqual(output)
  })
})
