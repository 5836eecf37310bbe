import { adminAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { roleNumber } from '../../../auth/user-auth.ts'
import type { User } from '../../../world/schemas.ts'
import { ok, pageOf, readPage } from '../management-reply.ts'
import { noPermissionSameLevel, parseId, recordNotFound } from './admin-messages.ts'
import { adminUserView, canManage } from './admin-user-view.ts'

/** Newest first, as new-api orders users (`id desc`). */
function newestFirst(users: readonly User[]): User[] {
  return [...users].sort((a, b) => b.id - a.id)
}

/** `GET /api/user/`: every user, a page at a time. */
export const listUsersRoute = defineRoute({
  id: 'dashboard.users_list',
  method: 'GET',
  path: '/api/user',
  surface: 'dashboard',
  auth: adminAuth,
  banner: 'every user (admin)',
  handle: ({ runtime, url }) => {
    const page = readPage(url)
    return ok(pageOf(newestFirst(runtime.world.users.all()).map(adminUserView), page))
  },
})

/**
 * `GET /api/user/search?keyword=&group=&role=&status=`: new-api's match: the id (when the keyword
 * is a number), or the keyword anywhere in the username, email or display name (case aside, as
 * SQL's LIKE); `group`, `role` and `status` narrow it further.
 */
export const searchUsersRoute = defineRoute({
  id: 'dashboard.users_search',
  method: 'GET',
  path: '/api/user/search',
  surface: 'dashboard',
  auth: adminAuth,
  handle: ({ runtime, url }) => {
    const keyword = url.searchParams.get('keyword') ?? ''
    const group = url.searchParams.get('group') ?? ''
    const role = optionalNumber(url.searchParams.get('role'))
    const status = optionalNumber(url.searchParams.get('status'))
    const page = readPage(url)
    const wanted = keyword.toLowerCase()
    const id = /^[+-]?\d+$/.test(keyword) ? Number(keyword) : undefined
    const found = runtime.world.users.all().filter((user) => {
      const text = [user.username, user.email, user.displayName ?? user.username].some((field) => field.toLowerCase().includes(wanted))
      if (!(text || user.id === id)) return false
      if (group !== '' && user.group !== group) return false
      if (role !== undefined && roleNumber[user.role] !== role) return false
      if (status !== undefined && (user.status === 'enabled' ? 1 : 2) !== status) return false
      return true
    })
    return ok(pageOf(newestFirst(found).map(adminUserView), page))
  },
})

/** `GET /api/user/:id`: one user, for an admin above them (or the root). */
export const getUserRoute = defineRoute({
  id: 'dashboard.users_get',
  method: 'GET',
  path: '/api/user/:id',
  surface: 'dashboard',
  auth: adminAuth,
  handle: ({ runtime, params, auth }) => {
    const user = runtime.world.findUser(parseId(params.id!))
    if (!user) throw recordNotFound()
    if (!canManage(auth.user, user)) throw noPermissionSameLevel()
    return ok(adminUserView(user))
  },
})

/** new-api ignores a role or status filter that is not a number. */
function optionalNumber(value: string | null): number | undefined {
  return value !== null && /^[+-]?\d+$/.test(value) ? Number(value) : undefined
}
