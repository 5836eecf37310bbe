import { noAuth } from '../../../auth/auth-requirement.ts'
import { userAuth } from '../../../auth/user-auth.ts'
import { json } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { autoGroupsOf, usableGroups } from '../../../world/visibility.ts'
import { ok } from '../management-reply.ts'

/**
 * `GET /api/user/self/groups`: the groups the user may use, as new-api's `GetUserGroups` answers
 * them: a map of name to `{ratio, desc}`, with `auto` (ratio "自动") when the user may use one of
 * the world's auto groups. Keys in the order Go writes a map's.
 */
export const userSelfGroupsRoute = defineRoute({
  id: 'dashboard.user_self_groups',
  method: 'GET',
  path: '/api/user/self/groups',
  surface: 'dashboard',
  auth: userAuth,
  banner: 'the groups the user may use, with ratios',
  handle({ runtime: { world }, auth: { user } }) {
    const entries: [string, { ratio: number | string; desc: string }][] = usableGroups(user).flatMap((name) => {
      const group = world.findGroup(name)
      return group ? [[name, { ratio: group.ratio, desc: group.description }]] : []
    })
    if (autoGroupsOf(world, user).length > 0) entries.push(['auto', { ratio: '自动', desc: '' }])
    return ok(Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))
  },
})

/**
 * `GET /api/user/groups`: the same controller without new-api's auth middleware in front of it,
 * so it never learns who asks and answers every caller, signed in or not, with its 401.
 */
export const userGroupsRoute = defineRoute({
  id: 'dashboard.user_groups',
  method: 'GET',
  path: '/api/user/groups',
  surface: 'dashboard',
  auth: noAuth,
  banner: 'the usable groups (public: new-api answers 401 "登录后查看可用分组")',
  handle: () => json({ success: false, message: '登录后查看可用分组' }, { status: 401 }),
})
