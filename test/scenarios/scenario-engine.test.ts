import { describe, expect, it } from 'vitest'
import type { ScenarioInput } from '../../src/index.ts'
import type { ScenarioRequest } from '../../src/scenarios/match-request.ts'
import { resolveScenario } from '../../src/scenarios/resolve-scenario.ts'
import { isDone, ScenarioEngine } from '../../src/scenarios/scenario-engine.ts'

// The scenario engine on its own: which step and which rule decide a request, and what the
// script reports. No gateway, no HTTP: test/scenarios/rules.test.ts and playback.test.ts show what
// a client sees of the same decisions.

let ids = 0
const request = (more: Partial<ScenarioRequest> = {}): ScenarioRequest => ({
  requestId: `req_${++ids}`,
  method: 'POST',
  pathname: '/v1/chat/completions',
  surface: 'openai',
  model: 'gpt-4o-mini',
  token: { key: 'sk-unrestricted' } as ScenarioRequest['token'],
  user: { id: 1, username: 'root' } as ScenarioRequest['user'],
  stream: false,
  ...more,
})

const engineWith = (...scenarios: ScenarioInput[]) => {
  const engine = new ScenarioEngine()
  engine.load(scenarios.map((scenario) => resolveScenario(scenario)))
  return engine
}
const teapot = { fail: { code: 'upstream_error' as const, status: 502 } }

describe('rules', () => {
  it('the first rule that fires decides; a later rule that matches is still counted', () => {
    const engine = engineWith({
      name: 'two',
      rules: [
        { name: 'first', when: { model: 'gpt-4o-mini', times: 1 }, then: teapot },
        { name: 'second', when: { model: 'gpt-4o-mini', after: 1 }, then: { delayMs: 5 } },
      ],
    })
    // Request 1: first fires; second matches (its count becomes 1) but does not fire.
    expect(engine.decide(request())?.decidedBy).toBe('scenario "two" rule "first"')
    // Request 2: first has fired its one time; second has now matched twice, more than `after: 1`.
    expect(engine.decide(request())).toEqual({ decidedBy: 'scenario "two" rule "second"', action: { delayMs: 5 } })
    expect(engine.decide(request({ model: 'gpt-4o' }))).toBeUndefined()
  })

  it('call fires on that matching request only', () => {
    const engine = engineWith({ name: 'third', rules: [{ when: { call: 3 }, then: teapot }] })
    expect([1, 2, 3, 4].map(() => engine.decide(request())?.decidedBy)).toEqual([
      undefined,
      undefined,
      'scenario "third" rule #1',
      undefined,
    ])
  })

  it('probability draws from a generator seeded by the scenario: the same seed, the same draws', () => {
    const draws = (seed: number) => {
      const engine = engineWith({ name: 'coin', seed, rules: [{ when: { probability: 0.5 }, then: teapot }] })
      return Array.from({ length: 40 }, () => engine.decide(request()) !== undefined)
    }
    expect(draws(1)).toEqual(draws(1))
    expect(draws(1)).not.toEqual(draws(2))
    expect(draws(1)).toContain(true)
    expect(draws(1)).toContain(false)
  })

  it('load zeroes the counters', () => {
    const engine = engineWith({ name: 'once', rules: [{ when: { times: 1 }, then: teapot }] })
    const scenario = resolveScenario({ name: 'once', rules: [{ when: { times: 1 }, then: teapot }] })
    expect(engine.decide(request())).toBeDefined()
    expect(engine.decide(request())).toBeUndefined()
    engine.load([scenario])
    expect(engine.decide(request())).toBeDefined()
  })
})

describe('steps', () => {
  const script: ScenarioInput = {
    name: 'script',
    steps: [
      { name: 'hello', when: { model: 'gpt-4o-mini' }, then: { reply: { text: 'One.' } } },
      { when: { model: 'gpt-4o' }, then: { reply: { text: 'Two.' } } },
    ],
  }

  it('are consumed in order, each by the first request that meets it; the report counts down to done', () => {
    const engine = engineWith(script)
    expect(engine.report().pendingSteps.map((step) => step.step)).toEqual([1, 2])
    expect(engine.decide(request())?.decidedBy).toBe('scenario "script" step 1 "hello"')
    expect(isDone(engine.report())).toBe(false)
    expect(engine.decide(request({ model: 'gpt-4o' }))?.action).toEqual({ reply: { text: 'Two.' } })
    expect(isDone(engine.report())).toBe(true)
  })

  it('a request out of order is left to the gateway and reported, with the step it missed and what differed', () => {
    const engine = engineWith(script)
    expect(engine.decide(request({ model: 'gpt-4o' }))).toBeUndefined()
    const [unmatched] = engine.report().unmatched
    expect(unmatched).toMatchObject({ method: 'POST', path: '/v1/chat/completions', model: 'gpt-4o' })
    expect(unmatched!.expected).toBe('scenario "script" step 1 "hello" (model "gpt-4o-mini")')
    expect(unmatched!.nearest![0]).toMatchObject({
      step: 1,
      name: 'hello',
      differs: [{ field: 'model', expected: 'gpt-4o-mini', got: 'gpt-4o' }],
    })
    expect(isDone(engine.report())).toBe(false)
  })

  it('strict: a request that meets no step fails with scenario_mismatch, and so does one after the last step', () => {
    const engine = engineWith({ ...script, strict: true })
    expect(engine.decide(request({ model: 'gpt-4o' }))?.action.fail).toMatchObject({ code: 'scenario_mismatch' })
    engine.decide(request())
    engine.decide(request({ model: 'gpt-4o' }))
    expect(engine.decide(request())?.action.fail?.message).toBe(
      'Strict scenario: POST /v1/chat/completions (model gpt-4o-mini) matched no step; every step has been consumed.',
    )
  })

  it('a WebSocket handshake that meets no step is neither refused nor reported', () => {
    const engine = engineWith({ ...script, strict: true })
    expect(engine.decide(request({ upgrade: true, model: 'gpt-4o' }))).toBeUndefined()
    expect(engine.report().unmatched).toEqual([])
  })

  it('a step and a rule on the same request: the rule acts, and the step wins where both say something', () => {
    const engine = engineWith({
      name: 'both',
      rules: [{ when: {}, then: { delayMs: 10, reply: { text: 'From the rule.' } } }],
      steps: [{ when: {}, then: { reply: { text: 'From the step.' } } }],
    })
    expect(engine.decide(request())).toEqual({
      decidedBy: 'scenario "both" step 1',
      action: { delayMs: 10, reply: { text: 'From the step.' } },
    })
    // With the script done, the rule alone.
    expect(engine.decide(request())).toEqual({
      decidedBy: 'scenario "both" rule #1',
      action: { delayMs: 10, reply: { text: 'From the rule.' } },
    })
  })
})
