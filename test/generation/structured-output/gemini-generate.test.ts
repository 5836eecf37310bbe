import { ApiError, FinishReason, GoogleGenAI, Type, type Schema } from '@google/genai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { eitherMode, useHarness } from '../../support/modes.ts'

const flash = 'gemini-2.5-flash'
const echo = (said: string) => `This is a mock reply from ${flash}. You said: "${said}"`

// Gemini's own Schema: capital types, nullable, propertyOrdering, int64 counts as strings.
const movieSchema: Schema = {
  type: Type.OBJECT,
  properties: {
    title: { type: Type.STRING },
    year: { type: Type.INTEGER, minimum: 1900, maximum: 2030 },
    genre: { type: Type.STRING, format: 'enum', enum: ['drama', 'comedy'] },
    rating: { type: Type.NUMBER, nullable: true },
    cast: { type: Type.ARRAY, items: { type: Type.STRING }, minItems: '2', maxItems: '5' },
    released: { type: Type.STRING, format: 'date-time' },
    summary: { type: Type.STRING },
  },
  required: ['title', 'year', 'genre', 'cast', 'summary'],
  propertyOrdering: ['summary', 'title', 'year'],
}
const movie = z.object({
  title: z.string(),
  year: z.int().min(1900).max(2030),
  genre: z.enum(['drama', 'comedy']),
  rating: z.number().nullable().optional(),
  cast: z.array(z.string()).min(2).max(5),
  released: z.iso.datetime().optional(),
  summary: z.string(),
})

describe.each(eitherMode)('structured output on Gemini generateContent ($name)', (mode) => {
  const harness = useHarness(mode)
  const ai = () => new GoogleGenAI({ apiKey: 'sk-unrestricted', httpOptions: { baseUrl: harness.baseUrl } })
  const contents = 'Name a movie'
  const json = { responseMimeType: 'application/json' }

  it('responseMimeType application/json with a responseSchema: JSON that fits it, in propertyOrdering', async () => {
    const response = await ai().models.generateContent({ model: flash, contents, config: { ...json, responseSchema: movieSchema } })
    expect(response.candidates?.[0]?.finishReason).toBe(FinishReason.STOP)
    const value = JSON.parse(response.text!)
    expect(movie.safeParse(value).error).toBeUndefined()
    expect(Object.keys(value).slice(0, 3)).toEqual(['summary', 'title', 'year'])
    expect(value).toMatchObject({ summary: echo(contents), genre: 'drama', year: 1900 })

    const again = await ai().models.generateContent({ model: flash, contents, config: { ...json, responseSchema: movieSchema } })
    expect(again.text).toBe(response.text)
  })

  it('responseJsonSchema (JSON Schema from zod) gives JSON the zod schema accepts', async () => {
    const response = await ai().models.generateContent({
      model: flash,
      contents,
      config: { ...json, responseJsonSchema: z.toJSONSchema(movie) },
    })
    expect(movie.safeParse(JSON.parse(response.text!)).error).toBeUndefined()
  })

  it('application/json alone gives a JSON object holding the usual reply; text/x.enum gives a bare enum value', async () => {
    const plain = await ai().models.generateContent({ model: flash, contents, config: json })
    expect(JSON.parse(plain.text!)).toEqual({ reply: echo(contents) })

    const choice = await ai().models.generateContent({
      model: flash,
      contents,
      config: { responseMimeType: 'text/x.enum', responseSchema: { type: Type.STRING, enum: ['positive', 'negative'] } },
    })
    expect(choice.text).toBe('positive')
  })

  it('streams the JSON in pieces that reassemble to the non-streamed JSON, and never cuts it at maxOutputTokens', async () => {
    const config = { ...json, responseSchema: movieSchema }
    const whole = await ai().models.generateContent({ model: flash, contents, config })
    const pieces: string[] = []
    for await (const chunk of await ai().models.generateContentStream({ model: flash, contents, config })) pieces.push(chunk.text ?? '')
    expect(pieces.length).toBeGreaterThan(10)
    expect(pieces.join('')).toBe(whole.text)

    const limited = await ai().models.generateContent({ model: flash, contents, config: { ...config, maxOutputTokens: 3 } })
    expect(limited.candidates?.[0]?.finishReason).toBe(FinishReason.STOP)
    expect(limited.text).toBe(whole.text)
  })

  it('refuses contradictory or unknown output settings with 400 naming the field', async () => {
    const schema = { type: Type.OBJECT, properties: { a: { type: Type.STRING } } }
    const cases = [
      { config: { responseSchema: schema }, says: 'generationConfig.responseMimeType: must be application/json' },
      { config: { ...json, responseSchema: schema, responseJsonSchema: { type: 'object' } }, says: 'generationConfig.responseJsonSchema' },
      { config: { responseMimeType: 'text/csv' }, says: 'generationConfig.responseMimeType: allowed MIME types' },
      { config: { responseMimeType: 'text/x.enum', responseSchema: schema }, says: 'generationConfig.responseSchema' },
    ]
    for (const { config, says } of cases) {
      const error = await ai()
        .models.generateContent({ model: flash, contents, config })
        .catch((e: unknown) => e)
      expect(error, says).toBeInstanceOf(ApiError)
      expect((error as ApiError).status).toBe(400)
      expect((error as ApiError).message).toContain(says)
    }
  })
})
