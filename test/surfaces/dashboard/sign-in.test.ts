import { describe, expect, it } from 'vitest'
import { modes, useHarness, type Harness } from '../../support/modes.ts'

// Sign-in as a dashboard, a bot or a browser extension does it against new-api: log in, use the
// cookie or the token login gave, get a personal access token, log out; register a user.

interface Answer {
  status: number
  body: { success: boolean; message: string; data?: any; code?: string }
  headers: Headers
}

function client(harness: Harness) {
  const call = async (method: string, path: string, options: { headers?: Record<string, string>; body?: unknown } = {}) => {
    const response = await fetch(`${harness.baseUrl}${path}`, {
      method,
      headers: { ...(options.body !== undefined && { 'content-type': 'application/json' }), ...options.headers },
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    })
    return { status: response.status, body: (await response.json()) as Answer['body'], headers: response.headers } satisfies Answer
  }
  return {
    call,
    login: (body: unknown, headers?: Record<string, string>) => call('POST', '/api/user/login', { body, headers }),
    register: (body: unknown) => call('POST', '/api/user/register', { body }),
    self: (headers: Record<string, string>) => call('GET', '/api/user/self', { headers }),
  }
}

const refusal = (message: string) => ({ status: 200, body: { success: false, message } })
const cookieOf = (answer: Answer) => answer.headers.get('set-cookie')!.split(';')[0]!

describe.each(modes)('sign-in and credentials, new-api profile ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'new-api' })
  const api = client(harness)

  it('logs in, and the cookie and the token login gave both sign the user in until logout', async () => {
    const login = await api.login({ username: 'alice', password: 'alice-pass' })
    expect(login.status).toBe(200)
    expect(login.body).toMatchObject({
      success: true,
      message: '',
      data: {
        token_type: 'Bearer',
        session: { current: true, login_method: 'password' },
        user: { id: 1, username: 'alice', role: 1, status: 1, group: 'default', quota: 100_000_000 },
      },
    })
    const { access_token: token, access_expires_at: expiresAt, session } = login.body.data
    // new-api's dashboard JWT: its issuer and audience, 15 minutes; the session lasts 30 days.
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>
    expect(claims).toMatchObject({ iss: 'new-api', aud: ['new-api-dashboard'], token_use: 'access', sub: '1', sid: session.sid })
    const now = harness.gateway.clock.now() / 1000
    expect(expiresAt - now).toBeGreaterThan(14 * 60)
    expect(expiresAt - now).toBeLessThanOrEqual(15 * 60)
    expect(session.expires_at - session.created_at).toBe(30 * 24 * 60 * 60)
    expect(login.body.data.user).not.toHaveProperty('password')
    expect(login.body.data.user).not.toHaveProperty('access_token')

    const setCookie = login.headers.get('set-cookie')!
    expect(setCookie).toMatch(/^session=[\w-]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Strict$/)
    const cookie = cookieOf(login)

    expect(await api.self({ cookie })).toMatchObject({ status: 200, body: { data: { username: 'alice' } } })
    expect(await api.self({ authorization: `Bearer ${token}` })).toMatchObject({ status: 200, body: { data: { username: 'alice' } } })

    const logout = await api.call('GET', '/api/user/logout', { headers: { cookie } })
    expect(logout).toMatchObject({ status: 200, body: { success: true, message: '' } })
    expect(logout.headers.get('set-cookie')).toBe('session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict')

    const revoked = {
      status: 401,
      body: { success: false, code: 'AUTH_SESSION_REVOKED', message: 'Unauthorized, not logged in and no access token provided' },
    }
    expect(await api.self({ cookie })).toMatchObject(revoked)
    expect(await api.self({ authorization: `Bearer ${token}` })).toMatchObject(revoked)
    // The user's own access token is not a session's: logout leaves it working.
    expect(await api.self({ authorization: 'Bearer at-alice' })).toMatchObject({ status: 200 })
  })

  it('ends the session the login token names when logout is sent with it', async () => {
    const login = await api.login({ username: 'carol', password: 'carol-pass' })
    const token = login.body.data.access_token as string
    await api.call('GET', '/api/user/logout', { headers: { authorization: token } })
    expect(await api.self({ cookie: cookieOf(login) })).toMatchObject({ status: 401, body: { code: 'AUTH_SESSION_REVOKED' } })
  })

  it('takes the email in place of the username, and a username with spaces around it', async () => {
    expect(await api.login({ username: 'alice@example.test', password: 'alice-pass' })).toMatchObject({
      body: { success: true, data: { user: { username: 'alice' } } },
    })
    expect(await api.login({ username: '  carol ', password: 'carol-pass' })).toMatchObject({
      body: { success: true, data: { user: { username: 'carol' } } },
    })
  })

  it('signs the root in with new-api first-start password, and the root has no access token until it asks', async () => {
    const login = await api.login({ username: 'root', password: '123456' })
    expect(login.body.data.user).toMatchObject({ username: 'root', role: 100 })
    expect(harness.gateway.world.findUser(3)?.accessToken).toBeUndefined()
  })

  it('refuses the login token after its 15 minutes, the cookie still working until its 30 days are over', async () => {
    const login = await api.login({ username: 'alice', password: 'alice-pass' })
    const token = login.body.data.access_token as string
    const cookie = cookieOf(login)
    harness.gateway.clock.advance(15 * 60 * 1000)
    const expired = {
      status: 401,
      body: { success: false, code: 'AUTH_TOKEN_EXPIRED', message: 'Unauthorized, not logged in and no access token provided' },
    }
    expect(await api.self({ authorization: `Bearer ${token}` })).toMatchObject(expired)
    expect(await api.self({ cookie })).toMatchObject({ status: 200 })
    harness.gateway.clock.advance(30 * 24 * 60 * 60 * 1000)
    expect(await api.self({ cookie })).toMatchObject(expired)
    harness.gateway.clock.reset()
  })

  it('gives a new access token once, and the last one stops working on the next request', async () => {
    const before = await api.call('GET', '/api/user/token', { headers: { authorization: 'Bearer at-carol' } })
    expect(before.status).toBe(200)
    expect(before.body).toMatchObject({ success: true, message: '' })
    const first = before.body.data as string
    expect(first).toMatch(/^[A-Za-z0-9]{29,32}$/)
    expect(await api.self({ authorization: 'Bearer at-carol' })).toMatchObject({
      status: 401,
      body: { code: 'AUTH_UNAUTHORIZED', message: 'Unauthorized, invalid access token' },
    })
    expect(await api.self({ authorization: first })).toMatchObject({ status: 200, body: { data: { username: 'carol' } } })

    const next = await api.call('GET', '/api/user/token', { headers: { authorization: `Bearer ${first}` } })
    expect(next.body.data).not.toBe(first)
    expect(await api.self({ authorization: first })).toMatchObject({ status: 401 })
    expect(await api.self({ authorization: next.body.data as string })).toMatchObject({ status: 200 })
    expect(harness.gateway.world.findUser(2)?.accessToken).toBe(next.body.data)
    await harness.gateway.reset()
  })

  it('gives the root (who has none) an access token from a signed-in session', async () => {
    const login = await api.login({ username: 'root', password: '123456' })
    const token = await api.call('GET', '/api/user/token', { headers: { cookie: cookieOf(login) } })
    expect(token.body.success).toBe(true)
    expect(await api.self({ authorization: token.body.data as string })).toMatchObject({ body: { data: { username: 'root', role: 100 } } })
    await harness.gateway.reset()
  })

  it('refuses /api/user/token without a credential, as the dashboard auth does', async () => {
    expect(await api.call('GET', '/api/user/token')).toMatchObject({
      status: 401,
      body: { success: false, code: 'AUTH_UNAUTHORIZED', message: 'Unauthorized, invalid access token' },
    })
  })

  it('registers a user who can sign in, in the default group with the new-user quota', async () => {
    harness.gateway.world.settings.newUserQuota = 250_000
    const registered = await api.register({ username: 'dave', password: 'dave-pass-1', email: 'dave@example.test', aff_code: 'ABCD' })
    expect(registered).toMatchObject({ status: 200, body: { success: true, message: '' } })
    expect(registered.body).not.toHaveProperty('data')

    const login = await api.login({ username: 'dave', password: 'dave-pass-1' })
    expect(login.body.success).toBe(true)
    const self = await api.self({ authorization: `Bearer ${login.body.data.access_token}` })
    expect(self.body.data).toMatchObject({
      id: 4,
      username: 'dave',
      display_name: 'dave',
      role: 1,
      status: 1,
      group: 'default',
      quota: 250_000,
    })
    await harness.gateway.reset()
  })

  it('makes one user of two registrations of one name at once, and gives concurrent new users distinct ids', async () => {
    const answers = await Promise.all([
      api.register({ username: 'erin', password: 'erin-pass' }),
      api.register({ username: 'erin', password: 'erin-pass' }),
      api.register({ username: 'frank', password: 'frank-pass' }),
    ])
    expect(answers.map((answer) => answer.body.success).sort()).toEqual([false, true, true])
    const users = harness.gateway.world.users.all()
    expect(users.filter((user) => user.username === 'erin')).toHaveLength(1)
    expect(new Set(users.map((user) => user.id)).size).toBe(users.length)
    await harness.gateway.reset()
  })

  describe('refusals, each in new-api words and changing nothing', () => {
    const wrong = refusal('Username or password is incorrect, or user has been banned')
    const invalid = refusal('Invalid parameters')

    it.each([
      ['a wrong password', { username: 'alice', password: 'nope' }, wrong],
      ['an unknown user', { username: 'mallory', password: 'alice-pass' }, wrong],
      ['an empty username', { username: '', password: 'alice-pass' }, invalid],
      ['a username of spaces', { username: '   ', password: 'alice-pass' }, invalid],
      ['an empty password', { username: 'alice', password: '' }, invalid],
      ['no fields', {}, invalid],
      ['a number for a username', { username: 1, password: 'alice-pass' }, invalid],
      ['a body that is not JSON', '{nope', invalid],
      ['a JSON array', '[]', invalid],
    ])('login with %s', async (_name, body, expected) => {
      const sessions = harness.gateway.world.sessions.size
      const answer = await api.login(body)
      expect(answer).toMatchObject(expected)
      expect(answer.headers.get('set-cookie')).toBeNull()
      expect(harness.gateway.world.sessions.size).toBe(sessions)
    })

    it('login of a disabled user, with the right password', async () => {
      await harness.gateway.world.users.update((q) => q.where({ id: 1 }), { data: (user) => void (user.status = 'disabled') })
      const sessions = harness.gateway.world.sessions.size
      expect(await api.login({ username: 'alice', password: 'alice-pass' })).toMatchObject(wrong)
      expect(harness.gateway.world.sessions.size).toBe(sessions)
      await harness.gateway.reset()
    })

    it('login in Chinese', async () => {
      expect(await api.login({ username: 'alice', password: 'nope' }, { 'accept-language': 'zh-CN' })).toMatchObject(
        refusal('用户名或密码错误，或用户已被封禁'),
      )
    })

    const inputInvalid = (field: string, tag: string) =>
      refusal(`Invalid input Key: 'User.${field}' Error:Field validation for '${field}' failed on the '${tag}' tag`)

    it.each([
      ['a username over 20 characters', { username: 'u'.repeat(21), password: 'long-enough' }, inputInvalid('Username', 'max')],
      ['a password under 8 characters', { username: 'gina', password: 'short' }, inputInvalid('Password', 'min')],
      ['a password over 20 characters', { username: 'gina', password: 'p'.repeat(21) }, inputInvalid('Password', 'max')],
      ['no password', { username: 'gina' }, inputInvalid('Password', 'min')],
      [
        'an email over 50 characters',
        { username: 'gina', password: 'long-enough', email: `${'e'.repeat(50)}@x.test` },
        inputInvalid('Email', 'max'),
      ],
      [
        'two bad fields',
        { username: 'u'.repeat(21), password: 'short' },
        refusal(
          "Invalid input Key: 'User.Username' Error:Field validation for 'Username' failed on the 'max' tag\nKey: 'User.Password' Error:Field validation for 'Password' failed on the 'min' tag",
        ),
      ],
      ['an empty username', { username: ' ', password: 'long-enough' }, invalid],
      ['a body that is not JSON', 'nope', invalid],
      ['a taken username', { username: 'alice', password: 'long-enough' }, refusal('Username already exists or has been deleted')],
    ])('register with %s', async (_name, body, expected) => {
      expect(await api.register(body)).toMatchObject(expected)
      expect(harness.gateway.world.users.all().map((user) => user.username)).toEqual(['alice', 'carol', 'root'])
    })

    it('register when the world turns registration off', async () => {
      harness.gateway.world.settings.registerEnabled = false
      expect(await api.register({ username: 'gina', password: 'long-enough' })).toMatchObject(
        refusal('New user registration has been disabled by administrator'),
      )
      expect(harness.gateway.world.users.all()).toHaveLength(3)
      await harness.gateway.reset()
    })
  })
})

describe.each(modes)('sign-in and credentials, spec profile ($name)', (mode) => {
  const harness = useHarness(mode, { profile: 'spec' })
  const api = client(harness)

  it('serves the same routes in the same envelope', async () => {
    const login = await api.login({ username: 'carol', password: 'carol-pass' })
    expect(login.body).toMatchObject({ success: true, data: { token_type: 'Bearer', user: { username: 'carol' } } })
    expect(await api.login({ username: 'carol', password: 'nope' })).toMatchObject(
      refusal('Username or password is incorrect, or user has been banned'),
    )
    await api.call('GET', '/api/user/logout', { headers: { cookie: cookieOf(login) } })
    const after = await api.self({ cookie: cookieOf(login) })
    expect(after.status).toBe(401)
    expect(after.body.message).toContain('was ended by GET /api/user/logout')
    await harness.gateway.reset()
  })
})
