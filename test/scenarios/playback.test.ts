import { readFile } from 'node:fs/promises'
import Anthropic from '@anthropic-ai/sdk'
import { ApiError, GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import { createGateway, defineScenario, ScenarioAssertionError, ScenarioError, type ScenarioInput } from '../../src/index.ts'
import { instantTime } from '../support/driven-time.ts'
import { eitherMode, useHarness } from '../support/modes.ts'
import { rejection } from '../support/rejection.ts'
import { inRepo } from '../support/paths.ts'

const hello = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'Hello there' }] }
const helloClaude = { model: 'claude-sonnet-4-6', max_tokens: 256, messages: [{ role: 'user' as const, content: 'Hello there, Claude' }] }

/** Written as a user would in a `.ts` scenario file. */
const thirdCallLimited = defineScenario({
  name: 'third call limited',
  description: 'Two calls go through, the third gets 429 with Retry-After 2, the fourth succeeds.',
  steps: [
    { name: 'first', when: { model: 'gpt-4o-mini' } },
    { name: 'second', when: { model: 'gpt-4o-mini' } },
    { name: 'limited', then: { fail: { code: 'rate_limit_exceeded', retryAfterMs: 2000 } } },
    { name: 'back', then: { reply: { text: 'Back again.' } } },
  ],
})

describe.each(eitherMode)('scenario playback ($name)', (mode) => {
  // Every delay a scenario asks for is noted and over at once (test/support/driven-time.ts).
  const time = instantTime()
  const harness = useHarness(mode, { time })
  afterEach(() => harness.gateway.reset())

  const openai = (options: { apiKey?: string; maxRetries?: number } = {}) =>
    new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0, ...options })
  const anthropic = (apiKey = 'sk-unrestricted') => new Anthropic({ apiKey, baseURL: harness.baseUrl, maxRetries: 0 })
  const genai = (apiKey = 'sk-unrestricted') => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: harness.baseUrl } })
  const entries = () => harness.gateway.journal.entries
  const names = () => harness.gateway.scenario.names

  describe('a script', () => {
    it('is consumed in order: OK, OK, 429 with Retry-After 2, then the scripted reply', async () => {
      await harness.gateway.useScenario(thirdCallLimited)
      const client = openai()
      await client.chat.completions.create(hello)
      expect(harness.gateway.scenario.pending().pendingSteps.map((step) => step.name)).toEqual(['second', 'limited', 'back'])
      await client.chat.completions.create(hello)

      const error = await rejection(client.chat.completions.create(hello))
      expect(error).toBeInstanceOf(OpenAI.RateLimitError)
      expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded' })
      expect((error as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after')).toBe('2')
      expect((error as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after-ms')).toBe('2000')

      const fourth = await client.chat.completions.create(hello)
      expect(fourth.choices[0]!.message.content).toBe('Back again.')
      expect(entries().map((entry) => [entry.status, entry.decidedBy])).toEqual([
        [200, 'scenario "third call limited" step 1 "first"'],
        [200, 'scenario "third call limited" step 2 "second"'],
        [429, 'scenario "third call limited" step 3 "limited"'],
        [200, 'scenario "third call limited" step 4 "back"'],
      ])
      expect(() => harness.gateway.scenario.assertDone()).not.toThrow()
      expect(harness.gateway.scenario.pending()).toEqual({ scenarios: ['third call limited'], pendingSteps: [], unmatched: [] })
    })

    it('is consumed by SDK retries too: a short Retry-After is retried straight into the next step', async () => {
      await harness.gateway.useScenario({
        ...thirdCallLimited,
        steps: thirdCallLimited.steps!.map((step) =>
          step.name === 'limited' ? { ...step, then: { fail: { code: 'rate_limit_exceeded' as const, retryAfterMs: 20 } } } : step,
        ),
      })
      const client = openai({ maxRetries: 2 })
      await client.chat.completions.create(hello)
      await client.chat.completions.create(hello)
      const third = await client.chat.completions.create(hello)
      expect(third.choices[0]!.message.content).toBe('Back again.')
      expect(entries().map((entry) => entry.status)).toEqual([200, 200, 429, 200])
      harness.gateway.scenario.assertDone()
    })

    it('steps can be about any surface and stream', async () => {
      await harness.gateway.useScenario({
        name: 'three surfaces',
        steps: [
          { when: { surface: 'openai', stream: true } },
          { when: { surface: 'anthropic' }, then: { reply: { text: 'Claude, scripted.' } } },
          { when: { surface: 'gemini', model: 'gemini-2.5-flash' }, then: { fail: { code: 'upstream_error', status: 500 } } },
        ],
      })
      const stream = await openai().chat.completions.create({ ...hello, stream: true })
      for await (const _ of stream);
      const claude = await anthropic().messages.create(helloClaude)
      expect(claude.content).toEqual([expect.objectContaining({ text: 'Claude, scripted.' })])
      const error = await rejection(genai().models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hi' }))
      expect((error as ApiError).status).toBe(500)
      harness.gateway.scenario.assertDone()
    })
  })

  describe('pending() and assertDone()', () => {
    const twoSteps: ScenarioInput = {
      name: 'two steps',
      steps: [{ name: 'gpt-4o call', when: { model: 'gpt-4o' } }, { when: { surface: 'anthropic' } }],
    }

    it('lists steps not yet consumed and requests that matched no step', async () => {
      await harness.gateway.useScenario(twoSteps)
      // Not the expected model: answered normally (the script is not strict), recorded as unmatched.
      await expect(openai().chat.completions.create(hello)).resolves.toMatchObject({ model: 'gpt-4o-mini' })
      await openai().chat.completions.create({ ...hello, model: 'gpt-4o' })
      const report = harness.gateway.scenario.pending()
      expect(report.scenarios).toEqual(['two steps'])
      expect(report.pendingSteps).toEqual([{ step: 2, when: { surface: 'anthropic' } }])
      expect(report.unmatched).toEqual([
        {
          requestId: entries()[0]!.requestId,
          method: 'POST',
          path: '/v1/chat/completions',
          model: 'gpt-4o-mini',
          expected: 'scenario "two steps" step 1 "gpt-4o call" (model "gpt-4o")',
          // The expected step, then the later ones that differ least, each with what differs.
          nearest: [
            { step: 1, name: 'gpt-4o call', differs: [{ field: 'model', expected: 'gpt-4o', got: 'gpt-4o-mini' }] },
            { step: 2, differs: [{ field: 'surface', expected: 'anthropic', got: 'openai' }] },
          ],
        },
      ])
    })

    it('assertDone() throws ScenarioAssertionError with a readable message, and passes once done', async () => {
      await harness.gateway.useScenario(twoSteps)
      const notStarted = (() => {
        try {
          harness.gateway.scenario.assertDone()
        } catch (error) {
          return error
        }
      })()
      expect(notStarted).toBeInstanceOf(ScenarioAssertionError)
      expect((notStarted as Error).message).toBe(
        [
          'Scenario "two steps" is not done:',
          '  - step 1 "gpt-4o call" was never reached (model "gpt-4o")',
          '  - step 2 was never reached (surface "anthropic")',
        ].join('\n'),
      )
      expect((notStarted as ScenarioAssertionError).report.pendingSteps).toHaveLength(2)

      await openai().chat.completions.create({ ...hello, model: 'gpt-4o' })
      await anthropic().messages.create(helloClaude)
      expect(() => harness.gateway.scenario.assertDone()).not.toThrow()

      // One request too many: it matched no step, and assertDone says so.
      await openai().chat.completions.create(hello)
      expect(() => harness.gateway.scenario.assertDone()).toThrow(ScenarioAssertionError)
      expect(() => harness.gateway.scenario.assertDone()).toThrow(
        /- POST \/v1\/chat\/completions \(model gpt-4o-mini, request \w+\) matched no step$/,
      )
    })

    it('passes with no scenario, or with rules and no steps', async () => {
      expect(() => harness.gateway.scenario.assertDone()).not.toThrow()
      await harness.gateway.useScenario('flaky-upstream')
      expect(() => harness.gateway.scenario.assertDone()).not.toThrow()
    })
  })

  describe('strict mode', () => {
    const strict: ScenarioInput = {
      name: 'strict',
      strict: true,
      steps: [
        { name: 'mini', when: { model: 'gpt-4o-mini' } },
        { name: 'claude', when: { surface: 'anthropic' } },
      ],
    }

    it('answers an unexpected request with 400 scenario_mismatch naming the expected step', async () => {
      await harness.gateway.useScenario(strict)
      const error = await rejection(openai().chat.completions.create({ ...hello, model: 'gpt-4o' }))
      expect(error).toBeInstanceOf(OpenAI.BadRequestError)
      expect(error).toMatchObject({ status: 400, code: 'scenario_mismatch' })
      expect((error as Error).message).toBe(
        '400 Strict scenario: POST /v1/chat/completions (model gpt-4o) matched no step; expected scenario "strict" step 1 "mini" (model "gpt-4o-mini").',
      )
      expect(entries().at(-1)).toMatchObject({ status: 400, code: 'scenario_mismatch', decidedBy: 'strict scenario' })

      // The mismatch did not consume the step.
      await openai().chat.completions.create(hello)
      const claudeWanted = await rejection(openai().chat.completions.create(hello))
      expect((claudeWanted as Error).message).toContain('expected scenario "strict" step 2 "claude" (surface "anthropic")')
      await anthropic().messages.create(helloClaude)

      // Past the end of the script: every further request is a mismatch, in each surface's envelope.
      const late = await rejection(anthropic().messages.create(helloClaude))
      expect(late).toBeInstanceOf(Anthropic.BadRequestError)
      expect((late as Error).message).toContain('every step has been consumed')
      expect(() => harness.gateway.scenario.assertDone()).toThrow(/matched no step/)
      expect(harness.gateway.scenario.pending().unmatched).toHaveLength(3)
    })
  })

  describe('steps and rules together', () => {
    it("an empty step lets the rule act; a step's action wins over the rule's, field by field", async () => {
      await harness.gateway.useScenario({
        name: 'mixed',
        rules: [{ name: 'slow reply', then: { delayMs: 80, reply: { text: 'From the rule.' } } }],
        steps: [
          { name: 'plain' },
          { name: 'own text', then: { reply: { text: 'From the step.' } } },
          { name: 'failure', then: { fail: { code: 'upstream_error', status: 502, shouldRetry: false } } },
        ],
      })
      const client = openai()
      const first = await client.chat.completions.create(hello)
      expect(first.choices[0]!.message.content).toBe('From the rule.')

      expect(time.asked.splice(0)).toEqual([80])
      const second = await client.chat.completions.create(hello)
      expect(second.choices[0]!.message.content).toBe('From the step.')
      // The rule's delay still applies: only the fields the step sets replace the rule's.
      expect(time.asked.splice(0)).toEqual([80])

      expect(await rejection(client.chat.completions.create(hello))).toMatchObject({ status: 502 })
      expect(entries().map((entry) => entry.decidedBy)).toEqual([
        'scenario "mixed" rule "slow reply"',
        'scenario "mixed" step 2 "own text"',
        'scenario "mixed" step 3 "failure"',
      ])
      harness.gateway.scenario.assertDone()
    })
  })

  describe('several scenarios', () => {
    it('apply in order: world patches stack, rules of all are active', async () => {
      const topUp: ScenarioInput = { name: 'top-up', world: { users: [{ id: 1, quota: 5_000 }] } }
      await harness.gateway.useScenario('quota-exhausted', topUp, 'model-missing')
      expect(names()).toEqual(['quota-exhausted', 'top-up', 'model-missing'])
      await expect(openai().chat.completions.create(hello)).resolves.toMatchObject({ model: 'gpt-4o-mini' })
      expect(await rejection(openai().chat.completions.create({ ...hello, model: 'gpt-4o' }))).toBeInstanceOf(OpenAI.NotFoundError)

      // The other way round, the later patch wins again.
      await harness.gateway.useScenario(topUp, 'quota-exhausted')
      expect(await rejection(openai().chat.completions.create(hello))).toBeInstanceOf(OpenAI.PermissionDeniedError)

      await harness.gateway.useScenario('flaky-upstream', 'mid-stream-error')
      expect(await rejection(openai().chat.completions.create(hello))).toBeInstanceOf(OpenAI.InternalServerError)
      expect(await rejection(openai().chat.completions.create(hello))).toBeInstanceOf(OpenAI.InternalServerError)
      const stream = await openai().chat.completions.create({ ...hello, stream: true })
      expect(
        await rejection(
          (async () => {
            for await (const _ of stream);
          })(),
        ),
      ).toBeInstanceOf(OpenAI.APIError)
    })

    it('each useScenario replaces the last: the world goes back to its creation state first', async () => {
      await harness.gateway.useScenario('quota-exhausted')
      await harness.gateway.useScenario('model-missing')
      expect(names()).toEqual(['model-missing'])
      await expect(openai().chat.completions.create(hello)).resolves.toBeDefined()
      await harness.gateway.useScenario()
      expect(names()).toEqual([])
      await expect(openai().chat.completions.create({ ...hello, model: 'gpt-4o' })).resolves.toBeDefined()
    })
  })

  describe('reset()', () => {
    it('clears the scenario, the journal, the clock and the rate windows', async () => {
      await harness.gateway.useScenario('rate-limited')
      for (let i = 0; i < 3; i++) await openai().chat.completions.create(hello)
      expect(await rejection(openai().chat.completions.create(hello))).toBeInstanceOf(OpenAI.RateLimitError)
      harness.gateway.clock.advance(10_000)
      expect(entries()).toHaveLength(4)

      const before = Date.now()
      await harness.gateway.reset()
      expect(names()).toEqual([])
      expect(entries()).toEqual([])
      // Back on the time source's clock: between two readings taken around it, not 10 s ahead.
      const now = harness.gateway.clock.now()
      expect([now >= before, now <= Date.now()]).toEqual([true, true])
      const { response } = await openai().chat.completions.create(hello).withResponse()
      expect(response.status).toBe(200)
      expect(response.headers.get('x-ratelimit-remaining-requests')).toBeNull()

      // The rate windows start empty even with the same limits back.
      await harness.gateway.useScenario('rate-limited')
      const again = await openai().chat.completions.create(hello).withResponse()
      expect(again.response.headers.get('x-ratelimit-remaining-requests')).toBe('2')
    })
  })

  describe('an invalid scenario', () => {
    it('throws ScenarioError with the path and a suggestion, and leaves the previous scenario active', async () => {
      await harness.gateway.useScenario('flaky-upstream')
      const error = await rejection(
        harness.gateway.useScenario({
          name: 'typo',
          rules: [{ when: { model: 'gpt-4o' }, then: { fail: { code: 'rate_limit_exeeded' as 'rate_limit_exceeded' } } }],
        }),
      )
      expect(error).toBeInstanceOf(ScenarioError)
      expect((error as ScenarioError).issues).toEqual([
        expect.objectContaining({
          path: 'rules[0].then.fail.code',
          message: expect.stringContaining('Did you mean "rate_limit_exceeded"?'),
        }),
      ])
      expect((error as Error).message).toMatch(
        /^Invalid scenario "typo":\n {2}- rules\[0\]\.then\.fail\.code: "rate_limit_exeeded" is not one of/,
      )

      expect(names()).toEqual(['flaky-upstream'])
      expect(await rejection(openai().chat.completions.create(hello))).toBeInstanceOf(OpenAI.InternalServerError)
    })

    it('an unknown built-in name suggests the nearest; a bad list changes nothing', async () => {
      await harness.gateway.useScenario('model-missing')
      const error = await rejection(harness.gateway.useScenario('rate-limited', 'quota-exhaused'))
      expect(error).toBeInstanceOf(ScenarioError)
      expect((error as Error).message).toContain('Did you mean "quota-exhausted"?')
      expect(names()).toEqual(['model-missing'])
      // rate-limited's world patch was not applied either.
      const { response } = await openai().chat.completions.create(hello).withResponse()
      expect(response.headers.get('x-ratelimit-limit-requests')).toBeNull()
    })

    it('a world patch that does not fit is a ScenarioError at world.…', async () => {
      const error = await rejection(
        harness.gateway.useScenario({
          name: 'orphan key',
          world: { tokens: [{ key: 'sk-orphan', name: 'orphan', userId: 99, unlimitedQuota: true }] },
        }),
      )
      expect(error).toBeInstanceOf(ScenarioError)
      expect((error as ScenarioError).issues[0]!.path).toMatch(/^world\.tokens/)
      expect(harness.gateway.world.findToken('sk-orphan')).toBeUndefined()
    })

    it('a breakStream with both error and disconnect, or neither, is refused', async () => {
      for (const breakStream of [{ afterChunks: 1 }, { afterChunks: 1, disconnect: true, error: { code: 'internal_error' as const } }]) {
        const error = await rejection(harness.gateway.useScenario({ name: 'bad break', rules: [{ then: { breakStream } }] }))
        expect(error).toBeInstanceOf(ScenarioError)
        expect((error as Error).message).toContain('give either `error` or `disconnect: true`')
      }
    })
  })

  describe("the issue's examples", () => {
    it("the token's quota runs out mid-conversation", async () => {
      await harness.gateway.useScenario({ name: 'quota runs out', world: { tokens: [{ key: 'sk-limited', remainQuota: 20 }] } })
      const client = openai({ apiKey: 'sk-limited' })
      const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Hello' }]
      let failure: unknown
      for (let turn = 0; turn < 10 && failure === undefined; turn++) {
        try {
          const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages })
          messages.push(completion.choices[0]!.message, { role: 'user', content: 'Tell me more' })
        } catch (error) {
          failure = error
        }
      }
      expect(messages.length).toBeGreaterThan(2)
      expect(failure).toBeInstanceOf(OpenAI.PermissionDeniedError)
      expect(failure).toMatchObject({ status: 403, code: 'insufficient_quota' })
      expect((failure as Error).message).toMatch(/has \d+ quota units left; this request costs \d+|has no quota left/)
      const spent = entries().reduce((sum, entry) => sum + (entry.quota ?? 0), 0)
      expect(spent).toBeLessThanOrEqual(20)
      expect(harness.gateway.world.findToken('sk-limited')!.remainQuota).toBe(20 - spent)
    })

    it('gemini-2.5-pro disappears from the vip group', async () => {
      const pro = () => genai('sk-vip').models.generateContent({ model: 'gemini-2.5-pro', contents: 'Hi' })
      await expect(pro()).resolves.toMatchObject({ modelVersion: 'gemini-2.5-pro' })
      await harness.gateway.useScenario({
        name: 'pro withdrawn',
        world: { groups: [{ name: 'vip', models: ['gpt-4o', 'claude-opus-4-1', 'gemini-2.5-flash'] }] },
      })
      const error = await rejection(pro())
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).status).toBe(404)
      await expect(genai('sk-vip').models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hi' })).resolves.toBeDefined()
    })
  })
})

describe.each(eitherMode)('scenarios given to createGateway ($name)', (mode) => {
  const harness = useHarness(mode, {
    scenarios: ['flaky-upstream', { name: 'labelled', rules: [{ when: { model: 'gpt-4o' }, then: { reply: { text: 'Labelled.' } } }] }],
  })

  it('are active from the first request', async () => {
    expect(harness.gateway.scenario.names).toEqual(['flaky-upstream', 'labelled'])
    const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 2 })
    const completion = await client.chat.completions.create({ ...hello, model: 'gpt-4o' })
    expect(completion.choices[0]!.message.content).toBe('Labelled.')
    expect(harness.gateway.journal.entries.map((entry) => entry.status)).toEqual([503, 503, 200])
  })
})

it('createGateway refuses an invalid scenario with ScenarioError', async () => {
  await expect(createGateway({ scenarios: ['slow-streams'] })).rejects.toThrow(ScenarioError)
  await expect(createGateway({ scenarios: ['slow-streams'] })).rejects.toThrow('Did you mean "slow-stream"?')
})

describe.each(eitherMode)('the JSON example in scenarios/README.md ($name)', (mode) => {
  const time = instantTime()
  const harness = useHarness(mode, { time })

  it('is a valid scenario and plays as the catalogue says', async () => {
    const readme = await readFile(inRepo('scenarios/README.md'), 'utf8')
    const json = readme.match(/```json\n([\s\S]*?)\n```/)![1]!
    await harness.gateway.useScenario(JSON.parse(json) as ScenarioInput)
    const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
    await client.chat.completions.create(hello)
    await client.chat.completions.create(hello)
    const limited = await rejection(client.chat.completions.create(hello))
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError)
    expect((limited as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after')).toBe('2')
    expect(time.asked).toEqual([])
    const fourth = await client.chat.completions.create({ ...hello, model: 'gpt-4o' })
    expect(fourth.choices[0]!.message.content).toBe('Back again.')
    // The rule's delay for gpt-4o, asked of the gateway's time source.
    expect(time.asked).toEqual([200])
    harness.gateway.scenario.assertDone()
    // Strict: a fifth call is not in the script.
    expect(await rejection(client.chat.completions.create(hello))).toMatchObject({ status: 400, code: 'scenario_mismatch' })
  })
})
