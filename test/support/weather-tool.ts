import { jsonSchema, tool } from 'ai'

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
