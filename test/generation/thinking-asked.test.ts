// A client that asks to see the model think gets a reply that reasons first, in its surface's
// form, as such a model answers; one that does not ask gets none. Claude Code asks (adaptive
// thinking, display omitted), Gemini CLI asks (includeThoughts).
import Anthropic from '@anthropic-ai/sdk'
import { GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../support/modes.ts'

describe.each(eitherMode)('thinking asked for ($name)', (mode) => {
  const harness = useHarness(mode)
  const anthropic = () => new Anthropic({ apiKey: 'sk-unrestricted', baseURL: harness.baseUrl, maxRetries: 0 })

  it('Anthropic: thinking enabled or adaptive gets a signed thinking block first; display omitted leaves its text out', async () => {
    const ask = { model: 'claude-sonnet-4-6', max_tokens: 2000, messages: [{ role: 'user' as const, content: 'Say hello' }] }
    const thought = await anthropic().messages.create({ ...ask, thinking: { type: 'enabled', budget_tokens: 1024 } })
    expect(thought.content.map((block) => block.type)).toEqual(['thinking', 'text'])
    const thinking = thought.content[0] as Anthropic.ThinkingBlock
    expect(thinking.thinking).toContain('Say hello')
    expect(thinking.signature).not.toBe('')

    const omitted = await anthropic()
      .messages.stream({ ...ask, thinking: { type: 'adaptive', display: 'omitted' } } as unknown as Anthropic.MessageCreateParamsStreaming)
      .finalMessage()
    expect(omitted.content.map((block) => block.type)).toEqual(['thinking', 'text'])
    expect((omitted.content[0] as Anthropic.ThinkingBlock).thinking).toBe('')
    expect((omitted.content[0] as Anthropic.ThinkingBlock).signature).not.toBe('')

    const plain = await anthropic().messages.create(ask)
    expect(plain.content.map((block) => block.type)).toEqual(['text'])
  })

  it('Gemini: includeThoughts gets thought parts before the answer, and their tokens apart', async () => {
    const ai = new GoogleGenAI({ apiKey: 'sk-unrestricted', httpOptions: { baseUrl: harness.baseUrl, apiVersion: 'v1beta' } })
    const thought = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'Say hello',
      config: { thinkingConfig: { includeThoughts: true } },
    })
    const parts = thought.candidates![0]!.content!.parts!
    expect(parts[0]!.thought).toBe(true)
    expect(parts.at(-1)!.thought).toBeFalsy()
    expect(thought.usageMetadata!.thoughtsTokenCount).toBeGreaterThan(0)
    const plain = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Say hello' })
    expect(plain.candidates![0]!.content!.parts!.some((part) => part.thought)).toBe(false)
  })

  it('Responses: a reasoning summary asked for gets a reasoning item first; none asked, none', async () => {
    const openai = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
    const thought = await openai.responses.create({ model: 'gpt-4o', input: 'Say hello', reasoning: { effort: 'low', summary: 'auto' } })
    expect(thought.output.map((item) => item.type)).toEqual(['reasoning', 'message'])
    const plain = await openai.responses.create({ model: 'gpt-4o', input: 'Say hello', reasoning: { effort: 'low' } })
    expect(plain.output.map((item) => item.type)).toEqual(['message'])
  })
})
