import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { createGateway, WorldError } from '../../src/index.ts'
import { eitherMode, useHarness, type Harness } from '../support/modes.ts'

const chat = (harness: Harness, model: string, key = 'sk-unrestricted', more: object = {}) =>
  fetch(`${harness.baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Say hello' }], ...more }),
  })

const listed = async (harness: Harness, key = 'sk-unrestricted') => {
  const response = await fetch(`${harness.baseUrl}/v1/models`, { headers: { authorization: `Bearer ${key}` } })
  return ((await response.json()) as { data: { id: string }[] }).data.map((model) => model.id)
}

describe.each(eitherMode)('a model name the world lacks ($name)', (mode) => {
  describe('without anyModel', () => {
    const harness = useHarness(mode)

    it('is model_not_found, as before', async () => {
      const response = await chat(harness, 'claude-opus-5-5')
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ error: { code: 'model_not_found' } })
    })
  })

  describe('with createGateway({ anyModel })', () => {
    const harness = useHarness(mode, { anyModel: 'claude-sonnet-4-6' })

    it('answers the Anthropic SDK under the name asked for, journaled so, at the stand-in model’s price', async () => {
      const client = new Anthropic({ apiKey: 'sk-unrestricted', baseURL: harness.baseUrl, maxRetries: 0 })
      const token = harness.gateway.world.findToken('sk-unrestricted')!
      const ask = (model: string) => client.messages.create({ model, max_tokens: 64, messages: [{ role: 'user', content: 'Say hello' }] })
      const before = token.usedQuota
      const asked = await ask('claude-opus-5-5')
      const aliasCost = token.usedQuota - before
      expect(asked.model).toBe('claude-opus-5-5')
      expect(asked.content[0]).toMatchObject({ type: 'text' })
      const entry = harness.gateway.journal.entries.at(-1)!
      expect(entry).toMatchObject({ model: 'claude-opus-5-5', status: 200 })
      expect(entry.quota).toBe(aliasCost)

      const middle = token.usedQuota
      const real = await ask('claude-sonnet-4-6')
      expect(real.usage).toEqual(asked.usage)
      expect(token.usedQuota - middle).toBe(aliasCost)
      expect(aliasCost).toBeGreaterThan(0)
    })

    it('answers the OpenAI SDK on chat and Responses, and streamed, under the name asked for', async () => {
      const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
      const completion = await client.chat.completions.create({ model: 'gpt-6.2-sol', messages: [{ role: 'user', content: 'Hi' }] })
      expect(completion.model).toBe('gpt-6.2-sol')
      const response = await client.responses.create({ model: 'gpt-6.2-sol', input: 'Hi' })
      expect(response.model).toBe('gpt-6.2-sol')
      const events = await client.responses.create({ model: 'gpt-6.2-sol', input: 'Hi', stream: true })
      const types: string[] = []
      for await (const event of events) types.push(event.type)
      expect(types.at(-1)).toBe('response.completed')
    })

    it('keeps the model lists as the world’s', async () => {
      const models = await listed(harness)
      expect(models).toContain('claude-sonnet-4-6')
      expect(models).not.toContain('claude-opus-5-5')
      const one = await fetch(`${harness.baseUrl}/v1/models/claude-opus-5-5`, { headers: { authorization: 'Bearer sk-unrestricted' } })
      expect(await one.json()).toMatchObject({ id: 'claude-opus-5-5', object: 'model' })
    })

    it('keeps the stand-in model’s context window', async () => {
      const response = await chat(harness, 'claude-opus-5-5', 'sk-unrestricted', { max_tokens: 300_000 })
      expect(response.status).toBe(400)
      expect(JSON.stringify(await response.json())).toContain('context')
    })

    it('is refused to a key that may not use the stand-in model, and never stands in for a model the world has', async () => {
      // sk-limited may use gpt-4o-mini and gemini-2.5-flash only.
      for (const [model, key] of [
        ['claude-opus-5-5', 'sk-limited'],
        ['gpt-4o', 'sk-limited'],
        // The vip group has no claude-sonnet-4-6.
        ['claude-opus-5-5', 'sk-vip'],
        ['gpt-4o-mini', 'sk-vip'],
      ]) {
        const response = await chat(harness, model!, key)
        expect(response.status, `${model} for ${key}`).toBe(404)
        expect(await response.json()).toMatchObject({ error: { code: 'model_not_found' } })
      }
    })
  })

  describe('with the world’s settings.anyModel', () => {
    const harness = useHarness(mode, { world: { extends: 'default', settings: { anyModel: 'gpt-4o-mini' } } })

    it('serves a key limited to that model every name the world lacks, and Gemini paths too', async () => {
      const response = await chat(harness, 'qwen3.7-max', 'sk-limited')
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ model: 'qwen3.7-max' })
      const gemini = await fetch(`${harness.baseUrl}/v1beta/models/gemini-3.5-flash-lite:generateContent`, {
        method: 'POST',
        headers: { 'x-goog-api-key': 'sk-limited', 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Route this' }] }] }),
      })
      expect(gemini.status).toBe(200)
      expect(await gemini.json()).toMatchObject({ modelVersion: 'gemini-3.5-flash-lite' })
    })
  })

  describe('under the new-api profile', () => {
    const harness = useHarness(mode, { profile: 'new-api', anyModel: 'gpt-4o-mini' })

    it('serves the name asked for', async () => {
      const response = await chat(harness, 'opencode-small')
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ model: 'opencode-small' })
    })
  })
})

describe('an anyModel the world lacks', () => {
  it('is refused by createGateway, with did-you-mean', async () => {
    const refusal = await createGateway({ anyModel: 'gpt-4o-mni' }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(WorldError)
    expect((refusal as Error).message).toContain('anyModel: no model has id "gpt-4o-mni". Did you mean "gpt-4o-mini"?')
  })

  it('is refused in a world patch at settings.anyModel, with did-you-mean', async () => {
    const refusal = await createGateway({ world: { extends: 'default', settings: { anyModel: 'claude-sonet-4-6' } } }).catch(
      (error: unknown) => error,
    )
    expect(refusal).toBeInstanceOf(WorldError)
    expect((refusal as Error).message).toContain('settings.anyModel: no model has id "claude-sonet-4-6". Did you mean "claude-sonnet-4-6"?')
  })

  it('is refused when a patch removes the model it names, at the removal', async () => {
    const refusal = await createGateway({
      world: {
        extends: 'default',
        settings: { anyModel: 'small-context-4k' },
      },
      scenarios: [
        {
          name: 'drops-it',
          world: { remove: { models: ['small-context-4k'] }, every: { groups: { models: { remove: ['small-context-4k'] } } } },
        },
      ],
    }).catch((error: unknown) => error)
    expect((refusal as Error).message).toMatch(/remove\.models\[0\]: still used by settings\.anyModel/)
  })

  it('lets a scenario name a model the world lacks, which is otherwise taken for a typo', async () => {
    const scenario = { name: 'claude code turn', steps: [{ when: { model: 'claude-opus-5-5' } }] }
    const typo = await createGateway({ scenarios: [scenario] }).catch((error: unknown) => error)
    expect((typo as Error).message).toContain('steps[0].when.model: no model has id "claude-opus-5-5". Did you mean "claude-opus-4-1"?')
    const gateway = await createGateway({ anyModel: 'claude-sonnet-4-6', scenarios: [scenario] })
    expect(gateway.scenario.names).toEqual(['claude code turn'])
  })

  it('is not a model id when it is not a string', async () => {
    await expect(createGateway({ anyModel: '' })).rejects.toThrow('anyModel: must be a model id')
  })
})
