import OpenAI from 'openai'
import { zodResponseFormat } from 'openai/helpers/zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { eitherMode, useHarness } from '../../support/modes.ts'

const address = z.object({ street: z.string(), city: z.string(), postcode: z.string().regex(/^\d{5}$/) })
const person = z.object({
  name: z.string(),
  role: z.enum(['admin', 'editor', 'viewer']),
  email: z.email(),
  tags: z.array(z.string()).min(2).max(4),
  // openai's strict mode has no optional fields: optional is spelled nullish.
  nickname: z.string().nullish(),
  manager: z.string().nullable(),
  home: address,
  work: address,
  answer: z.string(),
})
// `schemaDefinitions` makes openai send the shared address once, under definitions, with $refs to it.
const personFormat = () => zodResponseFormat(person, 'person', { schemaDefinitions: { Address: address } })

describe.each(eitherMode)('structured output on openai chat completions ($name)', (mode) => {
  const harness = useHarness(mode)
  const client = () => new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const ask = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'Describe a person' }] }
  const echo = 'This is a mock reply from gpt-4o-mini. You said: "Describe a person"'

  it('chat.completions.parse with a zod schema returns an object the schema accepts', async () => {
    const format = personFormat()
    expect(JSON.stringify(format.json_schema.schema)).toContain('"$ref"')
    const completion = await client().chat.completions.parse({ ...ask, response_format: format })
    const message = completion.choices[0]!.message
    expect(completion.choices[0]!.finish_reason).toBe('stop')
    expect(message.refusal).toBeNull()
    expect(person.safeParse(message.parsed).error).toBeUndefined()
    expect(message.parsed).toMatchObject({ role: 'admin', answer: echo, home: { postcode: expect.stringMatching(/^\d{5}$/) } })
    expect(JSON.parse(message.content!)).toEqual(message.parsed)

    const again = await client().chat.completions.parse({ ...ask, response_format: personFormat() })
    expect(again.choices[0]!.message.content).toBe(message.content)
    expect(again.id).toBe(completion.id)
  })

  it('response_format json_object gives a JSON object holding the usual reply', async () => {
    const completion = await client().chat.completions.create({ ...ask, response_format: { type: 'json_object' } })
    expect(JSON.parse(completion.choices[0]!.message.content!)).toEqual({ reply: echo })
    const text = await client().chat.completions.create({ ...ask, response_format: { type: 'text' } })
    expect(text.choices[0]!.message.content).toBe(echo)
  })

  it('streams the JSON in token pieces that reassemble to the same valid JSON; the stream helper parses it', async () => {
    const whole = await client().chat.completions.create({ ...ask, response_format: personFormat() })
    const stream = await client().chat.completions.create({ ...ask, response_format: personFormat(), stream: true })
    const pieces: string[] = []
    for await (const chunk of stream) if (chunk.choices[0]?.delta.content) pieces.push(chunk.choices[0].delta.content)
    expect(pieces.length).toBeGreaterThan(10)
    expect(pieces.join('')).toBe(whole.choices[0]!.message.content)
    expect(person.safeParse(JSON.parse(pieces.join(''))).error).toBeUndefined()

    const final = await client()
      .chat.completions.stream({ ...ask, response_format: personFormat() })
      .finalChatCompletion()
    expect(final.choices[0]!.message.parsed).toEqual(JSON.parse(whole.choices[0]!.message.content!))
  })

  it('never cuts structured output at max_tokens, and counts the schema in the prompt', async () => {
    const plain = await client().chat.completions.create(ask)
    const completion = await client().chat.completions.parse({ ...ask, response_format: personFormat(), max_tokens: 5 })
    expect(completion.choices[0]!.finish_reason).toBe('stop')
    expect(person.safeParse(completion.choices[0]!.message.parsed).error).toBeUndefined()
    expect(completion.usage!.completion_tokens).toBeGreaterThan(5)
    expect(completion.usage!.prompt_tokens).toBeGreaterThan(plain.usage!.prompt_tokens + 50)
  })

  it('refuses a malformed response_format with 400 naming the field', async () => {
    const cases = [
      { format: { type: 'xml' }, param: 'response_format.type', says: "Expected 'text' | 'json_object' | 'json_schema'" },
      { format: { type: 'json_schema' }, param: 'response_format.json_schema', says: 'Field required' },
      {
        format: { type: 'json_schema', json_schema: { name: 'has spaces', schema: {} } },
        param: 'response_format.json_schema.name',
        says: 'letters',
      },
      {
        format: { type: 'json_schema', json_schema: { name: 'ok', schema: 'object' } },
        param: 'response_format.json_schema.schema',
        says: 'expected record',
      },
    ]
    for (const { format, param, says } of cases) {
      const error = await client()
        .chat.completions.create({ ...ask, response_format: format as never })
        .catch((e: unknown) => e)
      expect(error, param).toBeInstanceOf(OpenAI.BadRequestError)
      expect(error).toMatchObject({ status: 400, param })
      expect((error as Error).message).toContain(says)
    }
  })
})
