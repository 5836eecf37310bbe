import { getResponse, type RequestHandler } from 'msw'
import { describe, expect, it } from 'vitest'
import { createGateway, DefinitionError, GatewayOptionsError, type GatewayOptions, type RequestLogEntry } from '../../src/index.ts'
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
