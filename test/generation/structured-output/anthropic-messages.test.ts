import Anthropic from '@anthropic-ai/sdk'
import { betaZodOutputFormat } from '@anthropic-ai/sdk/helpers/beta/zod'
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { eitherMode, useHarness } from '../../support/modes.ts'

const recipe = z.object({
  title: z.string(),
  course: z.enum(['starter', 'main', 'dessert']),
  // The SDK moves minItems 2, the pattern and the bounds into descriptions, for the model to read.
  ingredients: z.array(z.object({ name: z.string(), grams: z.int().min(5).max(500) })).min(2),
  code: z.string().regex(/^R-\d{4}$/),
  note: z.string().nullable(),
  serves: z.int().optional(),
  summary: z.string(),
})

describe.each(eitherMode)('structured output on Anthropic messages ($name)', (mode) => {
  const harness = useHarness(mode)
  const client = () => new Anthropic({ apiKey: 'sk-unrestricted', baseURL: harness.baseUrl, maxRetries: 0 })
  const ask = { model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [{ role: 'user' as const, content: 'A recipe, please' }] }
  const echo = 'This is a mock reply from claude-sonnet-4-6. You said: "A recipe, please"'

  const post = (body: unknown) =>
    fetch(`${harness.baseUrl}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'sk-unrestricted', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(body),
    })

  it('messages.parse with output_config.format answers one text block of JSON that the zod schema accepts', async () => {
    const message = await client().messages.parse({ ...ask, output_config: { format: zodOutputFormat(recipe) } })
    expect(message.stop_reason).toBe('end_turn')
    expect(message.content).toHaveLength(1)
    expect(message.content[0]!.type).toBe('text')
    expect(recipe.safeParse(message.parsed_output).error).toBeUndefined()
    expect(message.parsed_output).toMatchObject({ course: 'starter', summary: echo, code: 'R-0000' })
    expect(message.parsed_output!.ingredients).toHaveLength(2)
  })

  it('the beta parse helper (output_format, structured-outputs beta header) gets the same JSON', async () => {
    const plain = await client().messages.parse({ ...ask, output_config: { format: zodOutputFormat(recipe) } })
    const beta = await client().beta.messages.parse({ ...ask, output_format: betaZodOutputFormat(recipe) })
    expect(beta.parsed_output).toEqual(plain.parsed_output)
  })

  it('streams the JSON as text deltas that reassemble to it; the stream helper parses it', async () => {
    const whole = await client().messages.parse({ ...ask, output_config: { format: zodOutputFormat(recipe) } })
    const stream = await client().messages.create({ ...ask, output_config: { format: zodOutputFormat(recipe) }, stream: true })
    const deltas: string[] = []
    for await (const event of stream) {
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') deltas.push(event.delta.text)
    }
    expect(deltas.length).toBeGreaterThan(10)
    expect(JSON.parse(deltas.join(''))).toEqual(whole.parsed_output)

    const final = await client()
      .messages.stream({ ...ask, output_config: { format: zodOutputFormat(recipe) } })
      .finalMessage()
    expect(final.parsed_output).toEqual(whole.parsed_output)
  })

  it('reads the deprecated top-level output_format from raw clients, and refuses it beside output_config.format', async () => {
    const format = { type: 'json_schema', schema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] } }
    const response = await post({ ...ask, output_format: format })
    expect(response.status).toBe(200)
    const message = (await response.json()) as { content: { type: string; text: string }[] }
    expect(JSON.parse(message.content[0]!.text)).toEqual({ answer: echo })

    const both = await post({ ...ask, output_format: format, output_config: { format } })
    expect(both.status).toBe(400)
    expect(await both.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringContaining('output_format') },
    })
  })

  it('refuses a malformed output_config.format with 400 naming the field', async () => {
    const cases = [
      { format: { type: 'json', schema: {} }, field: 'output_config.format.type' },
      { format: { type: 'json_schema' }, field: 'output_config.format.schema' },
    ]
    for (const { format, field } of cases) {
      const error = await client()
        .messages.create({ ...ask, output_config: { format: format as never } })
        .catch((e: unknown) => e)
      expect(error, field).toBeInstanceOf(Anthropic.BadRequestError)
      expect((error as Error).message).toContain(field)
    }
  })

  it('never cuts the JSON at max_tokens; count_tokens counts the schema as the message does', async () => {
    const format = zodOutputFormat(recipe)
    const message = await client().messages.create({ ...ask, max_tokens: 5, output_config: { format } })
    expect(message.stop_reason).toBe('end_turn')
    expect(message.usage.output_tokens).toBeGreaterThan(5)
    const text = message.content[0]!.type === 'text' ? message.content[0]!.text : ''
    expect(recipe.safeParse(JSON.parse(text)).error).toBeUndefined()

    const counted = await client().messages.countTokens({ model: ask.model, messages: ask.messages, output_config: { format } })
    const bare = await client().messages.countTokens({ model: ask.model, messages: ask.messages })
    expect(counted.input_tokens).toBe(message.usage.input_tokens)
    expect(counted.input_tokens).toBeGreaterThan(bare.input_tokens + 50)
  })
})
