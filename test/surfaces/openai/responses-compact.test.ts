import OpenAI from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../../support/modes.ts'
import { rejection } from '../../support/rejection.ts'

// What Codex CLI compacts: its instructions, the user's turns, a tool call and its output, the model's answers.
const codexHistory = {
  model: 'gpt-4o-mini',
  instructions: 'You are a coding agent.',
  input: [
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'List the files here' }] },
    { type: 'function_call', call_id: 'call_1', name: 'exec_command', arguments: '{"cmd":"ls"}' },
    { type: 'function_call_output', call_id: 'call_1', output: 'README.md\nsrc' },
    { type: 'message', role: 'assistant', content: 'Two entries.' },
    { type: 'message', role: 'user', content: 'Now open the README' },
  ] satisfies OpenAI.Responses.ResponseInputItem[],
}

const decoded = (content: string) => new TextDecoder().decode(Uint8Array.from(atob(content), (char) => char.charCodeAt(0)))

describe.each(eitherMode)('POST /v1/responses/compact and /v1/responses/input_tokens ($name)', (mode) => {
  const harness = useHarness(mode)
  afterEach(() => harness.gateway.reset())
  const client = (apiKey = 'sk-unrestricted') => new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })

  describe('client.responses.compact', () => {
    it('answers the user messages then one compaction item, billed as a generation', async () => {
      const token = harness.gateway.world.findToken('sk-unrestricted')!
      const before = token.usedQuota
      const compacted = await client().responses.compact(codexHistory)
      expect(compacted).toMatchObject({ object: 'response.compaction', id: expect.stringMatching(/^resp_/) })
      expect(compacted.created_at).toBeTypeOf('number')
      expect(compacted.output.map((item) => item.type)).toEqual(['message', 'message', 'compaction'])
      expect(compacted.output[0]).toMatchObject({ role: 'user', content: [{ type: 'input_text', text: 'List the files here' }] })
      expect(compacted.output[1]).toMatchObject({ role: 'user', content: [{ type: 'input_text', text: 'Now open the README' }] })
      const compaction = compacted.output[2] as { id: string; encrypted_content: string }
      expect(compaction.id).toMatch(/^cmp_/)
      expect(compaction.encrypted_content.length).toBeGreaterThan(0)
      expect(compacted.usage.input_tokens).toBeGreaterThan(0)
      expect(compacted.usage.output_tokens).toBeGreaterThan(0)
      expect(compacted.usage.total_tokens).toBe(compacted.usage.input_tokens + compacted.usage.output_tokens)
      const entry = harness.gateway.journal.entries.at(-1)!
      expect(entry).toMatchObject({ route: 'openai.responses_compact', status: 200, model: 'gpt-4o-mini' })
      expect(entry.quota).toBeGreaterThan(0)
      expect(token.usedQuota - before).toBe(entry.quota)
    })

    it('compacts a stored conversation named by previous_response_id', async () => {
      const first = await client().responses.create({ model: 'gpt-4o-mini', input: 'Remember the word apricot' })
      const compacted = await client().responses.compact({ model: 'gpt-4o-mini', previous_response_id: first.id, input: 'And then?' })
      const users = compacted.output.filter((item) => item.type === 'message').map((item) => JSON.stringify(item))
      expect(users).toHaveLength(2)
      expect(users[0]).toContain('Remember the word apricot')
    })

    it('is failed by a scenario rule, and carries a scenario’s reply text as its summary', async () => {
      await harness.gateway.useScenario({
        name: 'compaction fails',
        rules: [{ when: { route: 'POST /v1/responses/compact' }, then: { fail: { code: 'upstream_error', status: 503 } } }],
      })
      const error = await rejection(client().responses.compact(codexHistory))
      expect(error).toBeInstanceOf(OpenAI.InternalServerError)
      expect(error).toMatchObject({ status: 503 })

      await harness.gateway.useScenario({
        name: 'compaction summary',
        rules: [{ when: { route: 'POST /v1/responses/compact' }, then: { reply: { text: 'The user listed files.' } } }],
      })
      const compacted = await client().responses.compact(codexHistory)
      const compaction = compacted.output.at(-1) as { encrypted_content: string }
      expect(decoded(compaction.encrypted_content)).toBe('The user listed files.')
    })

    it('is refused a model the key may not use, and a body without a model', async () => {
      const hidden = await rejection(client('sk-limited').responses.compact({ ...codexHistory, model: 'gpt-4o' }))
      expect(hidden).toBeInstanceOf(OpenAI.NotFoundError)
      const modelless = await rejection(client().responses.compact({ model: null, input: 'Hi' }))
      expect(modelless).toBeInstanceOf(OpenAI.BadRequestError)
      expect(modelless).toMatchObject({ param: 'model' })
    })
  })

  describe('client.responses.inputTokens.count', () => {
    it('counts what usage.input_tokens reports for the same body, free of charge', async () => {
      const body = {
        ...codexHistory,
        tools: [
          {
            type: 'function' as const,
            name: 'exec_command',
            parameters: { type: 'object', properties: { cmd: { type: 'string' } } },
            strict: false,
          },
        ],
      }
      const token = harness.gateway.world.findToken('sk-unrestricted')!
      const before = token.usedQuota
      const counted = await client().responses.inputTokens.count(body)
      expect(counted).toEqual({ object: 'response.input_tokens', input_tokens: expect.any(Number) })
      expect(token.usedQuota).toBe(before)
      const response = await client().responses.create(body)
      expect(counted.input_tokens).toBe(response.usage!.input_tokens)
    })

    it('is refused a model the key may not use', async () => {
      const error = await rejection(client('sk-limited').responses.inputTokens.count({ model: 'gpt-4o', input: 'Hi' }))
      expect(error).toBeInstanceOf(OpenAI.NotFoundError)
      expect(error).toMatchObject({ code: 'model_not_found' })
    })
  })
})

describe.each(eitherMode)('the new-api profile ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })
  const client = () => new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })

  it('relays compaction, as new-api routes /v1/responses/compact', async () => {
    const compacted = await client().responses.compact(codexHistory)
    expect(compacted.object).toBe('response.compaction')
  })

  it('answers /v1/responses/input_tokens 404 Invalid URL, as new-api does not route it', async () => {
    const error = await rejection(client().responses.inputTokens.count({ model: 'gpt-4o-mini', input: 'Hi' }))
    expect(error).toBeInstanceOf(OpenAI.NotFoundError)
    expect((error as Error).message).toContain('Invalid URL (POST /v1/responses/input_tokens)')
  })
})
