import { beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { LogBook } from '../../../src/logs/log-book.ts'
import { redeemCodeRoute } from '../../../src/surfaces/dashboard/account/redeem-code.ts'
import { defaultWorldData } from '../../../src/world/default-world-data.ts'
import { verifyPassword } from '../../../src/world/password-hash.ts'
import { userSchema } from '../../../src/world/schemas.ts'
import { World, type DashboardSession } from '../../../src/world/world.ts'
import { eitherMode, useHarness } from '../../support/modes.ts'

describe.each(eitherMode)('dashboard and account routes ($name)', (mode) => {
  const harness = useHarness(mode)

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${harness.baseUrl}${path}`, { headers })

  it('summarises the user quota in units and USD', async () => {
    const response = await get('/api/user/billing/summary', { authorization: 'Bearer at-carol' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      success: true,
      message: '',
      data: {
        user_id: 2,
        username: 'carol',
        group: 'default',
        quota_per_unit: 500_000,
        remaining_quota: 0,
        used_quota: 2_500_000,
        total_quota: 2_500_000,
        remaining_usd: 0,
        used_usd: 5,
        total_usd: 5,
        request_count: 40,
      },
    })
  })

  it.each([
    ['no token', {}, 'Missing access token'],
    ['an unknown token', { authorization: 'Bearer at-mallory' }, 'Invalid access token'],
    ['an API key', { authorization: 'Bearer sk-unrestricted' }, 'That is an API key'],
  ])('answers %s with 401 {success:false, message}', async (_name, headers, message) => {
    const response = await get('/api/user/billing/summary', headers)
    expect(response.status).toBe(401)
    const body = (await response.json()) as { success: boolean; message: string }
    expect(body.success).toBe(false)
    expect(body.message).toContain(message)
    expect(Object.keys(body)).toEqual(['success', 'message'])
  })

  it('returns the user in the gateway field names on /api/user/self', async () => {
    const response = await get('/api/user/self', { authorization: 'at-alice' })
    expect(await response.json()).toMatchObject({
      success: true,
      data: { id: 1, username: 'alice', role: 1, status: 1, group: 'default', quota: 100_000_000, used_quota: 0, request_count: 0 },
    })
  })

  it('answers /api/status without auth', async () => {
    const body = (await (await get('/api/status')).json()) as { success: boolean; data: Record<string, unknown> }
    expect(body.success).toBe(true)
    expect(body.data).toMatchObject({ quota_per_unit: 500_000, quota_display_type: 'USD', self_use_mode_enabled: false })
    expect(body.data.start_time).toBeTypeOf('number')
  })

  it.each([
    ['a limited key', 'sk-limited', 10],
    ['an unlimited key', 'sk-unrestricted', 100_000_000],
  ])('reports the subscription limit of %s', async (_name, key, limit) => {
    for (const prefix of ['/v1/dashboard', '/dashboard']) {
      const response = await get(`${prefix}/billing/subscription`, { authorization: `Bearer ${key}` })
      expect(await response.json()).toEqual({
        object: 'billing_subscription',
        has_payment_method: true,
        soft_limit_usd: limit,
        hard_limit_usd: limit,
        system_hard_limit_usd: limit,
        access_until: 0,
      })
    }
  })

  it('reports the key usage in cents', async () => {
    const response = await get('/v1/dashboard/billing/usage?start_date=2026-01-01&end_date=2026-02-01', {
      authorization: 'Bearer sk-low-quota',
    })
    expect(await response.json()).toEqual({ object: 'list', total_usage: 999.99 })
  })

  it('answers /v1/dashboard auth failures in the OpenAI envelope', async () => {
    const response = await get('/v1/dashboard/billing/subscription', { authorization: 'Bearer sk-disabled' })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_api_key', type: 'invalid_request_error' } })
  })
})

// The management API is the gateway's own: both profiles answer it alike.
/** A signed-in session as login makes one, for tests that need one without signing in. */
function session(id: string, userId: number, accessToken: string, expiresAt: number): DashboardSession {
  return { id, sid: id, userId, accessToken, accessExpiresAt: expiresAt, expiresAt, createdAt: 0 }
}

const accountCases = eitherMode.flatMap((mode) =>
  (['spec', 'new-api'] as const).map((profile) => ({ name: `${mode.name}, ${profile}`, mode, profile })),
)

describe.each(accountCases)('the account and top-ups ($name)', ({ mode, profile }) => {
  // Twenty more users, each with an access token, for redemptions made at the same time.
  const crowd = Array.from({ length: 20 }, (_, index) => ({
    id: 100 + index,
    username: `user${100 + index}`,
    quota: 0,
    accessToken: `at-${100 + index}`,
  }))
  const harness = useHarness(mode, { profile })
  beforeEach(async () => {
    await harness.gateway.reset()
    for (const user of crowd) await harness.gateway.world.users.create(userSchema.parse(user))
  })

  const call = async (method: string, path: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${harness.baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as { success: boolean; message: string; data?: any } }
  }
  const quotaOf = async (token: string) => (await call('GET', '/api/user/self', token)).body.data.quota as number
  const refusedWith = (message: string) => ({ status: 200, body: { success: false, message } })

  it("answers GET /api/user/self with every field of new-api's dashboard user", async () => {
    expect(await call('GET', '/api/user/self', 'at-alice')).toEqual({
      status: 200,
      body: {
        success: true,
        message: '',
        data: {
          aff_code: '',
          aff_count: 0,
          aff_history_quota: 0,
          aff_quota: 0,
          discord_id: '',
          display_name: 'Alice',
          email: 'alice@example.test',
          github_id: '',
          group: 'default',
          id: 1,
          inviter_id: 0,
          linux_do_id: '',
          oidc_id: '',
          permissions: {
            admin_permissions: { channel: { operate: false, read: false, secret_view: false, sensitive_write: false, write: false } },
            sidebar_modules: { admin: false },
            sidebar_settings: true,
          },
          quota: 100_000_000,
          request_count: 0,
          role: 1,
          setting: '',
          sidebar_modules: '',
          status: 1,
          stripe_customer: '',
          telegram_id: '',
          used_quota: 0,
          username: 'alice',
          wechat_id: '',
        },
      },
    })
  })

  it("gives the root and an admin new-api's permissions", async () => {
    const { world, clock } = harness.gateway
    world.sessions.set('root', session('root', 3, 'login-root', clock.now() + 60_000))
    expect((await call('GET', '/api/user/self', 'login-root')).body.data).toMatchObject({
      role: 100,
      permissions: {
        admin_permissions: { channel: { operate: true, read: true, secret_view: true, sensitive_write: true, write: true } },
        sidebar_modules: {},
        sidebar_settings: false,
      },
    })
    world.findUser(2)!.role = 'admin'
    expect((await call('GET', '/api/user/self', 'at-carol')).body.data).toMatchObject({
      role: 10,
      permissions: {
        admin_permissions: { channel: { operate: true, read: true, secret_view: false, sensitive_write: false, write: true } },
        sidebar_modules: { admin: { setting: false } },
        sidebar_settings: true,
      },
    })
  })

  it('changes the display name and the username, and refuses a name another user has', async () => {
    expect(await call('PUT', '/api/user/self', 'at-alice', { display_name: 'Alice A.', username: 'alice2' })).toEqual({
      status: 200,
      body: { success: true, message: '' },
    })
    expect((await call('GET', '/api/user/self', 'at-alice')).body.data).toMatchObject({ display_name: 'Alice A.', username: 'alice2' })
    expect(await call('PUT', '/api/user/self', 'at-alice', { username: 'carol' })).toEqual(
      refusedWith('UNIQUE constraint failed: users.username'),
    )
    expect(harness.gateway.world.findUser(1)?.username).toBe('alice2')
  })

  it.each([
    ['a body that is not JSON', '{"display_name":', 'Invalid parameters'],
    ['an array', '[]', 'Invalid parameters'],
    ['a name that is not a string', { display_name: 7 }, 'Invalid parameters'],
    ['a display name over 20 characters', { display_name: 'x'.repeat(21) }, 'Invalid input'],
    ['a username over 20 characters', { username: 'x'.repeat(21) }, 'Invalid input'],
    ['a password under 8 characters', { password: 'short', original_password: 'alice-pass' }, 'Invalid input'],
    ['a wrong original password', { password: 'new-password', original_password: 'nope' }, 'Original password is incorrect'],
  ])('refuses %s on PUT /api/user/self and changes nothing', async (_name, body, message) => {
    const before = structuredClone(harness.gateway.world.findUser(1))
    expect(await call('PUT', '/api/user/self', 'at-alice', body)).toEqual(refusedWith(message))
    expect(harness.gateway.world.findUser(1)).toEqual(before)
  })

  it("accepts a settings update (sidebar modules) with new-api's message", async () => {
    expect(await call('PUT', '/api/user/self', 'at-alice', { sidebar_modules: '{}' })).toEqual({
      status: 200,
      body: { success: true, message: 'Update successful', data: null },
    })
  })

  it('changes the password in a signed-in session only: the old one stops working, the other sessions end', async () => {
    const { world, clock } = harness.gateway
    const expiresAt = clock.now() + 3_600_000
    world.sessions.set('s1', session('s1', 1, 'login-alice', expiresAt))
    world.sessions.set('s2', session('s2', 1, 'login-alice-elsewhere', expiresAt))
    const change = { original_password: 'alice-pass', password: 'new-password' }
    // With the user's personal access token, as new-api's Bearer era refuses it.
    expect(await call('PUT', '/api/user/self', 'at-alice', change)).toEqual(refusedWith('当前认证方式不支持安全验证'))
    expect(await verifyPassword('alice-pass', world.findUser(1)!.passwordHash!)).toBe(true)

    expect(await call('PUT', '/api/user/self', 'login-alice', change)).toEqual({
      status: 200,
      body: {
        success: true,
        message: '',
        data: { access_token: 'login-alice', access_expires_at: Math.floor(expiresAt / 1000), token_type: 'Bearer' },
      },
    })
    const hash = world.findUser(1)!.passwordHash!
    expect(await verifyPassword('new-password', hash)).toBe(true)
    expect(await verifyPassword('alice-pass', hash)).toBe(false)
    expect([...world.sessions.keys()]).toEqual(['s1'])
    expect((await call('GET', '/api/user/self', 'login-alice-elsewhere')).status).toBe(401)
    expect((await call('GET', '/api/user/self', 'login-alice')).body.success).toBe(true)
  })

  it('deletes the user on DELETE /api/user/self: their credentials and keys stop working', async () => {
    const chat = () =>
      fetch(`${harness.baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-broke-user', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      })
    expect((await chat()).status).toBe(403) // carol has no quota, but her key is known
    expect(await call('DELETE', '/api/user/self', 'at-carol')).toEqual({ status: 200, body: { success: true, message: '' } })
    expect(harness.gateway.world.findUser(2)).toBeUndefined()
    expect((await call('GET', '/api/user/self', 'at-carol')).status).toBe(401)
    expect((await chat()).status).toBe(401)
  })

  it('refuses to delete the root', async () => {
    const { world, clock } = harness.gateway
    world.sessions.set('root', session('root', 3, 'login-root', clock.now() + 60_000))
    expect(await call('DELETE', '/api/user/self', 'login-root')).toEqual(refusedWith('Cannot delete super administrator account'))
    expect(world.findUser(3)?.role).toBe('root')
  })

  it('lists the groups the user may use with their ratios, and auto', async () => {
    expect(await call('GET', '/api/user/self/groups', 'at-alice')).toEqual({
      status: 200,
      body: {
        success: true,
        message: '',
        data: {
          auto: { ratio: '自动', desc: '' },
          default: { ratio: 1, desc: 'Everyday models' },
          vip: { ratio: 1.5, desc: 'Premium models, priced at 1.5x' },
        },
      },
    })
    expect((await call('GET', '/api/user/self/groups', 'at-carol')).body.data).toEqual({
      auto: { ratio: '自动', desc: '' },
      default: { ratio: 1, desc: 'Everyday models' },
    })
  })

  it.each([
    ['anonymously', undefined],
    ['signed in', 'at-alice'],
  ])("answers GET /api/user/groups %s with new-api's 401 (the route has no auth in front of it)", async (_name, token) => {
    expect(await call('GET', '/api/user/groups', token)).toEqual({ status: 401, body: { success: false, message: '登录后查看可用分组' } })
  })

  it("lists the world's models by channel type on GET /api/models", async () => {
    const { status, body } = await call('GET', '/api/models', 'at-alice')
    expect(status).toBe(200)
    expect(Object.keys(body)).toEqual(['success', 'data'])
    expect(Object.keys(body.data)).toEqual(['1', '14', '24'])
    expect(body.data['1']).toContain('gpt-4o')
    expect(body.data['14']).toEqual(['claude-sonnet-4-6', 'claude-opus-4-1'])
    expect(body.data['24']).toEqual(['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-embedding-001'])
    expect((await call('GET', '/api/models', undefined)).status).toBe(401)
  })

  it('gives each user a four-character invitation code of their own, kept on the user', async () => {
    const alice = (await call('GET', '/api/user/aff', 'at-alice')).body
    const carol = (await call('GET', '/api/user/aff', 'at-carol')).body
    expect(alice).toMatchObject({ success: true, message: '' })
    expect(alice.data).toMatch(/^[a-zA-Z0-9]{4}$/)
    expect(carol.data).toMatch(/^[a-zA-Z0-9]{4}$/)
    expect(carol.data).not.toBe(alice.data)
    expect((await call('GET', '/api/user/aff', 'at-alice')).body.data).toBe(alice.data)
    expect((await call('GET', '/api/user/self', 'at-alice')).body.data.aff_code).toBe(alice.data)
  })

  it('answers the top-up page as a site without payment, and an empty page of orders', async () => {
    expect(await call('GET', '/api/user/topup/info', 'at-alice')).toEqual({
      status: 200,
      body: {
        success: true,
        message: '',
        data: {
          amount_options: [10, 20, 50, 100, 200, 500],
          creem_products: '[]',
          discount: {},
          enable_creem_topup: false,
          enable_online_topup: false,
          enable_stripe_topup: false,
          min_topup: 1,
          pay_methods: [],
          stripe_min_topup: 1,
        },
      },
    })
    expect(await call('GET', '/api/user/topup/self?p=2&page_size=5', 'at-alice')).toEqual({
      status: 200,
      body: { success: true, message: '', data: { page: 2, page_size: 5, total: 0, items: [] } },
    })
  })

  it.each(['GET', 'POST'])('answers %s /api/user/checkin as new-api with check-in off', async (method) => {
    expect(await call(method, '/api/user/checkin', 'at-alice')).toEqual(refusedWith('签到功能未启用'))
  })

  it('redeems a code once: the quota is added, the code is used by the user at the gateway clock', async () => {
    const before = await quotaOf('at-alice')
    const start = harness.gateway.clock.now()
    expect(await call('POST', '/api/user/topup', 'at-alice', { key: 'redeem-10-usd' })).toEqual({
      status: 200,
      body: { success: true, message: '', data: 5_000_000 },
    })
    expect(await quotaOf('at-alice')).toBe(before + 5_000_000)
    const code = harness.gateway.world.findRedemption('redeem-10-usd')!
    expect(code).toMatchObject({ status: 'used', usedByUserId: 1 })
    expect(Date.parse(code.redeemedAt!)).toBeGreaterThanOrEqual(start - 1000)
    expect(Date.parse(code.redeemedAt!)).toBeLessThanOrEqual(harness.gateway.clock.now())
    expect(await call('POST', '/api/user/topup', 'at-carol', { key: 'redeem-10-usd' })).toEqual(
      refusedWith('Redemption failed, please try again later'),
    )
    expect(await quotaOf('at-alice')).toBe(before + 5_000_000)
  })

  it.each([
    ['a used code', { key: 'redeem-used' }, 'Redemption failed, please try again later'],
    ['a disabled code', { key: 'redeem-disabled' }, 'Redemption failed, please try again later'],
    ['an expired code', { key: 'redeem-expired' }, 'Redemption failed, please try again later'],
    ['an unknown code', { key: 'no-such-code' }, 'Redemption failed, please try again later'],
    ['no code', {}, 'Redemption failed, please try again later'],
    ['a key that is not a string', { key: 5 }, 'json: cannot unmarshal number into Go struct field topUpRequest.key of type string'],
    ['an empty body', '', 'EOF'],
    ['a body that is not JSON', 'key=redeem-10-usd', "invalid character 'k' looking for beginning of value"],
  ])('refuses %s and changes nothing', async (_name, body, message) => {
    const codes = structuredClone(harness.gateway.world.redemptions.all())
    expect(await call('POST', '/api/user/topup', 'at-carol', body)).toEqual(refusedWith(message))
    expect(await quotaOf('at-carol')).toBe(0)
    expect(harness.gateway.world.redemptions.all()).toEqual(codes)
  })

  it('redeems one code once when twenty users redeem it at the same time', async () => {
    const answers = await Promise.all(crowd.map((user) => call('POST', '/api/user/topup', user.accessToken, { key: 'redeem-10-usd' })))
    expect(answers.filter((answer) => answer.body.success)).toHaveLength(1)
    const failed = answers.filter((answer) => !answer.body.success)
    expect(failed.map((answer) => answer.body.message)).toEqual(Array(19).fill('Redemption failed, please try again later'))
    const quotas = await Promise.all(crowd.map((user) => quotaOf(user.accessToken)))
    expect(quotas.reduce((sum, quota) => sum + quota, 0)).toBe(5_000_000)
    const winner = crowd[quotas.indexOf(5_000_000)]!
    expect(harness.gateway.world.findRedemption('redeem-10-usd')?.usedByUserId).toBe(winner.id)
  })

  it('redeems a code once when one user sends it twenty times at once (the rest wait their turn or fail)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/api/user/topup', 'at-carol', { key: 'redeem-10-usd' })),
    )
    expect(answers.filter((answer) => answer.body.success)).toHaveLength(1)
    for (const answer of answers.filter((each) => !each.body.success)) {
      expect(['Redemption failed, please try again later', 'Top-up is processing, please try again later']).toContain(answer.body.message)
    }
    expect(await quotaOf('at-carol')).toBe(5_000_000)
  })

  it('refuses a second top-up of the same user while the first is under way, then takes the next', async () => {
    // The first request's body arrives in two parts, the second held back until the test lets it go.
    let letGo!: () => void
    const held = new Promise<void>((resolve) => (letGo = resolve))
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('{"key":'))
        await held
        controller.enqueue(encoder.encode('"redeem-10-usd"}'))
        controller.close()
      },
    })
    const first = fetch(`${harness.baseUrl}/api/user/topup`, {
      method: 'POST',
      headers: { authorization: 'Bearer at-carol', 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    // Let go whatever happens, so that a failing test does not leave the first request open.
    onTestFinished(() => letGo())
    let second = await call('POST', '/api/user/topup', 'at-carol', { key: 'redeem-used' })
    for (let attempt = 0; attempt < 100 && second.body.message !== 'Top-up is processing, please try again later'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      second = await call('POST', '/api/user/topup', 'at-carol', { key: 'redeem-used' })
    }
    expect(second).toEqual(refusedWith('Top-up is processing, please try again later'))
    // Another user is not held up.
    expect((await call('POST', '/api/user/topup', 'at-alice', { key: 'redeem-used' })).body.message).toBe(
      'Redemption failed, please try again later',
    )
    letGo()
    expect(await (await first).json()).toEqual({ success: true, message: '', data: 5_000_000 })
    expect(await call('POST', '/api/user/topup', 'at-carol', { key: 'redeem-used' })).toEqual(
      refusedWith('Redemption failed, please try again later'),
    )
  })

  it('redeems ten codes for ten users at the same time, each exactly', async () => {
    const { world } = harness.gateway
    const ten = crowd.slice(0, 10)
    for (const [index] of ten.entries()) {
      await world.redemptions.create({ id: world.nextId('redemptions'), key: `parallel-${index}`, quota: 1_000 * (index + 1) })
    }
    const answers = await Promise.all(
      ten.map((user, index) => call('POST', '/api/user/topup', user.accessToken, { key: `parallel-${index}` })),
    )
    expect(answers.map((answer) => answer.body.data)).toEqual(ten.map((_, index) => 1_000 * (index + 1)))
    expect(await Promise.all(ten.map((user) => quotaOf(user.accessToken)))).toEqual(ten.map((_, index) => 1_000 * (index + 1)))
    expect(ten.map((user, index) => world.findRedemption(`parallel-${index}`)?.usedByUserId)).toEqual(ten.map((user) => user.id))
  })
})

describe("the account routes in new-api's languages", () => {
  const harness = useHarness(eitherMode[0]!, { profile: 'new-api' })
  beforeEach(() => harness.gateway.reset())
  const zh = { authorization: 'Bearer at-carol', 'accept-language': 'zh-CN', 'content-type': 'application/json' }

  it('words a failed redemption and a refused deletion in Chinese when asked', async () => {
    const redeem = await fetch(`${harness.baseUrl}/api/user/topup`, {
      method: 'POST',
      headers: zh,
      body: JSON.stringify({ key: 'redeem-used' }),
    })
    expect(await redeem.json()).toEqual({ success: false, message: '兑换失败，请稍后重试' })
    const update = await fetch(`${harness.baseUrl}/api/user/self`, { method: 'PUT', headers: zh, body: JSON.stringify({ language: 'zh' }) })
    expect(await update.json()).toEqual({ success: true, message: '更新成功', data: null })
  })
})

describe('a redemption writes a top-up log', () => {
  it("adds a type 1 log in new-api's words to the log table, at the gateway clock", async () => {
    const world = await World.create(defaultWorldData())
    const logs = new LogBook(100)
    const now = Date.parse('2026-03-01T12:00:00.000Z')
    const context = {
      runtime: { world, logs, maxBodyBytes: 1_000_000, maxBodyDepth: 100 },
      auth: { user: world.findUser(1)!, session: undefined },
      request: new Request('http://gateway.test/api/user/topup', { method: 'POST', body: JSON.stringify({ key: 'redeem-10-usd' }) }),
      now,
      note: {},
    } as unknown as Parameters<typeof redeemCodeRoute.handle>[0]
    await redeemCodeRoute.handle(context)
    expect(context.note.changed).toBe('alice redeemed redeem-10-usd: +5000000 quota')
    const code = world.findRedemption('redeem-10-usd')!
    expect(logs.all()).toEqual([
      {
        id: 1,
        userId: 1,
        createdAt: now,
        type: 1,
        content: `通过兑换码充值 ＄10.000000 额度，兑换码ID ${code.id}`,
        username: 'alice',
        tokenName: '',
        modelName: '',
        quota: 0,
        promptTokens: 0,
        completionTokens: 0,
        useTime: 0,
        isStream: false,
        tokenId: 0,
        group: '',
        ip: '',
        requestId: '',
        other: {},
      },
    ])
    expect(code.redeemedAt).toBe('2026-03-01T12:00:00.000Z')
  })
})
