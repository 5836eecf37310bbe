import OpenAI from 'openai'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { LogBook } from '../../../src/logs/log-book.ts'
import { defaultWorld } from '../../../src/world/default-world.ts'
import { resolveWorld } from '../../../src/world/resolve-world.ts'
import type { WorldInput } from '../../../src/world/schemas.ts'
import { eitherMode, useHarness } from '../../support/modes.ts'

// The admin and root routes of the management API, as a dashboard calls them: the root (given an
// access token here; the default world's root signs in with a password), an admin, and alice (a
// common user). What they change is checked where it takes effect: the relay, the world, the logs.

// A whole world rather than a patch of the default one: patches do not carry redemption codes yet.
const world: WorldInput = {
  ...defaultWorld,
  users: [
    ...defaultWorld.users.map((user) => (user.id === 3 ? { ...user, accessToken: 'at-root' } : user)),
    { id: 4, username: 'adam', displayName: 'Adam', role: 'admin', quota: 0, accessToken: 'at-admin' },
    { id: 5, username: 'bob', quota: 100_000_000, accessToken: 'at-bob', email: 'bob@example.test' },
  ],
  tokens: [...defaultWorld.tokens, { key: 'sk-bob', name: 'bob', userId: 5, unlimitedQuota: true }],
}

const root = 'at-root'
const admin = 'at-admin'
const alice = 'at-alice'

interface Answer {
  status: number
  body: { success: boolean; message: string; data?: any }
}

describe.each(eitherMode)('administration routes ($name)', (mode) => {
  const harness = useHarness(mode, { world })
  afterEach(() => harness.gateway.reset())

  // The log rows written while a test runs (the gateway keeps its log book to itself; /api/log/ reads it).
  let written: MockInstance<LogBook['add']>
  beforeEach(() => {
    written = vi.spyOn(LogBook.prototype, 'add')
  })
  afterEach(() => written.mockRestore())
  const manageLogs = () => written.mock.calls.map(([row]) => row).filter((row) => row.type === 3)

  async function api(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(`${harness.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Answer['body'] }
  }

  const refusal = (message: string): Answer => ({ status: 200, body: { success: false, message } })
  const chat = (apiKey: string) =>
    new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 }).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hello' }],
    })
  const user = (id: number) => harness.gateway.world.findUser(id)

  describe('who may call them', () => {
    it.each(['/api/user/', '/api/user/search?keyword=a', '/api/user/1', '/api/redemption/', '/api/group/', '/api/channel/'])(
      'refuses a common user on GET %s with 403 and lets an admin in',
      async (path) => {
        const refused = await api(alice, 'GET', path)
        expect(refused.status).toBe(403)
        expect(refused.body).toMatchObject({ success: false, message: 'Insufficient privileges' })
        const allowed = await api(admin, 'GET', path)
        expect(allowed.status).toBe(200)
        expect(allowed.body.success).toBe(true)
      },
    )

    it("refuses a common user's changes with 403 and changes nothing", async () => {
      const attempts = [
        ['POST', '/api/user/', { username: 'sneaky', password: 'password1' }],
        ['PUT', '/api/user/', { id: 5, username: 'bob', quota: 1 }],
        ['POST', '/api/user/manage', { id: 5, action: 'disable' }],
        ['DELETE', '/api/user/5', undefined],
        ['POST', '/api/redemption/', { name: 'free', count: 1, quota: 1 }],
        ['DELETE', '/api/redemption/invalid', undefined],
        ['POST', '/api/channel/', { name: 'x' }],
      ] as const
      for (const [method, path, body] of attempts) {
        const answer = await api(alice, method, path, body)
        expect(answer.status).toBe(403)
        expect(answer.body).toMatchObject({ success: false, message: 'Insufficient privileges' })
      }
      expect(harness.gateway.world.users.count()).toBe(5)
      expect(user(5)).toMatchObject({ status: 'enabled', quota: 100_000_000 })
      expect(harness.gateway.world.redemptions.count()).toBe(4)
    })

    it('keeps the options for the root: alice and an admin get 403', async () => {
      expect((await api(alice, 'GET', '/api/option/')).status).toBe(403)
      expect((await api(admin, 'GET', '/api/option/')).status).toBe(403)
      expect((await api(admin, 'PUT', '/api/option/', { key: 'RegisterEnabled', value: 'false' })).status).toBe(403)
      expect(harness.gateway.world.settings.registerEnabled).toBe(true)
      expect((await api(root, 'GET', '/api/option/')).body.success).toBe(true)
    })
  })

  describe('users', () => {
    it('lists every user newest first, a page at a time, without passwords or access tokens', async () => {
      const { body } = await api(root, 'GET', '/api/user/?p=1&page_size=2')
      expect(body.data).toMatchObject({ page: 1, page_size: 2, total: 5 })
      expect(body.data.items.map((each: { id: number }) => each.id)).toEqual([5, 4])
      expect(body.data.items[0]).toMatchObject({ id: 5, username: 'bob', role: 1, status: 1, group: 'default', quota: 100_000_000 })
      const all = await api(root, 'GET', '/api/user?page_size=100')
      for (const item of all.body.data.items) {
        expect(item).not.toHaveProperty('password')
        expect(item).not.toHaveProperty('access_token')
      }
      expect(all.body.data.items.map((each: { id: number }) => each.id)).toEqual([5, 4, 3, 2, 1])
    })

    it('searches by id, by part of a name or email, and narrows by group', async () => {
      const ids = async (query: string) =>
        (await api(admin, 'GET', `/api/user/search?${query}`)).body.data.items.map((each: { id: number }) => each.id)
      expect(await ids('keyword=LIC')).toEqual([1])
      expect(await ids('keyword=2')).toEqual([2])
      expect(await ids('keyword=example.test')).toEqual([5, 2, 1])
      expect(await ids('keyword=&group=default')).toEqual([5, 4, 3, 2, 1])
      expect(await ids('keyword=&group=vip')).toEqual([])
    })

    it('gets a user below the caller, and refuses one at or above them', async () => {
      expect((await api(admin, 'GET', '/api/user/1')).body.data).toMatchObject({ id: 1, username: 'alice', display_name: 'Alice' })
      expect(await api(admin, 'GET', '/api/user/3')).toEqual(refusal('No permission to access users of same or higher level'))
      expect(await api(admin, 'GET', '/api/user/4')).toEqual(refusal('No permission to access users of same or higher level'))
      expect((await api(root, 'GET', '/api/user/4')).body.data).toMatchObject({ id: 4, role: 10 })
      expect(await api(root, 'GET', '/api/user/99')).toEqual(refusal('record not found'))
      expect(await api(root, 'GET', '/api/user/abc')).toEqual(refusal('strconv.Atoi: parsing "abc": invalid syntax'))
    })

    it('creates a user that then appears, in the default group with the new-user quota', async () => {
      expect(await api(admin, 'POST', '/api/user/', { username: ' newbie ', password: 'password1' })).toEqual({
        status: 200,
        body: { success: true, message: '' },
      })
      const found = await api(admin, 'GET', '/api/user/search?keyword=newbie')
      expect(found.body.data.items).toEqual([
        expect.objectContaining({ id: 6, username: 'newbie', display_name: 'newbie', role: 1, status: 1, group: 'default', quota: 0 }),
      ])
      expect(user(6)?.passwordHash).toMatch(/^sha256\$/)
      expect(user(6)).not.toHaveProperty('password')
    })

    it('refuses a create at or above the caller, or with bad fields, and changes nothing', async () => {
      expect(await api(admin, 'POST', '/api/user/', { username: 'boss', password: 'password1', role: 10 })).toEqual(
        refusal('Cannot create users with permission level equal to or higher than yourself'),
      )
      expect(await api(root, 'POST', '/api/user/', { username: 'boss', password: 'password1', role: 100 })).toEqual(
        refusal('Cannot create users with permission level equal to or higher than yourself'),
      )
      expect(await api(admin, 'POST', '/api/user/', { username: 'x', password: 'short' })).toEqual(
        refusal("Invalid input Key: 'User.Password' Error:Field validation for 'Password' failed on the 'min' tag"),
      )
      expect(await api(admin, 'POST', '/api/user/', { username: 'a'.repeat(21), password: 'password1' })).toEqual(
        refusal("Invalid input Key: 'User.Username' Error:Field validation for 'Username' failed on the 'max' tag"),
      )
      expect(await api(admin, 'POST', '/api/user/', { username: '  ', password: 'password1' })).toEqual(refusal('Invalid parameters'))
      expect(await api(admin, 'POST', '/api/user/', { username: 'x', password: 12345678 })).toEqual(refusal('Invalid parameters'))
      expect(await api(admin, 'POST', '/api/user/', { username: 'alice', password: 'password1' })).toEqual(
        refusal('Username already exists or has been deleted'),
      )
      expect(harness.gateway.world.users.count()).toBe(5)
      // The root may make an admin.
      expect((await api(root, 'POST', '/api/user/', { username: 'boss', password: 'password1', role: 10 })).body.success).toBe(true)
      expect(user(6)).toMatchObject({ username: 'boss', role: 'admin' })
    })

    it('answers a body that is not JSON as new-api controllers do (200, "Invalid parameters") and changes nothing', async () => {
      for (const [method, path] of [
        ['POST', '/api/user/'],
        ['POST', '/api/user/manage'],
        ['POST', '/api/redemption/'],
        ['PUT', '/api/option/'],
      ] as const) {
        const response = await fetch(`${harness.baseUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${root}`, 'content-type': 'application/json' },
          body: '{"username": "half',
        })
        // new-api's controllers refuse it themselves: HTTP 200, "Invalid parameters".
        expect(response.status).toBe(200)
        expect(await response.json()).toEqual({ success: false, message: 'Invalid parameters' })
      }
      expect(harness.gateway.world.users.count()).toBe(5)
      expect(harness.gateway.world.redemptions.count()).toBe(4)
    })

    it('gives 30 users created at once 30 distinct ids', async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, index) => api(admin, 'POST', '/api/user/', { username: `load-${index}`, password: 'password1' })),
      )
      expect(answers.every((answer) => answer.body.success)).toBe(true)
      const { body } = await api(admin, 'GET', '/api/user/search?keyword=load-&page_size=100')
      const ids = body.data.items.map((each: { id: number }) => each.id)
      expect(body.data.total).toBe(30)
      expect(new Set(ids).size).toBe(30)
      expect([...ids].sort((a: number, b: number) => a - b)).toEqual(Array.from({ length: 30 }, (_, index) => 6 + index))
    })

    it('gives one of two creates of the same name at once the refusal', async () => {
      const answers = await Promise.all([1, 2].map(() => api(admin, 'POST', '/api/user/', { username: 'twin', password: 'password1' })))
      expect(answers.map((answer) => answer.body.success).sort()).toEqual([false, true])
      expect(harness.gateway.world.users.all().filter((each) => each.username === 'twin')).toHaveLength(1)
    })

    it('updates a user below the caller; a quota change is logged on the user', async () => {
      const update = { id: 5, username: 'bobby', display_name: 'Bobby', group: 'default', quota: 1_000_000 }
      expect(await api(admin, 'PUT', '/api/user/', update)).toEqual({ status: 200, body: { success: true, message: '' } })
      expect(user(5)).toMatchObject({ username: 'bobby', displayName: 'Bobby', quota: 1_000_000, role: 'user' })
      expect(manageLogs()).toEqual([
        expect.objectContaining({ userId: 5, username: 'bobby', content: '管理员将用户额度从 ＄200.000000 额度修改为 ＄2.000000 额度' }),
      ])
    })

    it('refuses an update of a user at or above the caller, a role change, and bad fields, changing nothing', async () => {
      expect(await api(admin, 'PUT', '/api/user/', { id: 3, username: 'root', quota: 1 })).toEqual(
        refusal('No permission to update users of same or higher permission level'),
      )
      expect(await api(root, 'PUT', '/api/user/', { id: 5, username: 'bob', role: 10 })).toEqual(refusal('Invalid parameters'))
      expect(await api(root, 'PUT', '/api/user/', { username: 'bob' })).toEqual(refusal('Invalid parameters'))
      expect(await api(root, 'PUT', '/api/user/', { id: 5, username: 'bob', group: 'nowhere' })).toMatchObject(
        refusal('Group "nowhere" does not exist in the world'),
      )
      expect(await api(root, 'PUT', '/api/user/', { id: 99, username: 'ghost' })).toEqual(refusal('record not found'))
      expect(user(3)?.quota).toBe(100_000_000)
      expect(user(5)).toMatchObject({ username: 'bob', role: 'user', group: 'default' })
    })

    it("disables a user (their key gets the relay's refusal) and enables them again", async () => {
      await expect(chat('sk-bob')).resolves.toBeDefined()
      expect(await api(admin, 'POST', '/api/user/manage', { id: 5, action: 'disable' })).toEqual({
        status: 200,
        body: { success: true, message: '', data: { role: 1, status: 2 } },
      })
      const refused = await chat('sk-bob').catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(OpenAI.APIError)
      expect((refused as InstanceType<typeof OpenAI.APIError>).message).toContain('disabled')
      expect((await api('at-bob', 'GET', '/api/user/self')).status).toBe(401)
      expect((await api(admin, 'POST', '/api/user/manage', { id: 5, action: 'enable' })).body.data).toEqual({ role: 1, status: 1 })
      await expect(chat('sk-bob')).resolves.toBeDefined()
    })

    it('deletes a user: their key gets 401 and the user is gone', async () => {
      expect(await api(admin, 'POST', '/api/user/manage', { id: 5, action: 'delete' })).toEqual({
        status: 200,
        body: { success: true, message: '' },
      })
      const refused = await chat('sk-bob').catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(OpenAI.AuthenticationError)
      expect(await api(root, 'GET', '/api/user/5')).toEqual(refusal('record not found'))
      expect(await api(root, 'DELETE', '/api/user/1')).toEqual({ status: 200, body: { success: true, message: '' } })
      expect(user(1)).toBeUndefined()
      expect(harness.gateway.world.tokens.all().some((token) => token.userId === 1)).toBe(false)
      expect(harness.gateway.world.findRedemption('redeem-used')).toMatchObject({ status: 'used' })
      expect(harness.gateway.world.findRedemption('redeem-used')).not.toHaveProperty('usedByUserId')
      // What is left is a world that loads again (no key or code names a user who is gone).
      expect(() => resolveWorld(harness.gateway.world.snapshot(), 'the snapshot')).not.toThrow()
    })

    it('promotes and demotes by the rules: only the root promotes, and the root is neither demoted nor disabled', async () => {
      expect(await api(admin, 'POST', '/api/user/manage', { id: 5, action: 'promote' })).toEqual(
        refusal('Regular administrators cannot promote other users to administrator'),
      )
      expect((await api(root, 'POST', '/api/user/manage', { id: 5, action: 'promote' })).body.data).toEqual({ role: 10, status: 1 })
      // Bob is an admin now: he may list users.
      expect((await api('at-bob', 'GET', '/api/user/')).status).toBe(200)
      expect(await api(root, 'POST', '/api/user/manage', { id: 5, action: 'promote' })).toEqual(
        refusal('This user is already an administrator'),
      )
      expect((await api(root, 'POST', '/api/user/manage', { id: 5, action: 'demote' })).body.data).toEqual({ role: 1, status: 1 })
      expect((await api('at-bob', 'GET', '/api/user/')).status).toBe(403)
      expect(await api(root, 'POST', '/api/user/manage', { id: 5, action: 'demote' })).toEqual(
        refusal('This user is already a common user'),
      )
      expect(await api(root, 'POST', '/api/user/manage', { id: 3, action: 'demote' })).toEqual(
        refusal('Cannot demote super administrator user'),
      )
      expect(await api(root, 'POST', '/api/user/manage', { id: 3, action: 'disable' })).toEqual(
        refusal('Cannot disable super administrator user'),
      )
      expect(await api(root, 'POST', '/api/user/manage', { id: 3, action: 'delete' })).toEqual(
        refusal('Cannot delete super administrator account'),
      )
      expect(await api(admin, 'POST', '/api/user/manage', { id: 3, action: 'disable' })).toEqual(
        refusal('No permission to update users of same or higher permission level'),
      )
      expect(await api(admin, 'POST', '/api/user/manage', { id: 4, action: 'demote' })).toEqual(
        refusal('No permission to update users of same or higher permission level'),
      )
      expect(await api(admin, 'POST', '/api/user/manage', { id: 99, action: 'disable' })).toEqual(refusal('User does not exist'))
      expect(await api(admin, 'POST', '/api/user/manage', { id: 5, action: 'explode' })).toEqual(refusal('Invalid parameters'))
      expect(user(3)).toMatchObject({ role: 'root', status: 'enabled' })
    })

    it('adds, subtracts and overrides quota, each logged on the user', async () => {
      const manage = (mode: string, value: number) => api(admin, 'POST', '/api/user/manage', { id: 5, action: 'add_quota', mode, value })
      expect((await manage('add', 500_000)).body).toEqual({ success: true, message: '' })
      expect(user(5)?.quota).toBe(100_500_000)
      expect((await manage('subtract', 1_000_000)).body.success).toBe(true)
      expect(user(5)?.quota).toBe(99_500_000)
      expect((await manage('override', 42)).body.success).toBe(true)
      expect(user(5)?.quota).toBe(42)
      expect(await manage('add', 0)).toEqual(refusal('Quota change must be greater than 0'))
      expect(await manage('double', 1)).toEqual(refusal('Invalid parameters'))
      expect(manageLogs().map((row) => [row.type, row.userId, row.content])).toEqual([
        [3, 5, '管理员增加用户额度 ＄1.000000 额度'],
        [3, 5, '管理员减少用户额度 ＄2.000000 额度'],
        [3, 5, '管理员将用户额度从 ＄199.000000 额度修改为 ＄0.000084 额度'],
      ])
    })
  })

  describe('redemption codes', () => {
    it('creates codes and answers their 32-hex keys, which the world then holds', async () => {
      const created = await api(admin, 'POST', '/api/redemption/', { name: 'promo', count: 5, quota: 500_000, expired_time: 0 })
      expect(created.body.success).toBe(true)
      const keys = created.body.data as string[]
      expect(keys).toHaveLength(5)
      expect(new Set(keys).size).toBe(5)
      for (const key of keys) {
        expect(key).toMatch(/^[0-9a-f]{32}$/)
        expect(harness.gateway.world.findRedemption(key)).toMatchObject({ name: 'promo', quota: 500_000, status: 'unused', userId: 4 })
      }
      const listed = await api(admin, 'GET', '/api/redemption/?page_size=3')
      expect(listed.body.data).toMatchObject({ total: 9, page: 1, page_size: 3 })
      expect(listed.body.data.items[0]).toMatchObject({
        key: keys[4],
        name: 'promo',
        status: 1,
        quota: 500_000,
        user_id: 4,
        expired_time: 0,
      })
    })

    it("refuses a bad create in new-api's words and makes nothing", async () => {
      const create = (body: Record<string, unknown>) => api(admin, 'POST', '/api/redemption/', { name: 'x', count: 1, quota: 1, ...body })
      expect(await create({ name: '' })).toEqual(refusal('Redemption code name length must be between 1-20'))
      expect(await create({ name: 'n'.repeat(21) })).toEqual(refusal('Redemption code name length must be between 1-20'))
      expect(await create({ count: 0 })).toEqual(refusal('Redemption code count must be greater than 0'))
      expect(await create({ count: 101 })).toEqual(refusal('Maximum 100 redemption codes can be generated at once'))
      expect(await create({ expired_time: 1_000 })).toEqual(refusal('Expiration time cannot be earlier than current time'))
      expect(await create({ count: 'many' })).toEqual(refusal('Invalid parameters'))
      expect(harness.gateway.world.redemptions.count()).toBe(4)
    })

    it('searches, gets, updates and deletes a code', async () => {
      const [key] = (await api(admin, 'POST', '/api/redemption/', { name: 'spring-sale', count: 1, quota: 100 })).body.data as string[]
      const found = await api(admin, 'GET', '/api/redemption/search?keyword=spring')
      expect(found.body.data.items).toEqual([expect.objectContaining({ key, name: 'spring-sale' })])
      const id = found.body.data.items[0].id as number
      expect((await api(admin, 'GET', `/api/redemption/search?keyword=${key}`)).body.data.total).toBe(1)
      expect((await api(admin, 'GET', `/api/redemption/${id}`)).body.data).toMatchObject({ id, key, quota: 100, status: 1 })

      const disabled = await api(admin, 'PUT', '/api/redemption/?status_only=true', { id, status: 2 })
      expect(disabled.body.data).toMatchObject({ id, status: 2, name: 'spring-sale' })
      expect(harness.gateway.world.findRedemption(key!)?.status).toBe('disabled')
      const edited = await api(admin, 'PUT', '/api/redemption/', { id, name: 'summer', quota: 200, expired_time: 0 })
      expect(edited.body.data).toMatchObject({ id, name: 'summer', quota: 200, status: 2 })

      expect(await api(admin, 'DELETE', `/api/redemption/${id}`)).toEqual({ status: 200, body: { success: true, message: '' } })
      expect(harness.gateway.world.findRedemption(key!)).toBeUndefined()
      expect(await api(admin, 'GET', `/api/redemption/${id}`)).toEqual(refusal('record not found'))
      expect(await api(admin, 'DELETE', `/api/redemption/${id}`)).toEqual(refusal('record not found'))
      expect(await api(admin, 'PUT', '/api/redemption/', { name: 'none' })).toEqual(refusal('id 为空！'))
    })

    it('deletes the used, disabled and expired codes at once and answers how many', async () => {
      expect(await api(admin, 'DELETE', '/api/redemption/invalid')).toEqual({ status: 200, body: { success: true, message: '', data: 3 } })
      expect(harness.gateway.world.redemptions.all().map((code) => code.key)).toEqual(['redeem-10-usd'])
      expect((await api(admin, 'DELETE', '/api/redemption/invalid')).body.data).toBe(0)
    })
  })

  describe('groups, options and channels', () => {
    it("lists the world's group names", async () => {
      expect((await api(admin, 'GET', '/api/group/')).body).toEqual({ success: true, message: '', data: ['default', 'vip'] })
    })

    it('lists the options the world holds as {key, value} strings', async () => {
      const { body } = await api(root, 'GET', '/api/option/')
      expect(body.data).toEqual(
        expect.arrayContaining([
          { key: 'SystemName', value: 'LLM Gateway Mock' },
          { key: 'RegisterEnabled', value: 'true' },
          { key: 'QuotaForNewUser', value: '0' },
          { key: 'QuotaPerUnit', value: '500000' },
          { key: 'SelfUseModeEnabled', value: 'false' },
          { key: 'AutoGroups', value: '["vip","default"]' },
        ]),
      )
    })

    it('changes an option the world holds, for the next request', async () => {
      expect(await api(root, 'PUT', '/api/option/', { key: 'QuotaForNewUser', value: 1234 })).toEqual({
        status: 200,
        body: { success: true, message: '' },
      })
      await api(admin, 'POST', '/api/user/', { username: 'fresh', password: 'password1' })
      expect(user(6)?.quota).toBe(1234)
      expect((await api(root, 'PUT', '/api/option/', { key: 'SystemName', value: 'Acme AI' })).body.success).toBe(true)
      const status = (await (await fetch(`${harness.baseUrl}/api/status`)).json()) as { data: { system_name: string } }
      expect(status.data.system_name).toBe('Acme AI')
    })

    it('refuses an option it does not hold, a fixed one, and a bad value, changing nothing', async () => {
      const put = (key: string, value: unknown) => api(root, 'PUT', '/api/option/', { key, value })
      expect((await put('GitHubClientSecret', 'x')).body).toMatchObject({
        success: false,
        message: expect.stringContaining('does not hold'),
      })
      expect((await put('QuotaPerUnit', 1)).body).toMatchObject({ success: false, message: expect.stringContaining('fixed') })
      expect((await put('RegisterEnabled', 'maybe')).body).toMatchObject({
        success: false,
        message: expect.stringContaining('"true" or "false"'),
      })
      expect((await put('AutoGroups', '["gold"]')).body).toMatchObject({ success: false, message: expect.stringContaining('"gold"') })
      expect(harness.gateway.world.settings).toMatchObject({ registerEnabled: true, autoGroups: ['vip', 'default'] })
    })

    it('answers the channel routes as new-api does with no channels', async () => {
      expect((await api(admin, 'GET', '/api/channel/?p=2&page_size=5')).body).toEqual({
        success: true,
        message: '',
        data: { items: [], total: 0, page: 2, page_size: 5, type_counts: {} },
      })
      expect((await api(admin, 'GET', '/api/channel/search?keyword=x')).body.data).toEqual({ items: [], total: 0, type_counts: {} })
      expect(await api(admin, 'GET', '/api/channel/1')).toEqual(refusal('record not found'))
      expect(await api(admin, 'GET', '/api/channel/test/1')).toEqual(refusal('record not found'))
      expect(await api(admin, 'PUT', '/api/channel/', { id: 1, name: 'x' })).toEqual(refusal('record not found'))
      expect(await api(admin, 'DELETE', '/api/channel/1')).toEqual({ status: 200, body: { success: true, message: '' } })
      const created = await api(admin, 'POST', '/api/channel/', { name: 'openai', type: 1, key: 'sk-upstream' })
      expect(created.body).toMatchObject({ success: false, message: expect.stringContaining('no channels') })
    })
  })
})

describe('administration routes under the new-api profile', () => {
  const harness = useHarness(eitherMode[0]!, { world, profile: 'new-api' })

  it("answers a refusal in new-api's Chinese when the client asks for it", async () => {
    const response = await fetch(`${harness.baseUrl}/api/user/3`, {
      headers: { authorization: 'Bearer at-admin', 'accept-language': 'zh-CN' },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: false, message: '无权获取同级或更高等级用户的信息' })
  })

  it("refuses a disabled user's key as new-api does", async () => {
    const manage = await fetch(`${harness.baseUrl}/api/user/manage`, {
      method: 'POST',
      headers: { authorization: 'Bearer at-root', 'content-type': 'application/json' },
      body: JSON.stringify({ id: 5, action: 'disable' }),
    })
    expect(await manage.json()).toEqual({ success: true, message: '', data: { role: 1, status: 2 } })
    const refused = await new OpenAI({ apiKey: 'sk-bob', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 }).chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(OpenAI.PermissionDeniedError)
    await harness.gateway.reset()
  })
})
