import { jsonSchema, streamText, tool, type LanguageModel } from 'ai'

/** An AI SDK tool the mock will call (its default reply calls the first offered tool) and whose result it then quotes. */
export const getWeather = tool({
  description: 'Weather in a city',
  inputSchema: jsonSchema<{ city: string }>({
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  }),
  execute: async ({ city }) => ({ city, temperature: 21 }),
})

/**
 * Streams a two-step tool loop with {@link getWeather}: the model calls the tool, then answers
 * its result. Returns every `fullStream` part and the stream result for its final promises.
 */
export async function streamWeatherLoop(model: LanguageModel) {
  const result = streamText({
    model,
    prompt: 'Weather in Paris?',
    tools: { get_weather: getWeather },
    stopWhen: ({ steps }) => steps.length >= 2,
    maxRetries: 0,
  })
  const parts = []
  for await (const part of result.fullStream) parts.push(part)
  return { parts, result }
}
