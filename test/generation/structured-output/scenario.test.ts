import Anthropic from '@anthropic-ai/sdk'
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod'
import { GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import { zodResponseFormat } from 'openai/helpers/zod'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineScenario, ScenarioError } from '../../../src/index.ts'
import { eitherMode, useHarness } from '../../support/modes.ts'

const verdict = z.object({ verdict: z.enum(['approve', 'reject']), reasons: z.array(z.string()) })
const chosen = { verdict: 'reject', reasons: ['too long', 'no tests'] }

const scripted = defineScenario({
  name: 'review verdicts',
  rules: [{ when: { surface: 'openai' }, then: { reply: { json: chosen } } }],
  steps: [
    { when: { surface: 'anthropic' }, then: { reply: { json: chosen } } },
    { when: { surface: 'gemini' }, then: { reply: { json: chosen } } },
    { when: { surface: 'anthropic' }, then: { reply: { text: '{"verdict":"approve","reas', finishReason: 'length' } } },
  ],
})

describe.each(eitherMode)('a scenario supplying the structured output ($name)', (mode) => {
  const harness = useHarness(mode)
  afterEach(() => harness.gateway.reset())
  const ask = [{ role: 'user' as const, content: 'Review this pull request' }]

  it('reply.json is the JSON every surface answers with, whole, whatever max_tokens says', async () => {
    await harness.gateway.useScenario(scripted)
    const openai = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
    const completion = await openai.chat.completions.parse({
      model: 'gpt-4o-mini',
      messages: ask,
      response_format: zodResponseFormat(verdict, 'verdict'),
      max_tokens: 2,
    })
    expect(completion.choices[0]!.message.parsed).toEqual(chosen)
    expect(completion.choices[0]!.finish_reason).toBe('stop')

    const anthropic = new Anthropic({ apiKey: 'sk-unrestricted', baseURL: harness.baseUrl, maxRetries: 0 })
    const message = await anthropic.messages.parse({
      model: 'claude-sonnet-4-6',
      max_tokens: 2,
      messages: ask,
      output_config: { format: zodOutputFormat(verdict) },
    })
    expect(message.parsed_output).toEqual(chosen)

    const genai = new GoogleGenAI({ apiKey: 'sk-unrestricted', httpOptions: { baseUrl: harness.baseUrl } })
    const response = await genai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'Review this pull request',
      config: { responseMimeType: 'application/json', responseJsonSchema: z.toJSONSchema(verdict) },
    })
    expect(JSON.parse(response.text!)).toEqual(chosen)

    // reply.text stays raw: a scenario can send a cut JSON reply to test the client's handling of it.
    const cut = await anthropic.messages
      .parse({ model: 'claude-sonnet-4-6', max_tokens: 2, messages: ask, output_config: { format: zodOutputFormat(verdict) } })
      .catch((e: unknown) => e)
    expect((cut as Error).message).toContain('Failed to parse structured output as JSON')
  })

  it('refuses a reply with both text and json', async () => {
    const both = defineScenario({ name: 'both', rules: [{ then: { reply: { text: 'x', json: {} } } }] })
    const error = await harness.gateway.useScenario(both).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ScenarioError)
    expect((error as Error).message).toContain('give either `text` or `json`')
  })
})
