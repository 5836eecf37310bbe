import { adminAuth, roleNumber } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { hashPassword } from '../../../world/password-hash.ts'
import type { User } from '../../../world/schemas.ts'
import type { World } from '../../../world/world.ts'
import { ok, refused } from '../management-reply.ts'
import { cannotCreateHigherLevel, invalidParams, noPermissionHigherLevel, parseId, recordNotFound, userExists } from './admin-messages.ts'
import { canManage, roleOfNumber } from './admin-user-view.ts'
import { integerField, jsonObjectBody, stringField } from './body-fields.ts'
import { logQuota } from '../../../logs/record-log.ts'
import { writeManageLog } from './manage-log.ts'
import { removeUser } from './remove-user.ts'
import { checkUserFields } from './user-validation.ts'

// Usernames being created right now: a create checks, then awaits the password's hash, so two
// creates of one name at once must see each other before either is stored.
const pendingNames = new WeakMap<World, Set<string>>()

/**
 * `POST /api/user/` `{username, password, display_name?, role?}`: a new user in the "default"
 * group with the world's new-user quota. No one creates a user of their own role or above.
 */
export const createUserRoute = defineRoute({
  id: 'dashboard.users_create',
  method: 'POST',
  path: '/api/user',
  surface: 'dashboard',
  auth: adminAuth,
  body: jsonObjectBody,
  handle: async ({ note, runtime: { world }, body, auth }) => {
    const username = (stringField(body, 'username') ?? '').trim()
    const password = stringField(body, 'password') ?? ''
    const role = integerField(body, 'role') ?? 0
    if (username === '' || password === '') throw invalidParams()
    const displayName = stringField(body, 'display_name') || username
    checkUserFields({ username, password, displayName })
    if (role >= roleNumber[auth.user.role]) throw cannotCreateHigherLevel()
    // new-api stores a role of 0 as its column's default, a common user; the world knows no other numbers.
    const newRole = role === 0 ? 'user' : roleOfNumber(role)
    if (!newRole) throw invalidParams()
    const pending = pendingNames.get(world) ?? new Set<string>()
    pendingNames.set(world, pending)
    if (pending.has(username) || world.users.all().some((user) => user.username === username)) throw userExists()
    pending.add(username)
    const id = world.nextId('users')
    try {
      await world.users.create({
        id,
        username,
        displayName,
        role: newRole,
        status: 'enabled',
        group: 'default',
        extraGroups: [],
        quota: world.settings.newUserQuota,
        usedQuota: 0,
        requestCount: 0,
        passwordHash: await hashPassword(password),
        email: '',
      })
    } finally {
      pending.delete(username)
    }
    note.changed = `${auth.user.username} created user ${id} ${JSON.stringify(username)} (${newRole})`
    return ok()
  },
})

/**
 * `PUT /api/user/` `{id, username, display_name, group, quota, password?, …}`: an admin edits a
 * user below them (the root anyone); the role stays (`manage` changes it). A quota change is
 * written to the user's logs, as new-api writes it.
 */
export const updateUserRoute = defineRoute({
  id: 'dashboard.users_update',
  method: 'PUT',
  path: '/api/user',
  surface: 'dashboard',
  auth: adminAuth,
  body: jsonObjectBody,
  handle: async (context) => {
    const { runtime, body, auth } = context
    const world = runtime.world
    const id = integerField(body, 'id') ?? 0
    const username = (stringField(body, 'username') ?? '').trim()
    if (id === 0 || username === '') throw invalidParams()
    const password = stringField(body, 'password') || undefined
    const displayName = stringField(body, 'display_name')
    const group = stringField(body, 'group')
    const quota = integerField(body, 'quota')
    const email = stringField(body, 'email')
    const role = integerField(body, 'role') ?? 0
    checkUserFields({ username, password, displayName })
    const user = world.findUser(id)
    if (!user) throw recordNotFound()
    if (role !== 0 && role !== roleNumber[user.role]) throw invalidParams()
    if (!canManage(auth.user, user)) throw noPermissionHigherLevel()
    if (username !== user.username && world.users.all().some((other) => other.username === username)) {
      // The users table's unique index, as SQLite words it.
      throw refused('UNIQUE constraint failed: users.username', 'UNIQUE constraint failed: users.username')
    }
    if (group !== undefined && group !== '' && !world.findGroup(group)) {
      throw refused(`Group "${group}" does not exist in the world`, `分组 "${group}" 不存在`)
    }
    if (quota !== undefined && quota < 0) throw refused('Quota cannot be negative!', '额度不能为负数！')
    const passwordHash = password === undefined ? undefined : await hashPassword(password)
    const before = user.quota
    const changes: Partial<User> = { username }
    if (displayName !== undefined) changes.displayName = displayName || username
    if (group) changes.group = group
    if (quota !== undefined) changes.quota = quota
    if (email !== undefined) changes.email = email
    if (passwordHash !== undefined) changes.passwordHash = passwordHash
    Object.assign(user, changes)
    context.note.changed = `${context.auth.user.username} updated user ${user.id} ${JSON.stringify(user.username)}`
    if (quota !== undefined && quota !== before) {
      writeManageLog(context, user, `管理员将用户额度从 ${logQuota(before)}修改为 ${logQuota(quota)}`)
    }
    return ok()
  },
})

/** `DELETE /api/user/:id`: only a user below the caller (the root too cannot be deleted by a root). */
export const deleteUserRoute = defineRoute({
  id: 'dashboard.users_delete',
  method: 'DELETE',
  path: '/api/user/:id',
  surface: 'dashboard',
  auth: adminAuth,
  handle: ({ note, runtime: { world }, params, auth }) => {
    const user = world.findUser(parseId(params.id!))
    if (!user) throw recordNotFound()
    if (roleNumber[auth.user.role] <= roleNumber[user.role]) throw noPermissionHigherLevel()
    removeUser(world, user)
    note.changed = `${auth.user.username} deleted user ${user.id} ${JSON.stringify(user.username)} and their keys`
    return ok()
  },
})
