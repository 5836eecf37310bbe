import { Agent } from 'node:http'
import { setupServer } from 'msw/node'
import OpenAI from 'openai'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createGateway, type JournalEntry, type ScenarioReport, type WorldData } from '../../../src/index.ts'
import { startServer, type RunningServer } from '../../../src/node/index.ts'
import { presentedAdminToken } from '../../../src/http/request-credentials.ts'
import { adminAccessOf, isAdminToken, isLoopbackAddress } from '../../../src/node/server/admin-access.ts'
import { exchange } from '../../support/http-exchange.ts'
import { modes, useHarness } from '../../support/modes.ts'

const hour = 3_600_000
// A key that works now and expires an hour from now on the gateway clock.
const world = {
  extends: 'default' as const,
  tokens: [
    { key: 'sk-expires-soon', name: 'expires-soon', userId: 1, unlimitedQuota: true, expiresAt: new Date(Date.now() + hour).toISOString() },
  ],
}

interface ScenarioState {
  names: string[]
  report: ScenarioReport
}

describe.each(modes)('the /__mock admin routes ($name)', (mode) => {
  const harness = useHarness(mode, { world })
  beforeEach(() => harness.gateway.reset())

  const admin = async <T = unknown>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${harness.baseUrl}/__mock${path}`, {
      method,
      // JSON, as every admin POST must be (a form on another page cannot send it).
      ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' } }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: response.status, body: (await response.json()) as T }
  }
  const chat = (key = 'sk-unrestricted', model = 'gpt-4o-mini') =>
    fetch(`${harness.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Hello' }] }),
    })
  const listModels = (key: string) => fetch(`${harness.baseUrl}/v1/models`, { headers: { authorization: `Bearer ${key}` } })

  describe('journal', () => {
    it('lists the requests answered, oldest first, without the admin calls themselves', async () => {
      const openai = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
      await openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] })
      await admin('GET', '/clock')
      expect((await listModels('sk-nope')).status).toBe(401)

      const { status, body } = await admin<{ entries: JournalEntry[] }>('GET', '/journal')
      expect(status).toBe(200)
      expect(body.entries).toHaveLength(2)
      const [generation, refused] = body.entries
      expect(generation).toMatchObject({
        method: 'POST',
        path: '/v1/chat/completions',
        surface: 'openai',
        model: 'gpt-4o-mini',
        status: 200,
        key: 'sk-u…cted',
      })
      expect(generation?.usage?.promptTokens).toBeGreaterThan(0)
      expect(generation?.quota).toBeGreaterThan(0)
      expect(generation?.requestId).toMatch(/\S/)
      expect(refused).toMatchObject({ method: 'GET', path: '/v1/models', status: 401, code: 'invalid_api_key' })
      // The in-process journal is the same one.
      expect(harness.gateway.journal.entries.filter((entry) => entry.surface !== 'admin').map((entry) => entry.requestId)).toEqual(
        body.entries.map((entry) => entry.requestId),
      )
    })

    it('gives the last N with ?limit=N, refuses a bad limit, and forgets everything on DELETE', async () => {
      await listModels('sk-limited')
      await listModels('sk-vip')
      await listModels('sk-auto')
      const last = await admin<{ entries: JournalEntry[] }>('GET', '/journal?limit=2')
      expect(last.body.entries.map((entry) => entry.key)).toEqual(['sk-v…', 'sk-a…'])
      expect((await admin<{ entries: unknown[] }>('GET', '/journal?limit=0')).body.entries).toEqual([])
      expect(await admin('GET', '/journal?limit=-1')).toEqual({
        status: 400,
        body: { error: { code: 'invalid_request_error', message: 'limit must be a non-negative integer, got "-1"' } },
      })

      expect(await admin('DELETE', '/journal')).toEqual({ status: 200, body: { cleared: true } })
      expect((await admin<{ entries: unknown[] }>('GET', '/journal')).body.entries).toEqual([])
      await listModels('sk-limited')
      expect((await admin<{ entries: unknown[] }>('GET', '/journal')).body.entries).toHaveLength(1)
    })
  })

  describe('scenario', () => {
    it('switches scenarios at runtime: by name, as a list, and [] clears', async () => {
      expect(await admin('GET', '/scenario')).toEqual({
        status: 200,
        body: { names: [], report: { scenarios: [], pendingSteps: [], unmatched: [] } },
      })

      const switched = await admin<ScenarioState>('POST', '/scenario', { name: 'flaky-upstream' })
      expect(switched).toMatchObject({ status: 200, body: { names: ['flaky-upstream'] } })
      const failed = await chat()
      expect(failed.status).toBe(503)
      expect(((await failed.json()) as { error: { code: string } }).error.code).toBe('upstream_error')
      expect(harness.gateway.scenario.names).toEqual(['flaky-upstream'])

      const both = await admin<ScenarioState>('POST', '/scenario', {
        scenarios: [
          'model-missing',
          { name: 'fixed reply', rules: [{ when: { model: 'gpt-4o-mini' }, then: { reply: { text: 'Scripted.' } } }] },
        ],
      })
      expect(both.body.names).toEqual(['model-missing', 'fixed reply'])
      expect((await chat('sk-unrestricted', 'gpt-4o')).status).toBe(404)
      const scripted = await chat('sk-unrestricted', 'gpt-4o-mini')
      expect(scripted.status).toBe(200)
      expect(((await scripted.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content).toBe('Scripted.')

      expect((await admin<ScenarioState>('POST', '/scenario', { scenarios: [] })).body.names).toEqual([])
      expect((await chat()).status).toBe(200)
    })

    it('takes a single scenario object', async () => {
      const { body } = await admin<ScenarioState>('POST', '/scenario', {
        name: 'always busy',
        rules: [{ then: { fail: { code: 'rate_limit_exceeded', retryAfterMs: 1500 } } }],
      })
      expect(body.names).toEqual(['always busy'])
      const response = await chat()
      expect(response.status).toBe(429)
      expect(response.headers.get('retry-after')).toBe('2')
    })

    it('refuses an invalid scenario with 400, the path and the fix, and changes nothing', async () => {
      await admin('POST', '/scenario', { name: 'slow-stream' })
      const typo = await admin<{ error: { code: string; message: string } }>('POST', '/scenario', {
        scenarios: [{ name: 'typo', rules: [{ then: { fail: { code: 'rate_limit_exceded' } } }] }],
      })
      expect(typo.status).toBe(400)
      expect(typo.body.error.code).toBe('invalid_request_error')
      expect(typo.body.error.message).toContain('Invalid scenario "typo":')
      expect(typo.body.error.message).toContain('rules[0].then.fail.code: "rate_limit_exceded" is not one of')
      expect(typo.body.error.message).toContain('Did you mean "rate_limit_exceeded"?')

      const unknown = await admin<{ error: { message: string } }>('POST', '/scenario', { name: 'rate-limted' })
      expect(unknown.status).toBe(400)
      expect(unknown.body.error.message).toContain('Did you mean "rate-limited"?')

      const shape = await admin<{ error: { message: string } }>('POST', '/scenario', { scenarios: 'flaky-upstream' })
      expect(shape.status).toBe(400)
      expect(shape.body.error.message).toMatch(/^scenarios: /)

      expect((await admin<ScenarioState>('GET', '/scenario')).body.names).toEqual(['slow-stream'])
    })

    // The message is read by whoever sent the request: it speaks of the route and its body, not of
    // the in-process API behind it.
    it('names where in its body a scenario without a name is', async () => {
      const single = await admin<{ error: { message: string } }>('POST', '/scenario', { rules: [{ then: { fial: {} } }] })
      expect(single.status).toBe(400)
      expect(single.body.error.message).toBe(
        'Invalid scenario in the body of POST /__mock/scenario:\n' +
          '  - name: missing (required): expected a string\n' +
          '  - rules[0].then.fial: unknown field. Did you mean "fail"?',
      )
      const listed = await admin<{ error: { message: string } }>('POST', '/scenario', { scenarios: ['flaky-upstream', { strict: true }] })
      expect(listed.status).toBe(400)
      expect(listed.body.error.message).toBe(
        'Invalid scenario scenarios[1] in the body of POST /__mock/scenario:\n  - name: missing (required): expected a string',
      )
    })

    it('reports pending steps and asserts the script is done (409 until it is)', async () => {
      await admin('POST', '/scenario', {
        name: 'two calls',
        steps: [
          { name: 'first', when: { model: 'gpt-4o-mini' } },
          { name: 'second', when: { model: 'gpt-4o' } },
        ],
      })
      expect((await chat('sk-unrestricted', 'gpt-4o-mini')).status).toBe(200)

      const pending = await admin<ScenarioReport>('GET', '/scenario/pending')
      expect(pending.status).toBe(200)
      expect(pending.body.pendingSteps).toEqual([{ step: 2, name: 'second', when: { model: 'gpt-4o' } }])

      const notDone = await admin<{ done: boolean; error: { code: string; message: string }; report: ScenarioReport }>(
        'POST',
        '/scenario/assert',
      )
      expect(notDone.status).toBe(409)
      expect(notDone.body.done).toBe(false)
      expect(notDone.body.error.code).toBe('scenario_mismatch')
      expect(notDone.body.error.message).toContain('Scenario "two calls" is not done:')
      expect(notDone.body.error.message).toContain('step 2 "second" was never reached')
      expect(notDone.body.report.pendingSteps).toHaveLength(1)

      expect((await chat('sk-unrestricted', 'gpt-4o')).status).toBe(200)
      expect(await admin('POST', '/scenario/assert')).toEqual({
        status: 200,
        body: { done: true, report: { scenarios: ['two calls'], pendingSteps: [], unmatched: [] } },
      })
    })
  })

  describe('clock', () => {
    it('reads the gateway clock and moves it on, expiring a key without sleeping', async () => {
      const before = await admin<{ now: number; iso: string }>('GET', '/clock')
      expect(before.status).toBe(200)
      expect(Math.abs(before.body.now - Date.now())).toBeLessThan(5_000)
      expect(before.body.iso).toBe(new Date(before.body.now).toISOString())
      expect((await listModels('sk-expires-soon')).status).toBe(200)

      const after = await admin<{ now: number }>('POST', '/clock', { advanceMs: 2 * hour })
      expect(after.status).toBe(200)
      expect(after.body.now - before.body.now).toBeGreaterThanOrEqual(2 * hour)
      const expired = await listModels('sk-expires-soon')
      expect(expired.status).toBe(401)
      expect(((await expired.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key')
    })

    it('moves a rate window on', async () => {
      await admin('POST', '/scenario', { name: 'rate-limited' })
      for (let i = 0; i < 3; i++) expect((await chat()).status).toBe(200)
      const limited = await chat()
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
      await admin('POST', '/clock', { advanceMs: 60_000 })
      expect((await chat()).status).toBe(200)
    })

    it.each([[{}], [{ advanceMs: -1 }], [{ advanceMs: '10' }], [{ advanceMs: 10, extra: true }], [{ advanceMs: 1e20 }]])(
      'refuses %j with 400',
      async (body) => {
        const { status, body: answer } = await admin<{ error: { code: string } }>('POST', '/clock', body)
        expect(status).toBe(400)
        expect(answer.error.code).toBe('invalid_request_error')
      },
    )
  })

  it('shows the live world, scenario patches and quota spent included', async () => {
    await admin('POST', '/scenario', { name: 'quota-exhausted' })
    const { status, body } = await admin<WorldData>('GET', '/world')
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual(['groups', 'models', 'redemptions', 'settings', 'tokens', 'users'])
    expect(body.users.find((user) => user.id === 1)?.quota).toBe(0)
    expect(body.tokens.map((token) => token.key)).toContain('sk-expires-soon')

    await admin('POST', '/scenario', { scenarios: [] })
    await chat('sk-limited')
    const spent = (await admin<WorldData>('GET', '/world')).body.tokens.find((token) => token.key === 'sk-limited')
    expect(spent?.usedQuota).toBeGreaterThan(0)
  })

  it('resets world, clock, scenarios and journal', async () => {
    await admin('POST', '/scenario', { name: 'quota-exhausted' })
    await admin('POST', '/clock', { advanceMs: 2 * hour })
    await chat()

    expect(await admin('POST', '/reset')).toEqual({ status: 200, body: { reset: true, names: [] } })
    expect((await admin<{ entries: unknown[] }>('GET', '/journal')).body.entries).toEqual([])
    expect((await admin<ScenarioState>('GET', '/scenario')).body.names).toEqual([])
    expect(Math.abs((await admin<{ now: number }>('GET', '/clock')).body.now - Date.now())).toBeLessThan(5_000)
    expect((await admin<WorldData>('GET', '/world')).body.users.find((user) => user.id === 1)?.quota).toBeGreaterThan(0)
    expect((await listModels('sk-expires-soon')).status).toBe(200)
  })

  it.each([
    ['GET', '/__mock/nothing'],
    ['PUT', '/__mock/journal'],
    ['POST', '/__mock'],
  ])('answers %s %s with the 404 of an unknown path', async (method, path) => {
    const response = await fetch(`${harness.baseUrl}${path}`, { method })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: { code: 'invalid_url', message: `Invalid URL (${method} ${path})` } })
  })
})

describe.each(modes)('a journal limit ($name)', (mode) => {
  it('keeps only the last journalLimit requests, in gateway.journal and GET /__mock/journal', async () => {
    const harness = await mode.start({ journalLimit: 3 })
    try {
      const keys = ['sk-limited', 'sk-vip', 'sk-auto', 'sk-unrestricted', 'sk-limited', 'sk-vip', 'sk-auto', 'sk-unrestricted']
      for (const key of keys) await fetch(`${harness.baseUrl}/v1/models`, { headers: { authorization: `Bearer ${key}` } })
      const last = ['sk-v…', 'sk-a…', 'sk-u…cted']
      expect(harness.gateway.journal.limit).toBe(3)
      expect(harness.gateway.journal.entries.map((entry) => entry.key)).toEqual(last)
      const response = await fetch(`${harness.baseUrl}/__mock/journal`)
      expect(((await response.json()) as { entries: JournalEntry[] }).entries.map((entry) => entry.key)).toEqual(last)
    } finally {
      await harness.close()
    }
  })
})

describe('createGateway({ journalLimit })', () => {
  it.each([0, -1, 2.5, Number.NaN])('refuses %s', async (journalLimit) => {
    await expect(createGateway({ journalLimit })).rejects.toThrow(`journalLimit: must be a positive integer, got ${journalLimit}`)
  })

  it('keeps 10 000 by default', async () => {
    expect((await createGateway()).journal.limit).toBe(10_000)
  })
})

describe('the admin routes under a baseUrl', () => {
  it('live below the base like every other route', async () => {
    const gateway = await createGateway({ baseUrl: 'http://gateway.test/proxy' })
    const server = setupServer(...gateway.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    try {
      await fetch('http://gateway.test/proxy/__mock/scenario', { method: 'POST', body: JSON.stringify({ name: 'slow-stream' }) })
      expect(gateway.scenario.names).toEqual(['slow-stream'])
      const unknown = await fetch('http://gateway.test/proxy/__mock/nothing')
      expect(unknown.status).toBe(404)
      expect(await unknown.json()).toEqual({ error: { code: 'invalid_url', message: 'Invalid URL (GET /proxy/__mock/nothing)' } })
    } finally {
      server.close()
    }
  })
})

describe('who may use /__mock', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.42.0.7', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['::FFFF:127.9.9.9', true],
    ['10.0.0.1', false],
    ['192.168.1.20', false],
    ['128.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['2001:db8::1', false],
    ['::', false],
    ['127.0.0.1.example.com', false],
    ['', false],
    [undefined, false],
  ])('%s is loopback: %s', (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback)
  })

  it('reads the token from x-mock-admin-token anywhere, and from Bearer only on /__mock paths', () => {
    expect(presentedAdminToken(new Headers({ 'x-mock-admin-token': 's3cret' }), '/v1/models')).toBe('s3cret')
    expect(presentedAdminToken(new Headers({ authorization: 'Bearer s3cret' }), '/__mock/journal')).toBe('s3cret')
    expect(presentedAdminToken(new Headers({ authorization: 'Bearer s3cret' }), '/base/__mock')).toBe('s3cret')
    expect(presentedAdminToken(new Headers({ authorization: 'Bearer sk-limited' }), '/v1/models')).toBeUndefined()
    expect(presentedAdminToken(new Headers(), '/__mock/journal')).toBeUndefined()
  })

  it('compares tokens exactly', () => {
    expect(isAdminToken('s3cret', 's3cret')).toBe(true)
    expect(isAdminToken('s3cre', 's3cret')).toBe(false)
    expect(isAdminToken(undefined, 's3cret')).toBe(false)
    expect(isAdminToken('', '')).toBe(false)
    expect(isAdminToken('s3cret', undefined)).toBe(false)
  })

  it('lets loopback clients in when the server has no token, and only clients that send it when it has one', () => {
    const headers = (token?: string) => new Headers(token === undefined ? {} : { 'x-mock-admin-token': token })
    const access = (remoteAddress: string, token?: string, adminToken?: string) =>
      adminAccessOf({ remoteAddress, headers: headers(token), pathname: '/__mock/journal', adminToken }).admin
    expect(access('127.0.0.1')).toBe(true)
    expect(access('::1', 'anything')).toBe(true)
    expect(access('10.1.2.3')).toBe(false)
    expect(access('10.1.2.3', 's3cret')).toBe(false)

    expect(access('127.0.0.1', undefined, 's3cret')).toBe(false)
    expect(access('::1', 'wrong', 's3cret')).toBe(false)
    expect(access('10.1.2.3', 'wrong', 's3cret')).toBe(false)
    expect(access('127.0.0.1', 's3cret', 's3cret')).toBe(true)
    expect(access('10.1.2.3', 's3cret', 's3cret')).toBe(true)
  })

  it("refuses another page's requests, and a Host that is not this machine unless the server has a token", () => {
    const access = (headers: Record<string, string>, adminToken?: string, boundAddress = '127.0.0.1') =>
      adminAccessOf({ remoteAddress: '127.0.0.1', headers: new Headers(headers), pathname: '/__mock/clock', adminToken, boundAddress })
        .admin
    const token = { 'x-mock-admin-token': 's3cret' }
    // The inspector's own page, however it was opened.
    expect(access({ host: '127.0.0.1:4010', origin: 'http://127.0.0.1:4010' })).toBe(true)
    expect(access({ host: 'localhost:4010', origin: 'http://localhost:4010' })).toBe(true)
    expect(access({ host: 'app.localhost:4010' })).toBe(true)
    expect(access({ host: '[::1]:4010', origin: 'http://[::1]:4010' })).toBe(true)
    // Behind a proxy that ends TLS, the page is https: and the Host the same.
    expect(access({ host: 'gateway.example', origin: 'https://gateway.example', ...token }, 's3cret')).toBe(true)
    // Another page, by a form, a script, or a sandbox.
    for (const origin of ['http://evil.example', 'http://127.0.0.1:9999', 'null', 'not a url']) {
      expect(access({ host: '127.0.0.1:4010', origin }), origin).toBe(false)
      expect(access({ host: '127.0.0.1:4010', origin, ...token }, 's3cret'), origin).toBe(false)
    }
    // A page whose own name now resolves to 127.0.0.1 (DNS rebinding), same-origin to itself.
    expect(access({ host: 'rebind.evil.example:4010' })).toBe(false)
    expect(access({ host: 'rebind.evil.example:4010', origin: 'http://rebind.evil.example:4010' })).toBe(false)
    expect(access({ host: 'localhost@evil.example:4010' })).toBe(false)
    // The address the server is bound to is this machine's; with a token any name reaches it (--host 0.0.0.0).
    expect(access({ host: '10.0.0.5:4010' }, undefined, '10.0.0.5')).toBe(true)
    expect(access({ host: '0.0.0.0:4010' }, undefined, '0.0.0.0')).toBe(false)
    expect(access({ host: 'myhost.lan:4010', ...token }, 's3cret', '0.0.0.0')).toBe(true)
    expect(access({ host: 'myhost.lan:4010', origin: 'http://myhost.lan:4010', ...token }, 's3cret', '0.0.0.0')).toBe(true)
  })

  describe('over HTTP', () => {
    let server: RunningServer | undefined
    afterEach(async () => {
      await server?.close()
      server = undefined
    })
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${server!.url}${path}`, { headers })
      return { status: response.status, body: (await response.json()) as unknown }
    }

    it('answers loopback clients whatever they send when started without a token', async () => {
      server = await startServer(await createGateway(), { port: 0 })
      expect((await get('/__mock/journal')).status).toBe(200)
      expect((await get('/__mock/journal', { 'x-mock-admin-token': 'anything' })).status).toBe(200)
    })

    // A reverse proxy on the same machine makes every client loopback: the token must not be optional for them.
    it('asks every client for the token once it has one, loopback included, and hides the admin API from those without', async () => {
      server = await startServer(await createGateway(), { port: 0, adminToken: 's3cret' })
      const unknown = await get('/__mock/no-such-route', { 'x-mock-admin-token': 's3cret' })
      expect(unknown).toEqual({ status: 404, body: { error: { code: 'invalid_url', message: 'Invalid URL (GET /__mock/no-such-route)' } } })

      for (const headers of [{}, { 'x-mock-admin-token': 'wrong' }, { authorization: 'Bearer wrong' }] as Record<string, string>[]) {
        expect(await get('/__mock/journal', headers)).toEqual({
          status: 404,
          body: { error: { code: 'invalid_url', message: 'Invalid URL (GET /__mock/journal)' } },
        })
      }
      expect((await fetch(`${server.url}/__mock/reset`, { method: 'POST' })).status).toBe(404)
      expect((await get('/__mock/journal', { 'x-mock-admin-token': 's3cret' })).status).toBe(200)
      expect((await get('/__mock/world', { authorization: 'Bearer s3cret' })).status).toBe(200)
      // The gateway's own routes do not care.
      expect((await get('/v1/models', { authorization: 'Bearer sk-limited' })).status).toBe(200)
    })

    it("refuses another site's form POST, a no-cors POST and a rebound Host, and takes only JSON POSTs from its own clients", async () => {
      const agent = new Agent()
      server = await startServer(await createGateway(), { port: 0 })
      const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
        exchange(server!.url, agent, { method, path, headers, body })
      try {
        // The form a page on another site posts to the mock: refused as an unknown path, nothing changes.
        const form = { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' }
        expect((await send('POST', '/__mock/clock', form, 'advanceMs=60000')).status).toBe(404)
        expect((await send('POST', '/__mock/reset', { origin: 'http://evil.example' })).status).toBe(404)
        // A POST with no Origin that a form could still have sent: 415, saying what to send.
        const plain = await send('POST', '/__mock/reset', { 'content-type': 'text/plain' }, '{}')
        expect(plain.status).toBe(415)
        expect(JSON.parse(plain.body.toString()).error.message).toContain('send it as Content-Type: application/json')
        // What a CI script sends (`curl -X POST …/__mock/reset`, no body, no Origin) is served.
        expect((await send('POST', '/__mock/reset', {})).status).toBe(200)
        expect((await send('POST', '/__mock/clock', { 'content-type': 'application/json' }, '{"advanceMs":1}')).status).toBe(200)
        // DNS rebinding: the page reads with its own name as Host.
        for (const path of ['/__mock/world', '/__mock/journal', '/__mock/state']) {
          expect((await send('GET', path, { host: `rebind.evil.example:${server!.port}` })).status, path).toBe(404)
        }
        expect((await send('GET', '/__mock/world', { host: `localhost:${server!.port}` })).status).toBe(200)
      } finally {
        agent.destroy()
      }
    })

    it('answers any Host with the token: a server on 0.0.0.0 serves other machines by whatever name they use', async () => {
      const agent = new Agent()
      server = await startServer(await createGateway(), { port: 0, adminToken: 's3cret' })
      try {
        const world = await exchange(server.url, agent, {
          method: 'GET',
          path: '/__mock/world',
          headers: { host: `myhost.lan:${server.port}`, 'x-mock-admin-token': 's3cret' },
        })
        expect(world.status).toBe(200)
      } finally {
        agent.destroy()
      }
    })

    it('refuses an empty admin token', async () => {
      await expect(startServer(await createGateway(), { port: 0, adminToken: ' ' })).rejects.toThrow('adminToken must not be empty')
    })
  })
})
