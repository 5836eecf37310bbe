import { getResponse, type RequestHandler } from 'msw'
import { describe, expect, it } from 'vitest'
import { createGateway, DefinitionError, GatewayOptionsError, type GatewayOptions, type RequestLogEntry } from '../../src/index.ts'
import { plainlyAccepted, schemaAccepts } from '../../src/gateway/gateway-options-schema.ts'
import { drivenTime } from '../support/driven-time.ts'

const refusal = (options: unknown) =>
  createGateway(options as GatewayOptions).then(
    () => undefined,
    (error: unknown) => error,
  )

describe('createGateway checks its options', () => {
  it('names an unknown option and the one it likely meant', async () => {
    const error = await refusal({ jounralLimit: 5 })
    expect(error).toBeInstanceOf(GatewayOptionsError)
    expect(error).toBeInstanceOf(DefinitionError)
    expect((error as Error).message).toBe(
      'Invalid options passed to createGateway:\n  - jounralLimit: unknown field. Did you mean "journalLimit"?',
    )
  })

  it('names a value of the wrong kind at its path inside an option, with every other issue', async () => {
    const error = await refusal({ time: { now: 5, sleep: async () => {} }, replayStrict: 'yes', maxBodyBytes: 0 })
    expect(error).toBeInstanceOf(GatewayOptionsError)
    expect((error as GatewayOptionsError).issues).toEqual([
      { path: 'maxBodyBytes', message: 'must be a positive integer, got 0' },
      { path: 'replayStrict', message: 'expected boolean, received string' },
      { path: 'time.now', message: 'must be a function, got 5' },
    ])
  })

  it('refuses options that are no object', async () => {
    expect(((await refusal(null)) as Error).message).toBe(
      'Invalid options passed to createGateway:\n  - (root): expected object, received null',
    )
  })

  it('takes valid options as they are, functions included', async () => {
    const time = drivenTime()
    const seen: RequestLogEntry[] = []
    const gateway = await createGateway({
      time,
      onRequest: (entry) => seen.push(entry),
      scenarios: [{ name: 'code', rules: [{ when: () => true, then: { reply: () => ({ text: 'from a function' }) } }] }],
      journalLimit: 5,
      detailLimit: 0,
      replayStrict: false,
      profile: 'spec',
    })
    const request = new Request('http://gateway.test/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
    })
    const response = await getResponse(gateway.handlers as RequestHandler[], request)
    expect(response?.status).toBe(200)
    expect(((await response!.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe(
      'from a function',
    )
    expect(seen.map((entry) => entry.status)).toEqual([200])
    expect(gateway.journal.limit).toBe(5)
    expect(gateway.clock.now()).toBe(time.now())
  })
})

// createGateway takes options that pass plain checks without building its zod schema (a part of
// every start): those checks must never take what the schema refuses, and must take the usual.
describe('the plain check of the options', () => {
  const fn = () => {}
  const time = { now: () => 0, sleep: async () => {}, advance: fn }
  const usual: unknown[] = [
    {},
    { world: {}, baseUrl: 'http://localhost:4010', anyModel: 'gpt-4o', maxBodyBytes: 1, maxBodyDepth: 64 },
    { scenarios: ['rate-limited'], onRequest: fn, profile: 'new-api', journalLimit: 1, replay: 'recordings/' },
    { replayStrict: true, replaySpeed: 0, detailLimit: 0, time, world: 'world.json', profile: {}, replay: [] },
    { world: undefined, baseUrl: undefined, time: undefined },
  ]
  const odd: unknown[] = [
    null,
    undefined,
    [],
    'options',
    fn,
    { jounralLimit: 5 },
    { world: 5 },
    { baseUrl: 'localhost:4010/v1?x=1' },
    { baseUrl: 'http://localhost:4010/#top' },
    { baseUrl: 'not a url' },
    { anyModel: '' },
    { maxBodyBytes: 0 },
    { maxBodyBytes: 1.5 },
    { maxBodyDepth: 0 },
    { maxBodyDepth: 1e9 },
    { scenarios: 'rate-limited' },
    { onRequest: 'log' },
    { profile: 5 },
    { journalLimit: 0 },
    { replay: 5 },
    { replayStrict: 'yes' },
    { replaySpeed: -1 },
    { replaySpeed: Number.NaN },
    { detailLimit: -1 },
    { time: { now: 5, sleep: fn } },
    { time: [fn, fn] },
    { time: fn },
    { __proto__: null, journalLimit: 5 },
    Object.create({ inherited: true }),
    Object.create({ journalLimit: 0 }),
    Object.defineProperty({}, 'journalLimit', { value: 0, enumerable: false }),
  ]

  it.each(usual)('takes %o, as the schema does', (options) => {
    expect([plainlyAccepted(options), schemaAccepts(options)]).toEqual([true, true])
  })

  it.each(odd)('leaves %o to the schema, or takes it only where the schema does', (options) => {
    if (plainlyAccepted(options)) expect(schemaAccepts(options)).toBe(true)
  })

  it('leaves every refused option of the list to the schema', () => {
    const refused = odd.filter((options) => !schemaAccepts(options))
    expect(refused.filter((options) => plainlyAccepted(options))).toEqual([])
    expect(refused.length).toBeGreaterThan(25)
  })
})
