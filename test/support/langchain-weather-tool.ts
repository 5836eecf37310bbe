import { tool } from '@langchain/core/tools'
import { z } from 'zod'

/** A LangChain tool the mock will call (its default reply calls the first offered tool) and whose result it then quotes. */
export const getWeather = tool(async ({ city }) => JSON.stringify({ city, temperature: 21 }), {
  name: 'get_weather',
  description: 'Weather in a city',
  schema: z.object({ city: z.string() }),
})
