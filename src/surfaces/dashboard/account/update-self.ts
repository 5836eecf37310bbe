import { userAuth } from '../../../auth/user-auth.ts'
import { requestLanguage } from '../../../profiles/request-language.ts'
import { json } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { hashPassword, verifyPassword } from '../../../world/password-hash.ts'
import { ok, refused } from '../management-reply.ts'
import { readGoJson } from './read-go-json.ts'

const invalidParams = () => refused('Invalid parameters', '无效的参数')

// The string fields of new-api's User that a self update reads, with its validator's limits (in characters).
const stringFields = ['username', 'password', 'original_password', 'display_name', 'email'] as const
const longest = { username: 20, display_name: 20, email: 50 } as const

/**
 * `PUT /api/user/self`: new-api's `UpdateSelf`. A body with `sidebar_modules` or `language` is
 * a settings update (accepted; the mock keeps no settings). Otherwise a non-empty `username` or
 * `display_name` replaces the user's, and a `password` (8 to 20 characters) replaces theirs when
 * `original_password` is the current one; as in new-api's Bearer era, a password changes only in
 * a signed-in session (not with the user's personal access token), the session goes on and the
 * user's other sessions end.
 */
export const updateSelfRoute = defineRoute({
  id: 'dashboard.update_self',
  method: 'PUT',
  path: '/api/user/self',
  surface: 'dashboard',
  auth: userAuth,
  banner: "changes the user's name, display name or password",
  async handle(context) {
    const { user, session } = context.auth
    const { world } = context.runtime
    const body = await readGoJson(context)
    if ('error' in body || typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) throw invalidParams()
    const fields = body.value as Record<string, unknown>
    if ('sidebar_modules' in fields || 'language' in fields) {
      const zh = requestLanguage(context.profile, context.request) !== 'en'
      return ok(null, zh ? '更新成功' : 'Update successful')
    }
    const given: Partial<Record<(typeof stringFields)[number], string>> = {}
    for (const name of stringFields) {
      const value = fields[name]
      if (value === undefined || value === null) continue
      if (typeof value !== 'string') throw invalidParams()
      given[name] = value
    }
    const { username = '', password = '', display_name: displayName = '' } = given
    const tooLong = Object.entries(longest).some(([name, limit]) => [...(given[name as keyof typeof longest] ?? '')].length > limit)
    const passwordLength = [...password].length
    if (tooLong || (password !== '' && (passwordLength < 8 || passwordLength > 20))) throw refused('Invalid input', '输入不合法')

    let passwordHash: string | undefined
    if (password !== '') {
      if (!user.passwordHash) throw refused('This account has no password set', '该账户未设置密码')
      if (!(await verifyPassword(given.original_password ?? '', user.passwordHash)))
        throw refused('Original password is incorrect', '原密码错误')
      if (!session) throw refused('当前认证方式不支持安全验证', '当前认证方式不支持安全验证')
      passwordHash = await hashPassword(password)
    }
    // From here to the answer nothing is awaited: the name is checked and written at once.
    if (username !== '' && username !== user.username && world.users.all().some((other) => other.username === username)) {
      throw refused('UNIQUE constraint failed: users.username', 'UNIQUE constraint failed: users.username')
    }
    if (username !== '') user.username = username
    if (displayName !== '') user.displayName = displayName
    context.note.changed = `${user.username} updated ${[username && 'username', displayName && 'display name', passwordHash && session && 'password'].filter(Boolean).join(', ') || 'nothing'}`
    if (!passwordHash || !session) return json({ success: true, message: '' })
    user.passwordHash = passwordHash
    for (const [id, other] of world.sessions) if (other.userId === user.id && id !== session.id) world.sessions.delete(id)
    return ok({
      access_token: session.accessToken,
      access_expires_at: Math.floor(session.expiresAt / 1000),
      token_type: 'Bearer',
    })
  },
})
