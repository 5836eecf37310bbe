import OpenAI from 'openai'
import { beforeEach, describe, expect, it } from 'vitest'
import { scenarioSchema, type JournalEntry } from '../../../../src/index.ts'
import { modes, useHarness } from '../../../support/modes.ts'

// A refused request in the inspector: it keeps the key it presented (masked) and the body it
// sent, and "Copy as scenario step" (the `step` of GET /__mock/journal/{id}, which the page copies
// as it is) gives a step that meets only the same kind of request and answers it exactly as the
// refused one was answered, in either profile.

const world = {
  extends: 'default' as const,
  tokens: [{ key: 'sk-once', name: 'once-a-minute', userId: 1, unlimitedQuota: true, rateLimit: { requests: 1, windowMs: 60_000 } }],
}

interface DetailView {
  entry: JournalEntry
  request: { body: string | null }
  step: { when: Record<string, unknown>; then: Record<string, unknown> } | null
  noStep?: string
}

interface Answer {
  status: number
  body: unknown
}

const chatBody = (model: string, content = 'Tell me a story') => JSON.stringify({ model, messages: [{ role: 'user', content }] })

describe.each(['spec', 'new-api'] as const)('a refused request copied as a step (%s profile)', (profile) => {
  const harness = useHarness(modes[0]!, { world, profile })
  beforeEach(() => harness.gateway.reset())

  const last = () => harness.gateway.journal.entries.at(-1)!
  /** A chat request as sent, and its answer with the request's own id taken out (every request has its own). */
  const chat = async (key: string, body: string): Promise<Answer> => {
    const response = await fetch(`${harness.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body,
    })
    const text = await response.text()
    return { status: response.status, body: JSON.parse(text.replaceAll(last().requestId, '<request id>')) }
  }
  const detailOf = async (requestId: string) => (await (await fetch(`${harness.baseUrl}/__mock/journal/${requestId}`)).json()) as DetailView

  it.each([
    // Refused by the admit stage: the key's model limits, a model no group has, its rate limit, its quota.
    ['a model outside the key’s limits', 'sk-limited', 'gpt-4o', { key: 'sk-unrestricted', model: 'gpt-4o' }, undefined],
    ['a model that does not exist', 'sk-unrestricted', 'imaginary', { key: 'sk-unrestricted', model: 'gpt-4o-mini' }, undefined],
    ['a key past its rate limit', 'sk-once', 'gpt-4o-mini', { key: 'sk-unrestricted', model: 'gpt-4o-mini' }, 'twice'],
    ['a key without quota for the request', 'sk-low-quota', 'gpt-4o', { key: 'sk-limited', model: 'gpt-4o-mini' }, undefined],
    // Refused by the authenticate stage: a key of the world that is disabled (enabled again by the scenario's world patch).
    ['a disabled key', 'sk-disabled', 'gpt-4o-mini', { key: 'sk-unrestricted', model: 'gpt-4o-mini' }, 'enable'],
  ] as const)(
    '%s: keeps key and body, and the copied step answers the next such request the same, and no other',
    async (_, key, model, other, how) => {
      const body = chatBody(model)
      if (how === 'twice') await chat(key, body)
      const original = await chat(key, body)
      expect(original.status).toBeGreaterThanOrEqual(400)

      const view = await detailOf(last().requestId)
      expect(view.entry.key).toMatch(/^sk-.…/u)
      expect(view.entry.key).not.toBe(key)
      expect(view.request.body).toBe(body)
      expect(view.step?.when).toEqual({ route: 'POST /v1/chat/completions', model, key, stream: false })
      expect(scenarioSchema.safeParse({ name: 'copied', steps: [view.step] }).success).toBe(true)

      await harness.gateway.reset()
      await harness.gateway.useScenario({
        name: 'copied',
        ...(how === 'enable' && { world: { tokens: [{ key, status: 'enabled' as const }] } }),
        steps: [view.step!],
      })
      // Another key, or another model: the step is not theirs, and they are answered as ever.
      const elsewhere = await chat(other.key, chatBody(other.model))
      expect(elsewhere.status).toBe(200)
      expect(harness.gateway.scenario.pending().pendingSteps).toHaveLength(1)
      // The same kind of request: the step answers it, exactly as the original was answered.
      const again = await chat(key, chatBody(model, 'Something else'))
      expect(last().decidedBy).toMatch(/copied/)
      expect(again).toEqual(original)
      // Through the official SDK too: the same status, code, type, field and message.
      await harness.gateway.useScenario({
        name: 'copied',
        ...(how === 'enable' && { world: { tokens: [{ key, status: 'enabled' as const }] } }),
        steps: [view.step!],
      })
      const sdkError = await new OpenAI({ apiKey: key, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 }).chat.completions
        .create({ model, messages: [{ role: 'user', content: 'Hi' }] })
        .catch((error: unknown) => error)
      expect(sdkError).toBeInstanceOf(OpenAI.APIError)
      const { status, code, type, param, message } = sdkError as InstanceType<typeof OpenAI.APIError>
      const said = (original.body as { error: { message: string; code: unknown; type: string; param: unknown } }).error
      expect({ status, code, type, param, message: message.replace(last().requestId, '<request id>') }).toEqual({
        status: original.status,
        code: said.code,
        type: said.type,
        param: said.param,
        message: `${original.status} ${said.message}`,
      })
    },
  )

  it('keeps the masked key and the body of a key the world does not know, and offers no step, saying why', async () => {
    const body = chatBody('gpt-4o-mini')
    const original = await chat('sk-nobody-knows-this', body)
    expect(original.status).toBe(401)
    const view = await detailOf(last().requestId)
    expect(view.entry).toMatchObject({ key: 'sk-n…this', model: 'gpt-4o-mini', stage: 'authenticate' })
    expect(view.request.body).toBe(body)
    expect(view.step).toBeNull()
    expect(view.noStep).toMatch(/not one of the world's/)
  })
})
