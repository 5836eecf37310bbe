import { adminAuth, roleNumber } from '../../../auth/user-auth.ts'
import { defineRoute, type RouteContext } from '../../../pipeline/route.ts'
import type { User } from '../../../world/schemas.ts'
import { ok } from '../management-reply.ts'
import {
  adminCannotPromote,
  alreadyAdmin,
  alreadyCommon,
  cannotDeleteRoot,
  cannotDemoteRoot,
  cannotDisableRoot,
  invalidParams,
  noPermissionHigherLevel,
  quotaChangeZero,
  userNotExists,
} from './admin-messages.ts'
import { canManage } from './admin-user-view.ts'
import { integerField, jsonObjectBody, stringField, type JsonObject } from './body-fields.ts'
import { logQuota } from '../../../logs/record-log.ts'
import { writeManageLog } from './manage-log.ts'
import { removeUser } from './remove-user.ts'

/**
 * `POST /api/user/manage` `{id, action}`: disable, enable, delete, promote, demote, and
 * `add_quota` with `{mode: add|subtract|override, value}`. Each takes effect on the user's next
 * request (a disabled user's keys get the relay's refusal, a deleted user's keys 401). Answers
 * the user's role and status, as new-api does (nothing for delete and add_quota).
 */
export const manageUserRoute = defineRoute({
  id: 'dashboard.users_manage',
  method: 'POST',
  path: '/api/user/manage',
  surface: 'dashboard',
  auth: adminAuth,
  body: jsonObjectBody,
  handle: (context) => {
    const { runtime, body, auth } = context
    const id = integerField(body, 'id') ?? 0
    const action = stringField(body, 'action') ?? ''
    const user = runtime.world.findUser(id)
    if (!user) throw userNotExists()
    if (!canManage(auth.user, user)) throw noPermissionHigherLevel()
    context.note.changed = `${auth.user.username}: ${action} ${user.username}`
    switch (action) {
      case 'disable':
        if (user.role === 'root') throw cannotDisableRoot()
        user.status = 'disabled'
        // new-api revokes the user's sessions with the change; their access token is refused by the auth itself.
        for (const [key, session] of runtime.world.sessions) if (session.userId === user.id) runtime.world.sessions.delete(key)
        break
      case 'enable':
        user.status = 'enabled'
        break
      case 'delete':
        if (user.role === 'root') throw cannotDeleteRoot()
        removeUser(runtime.world, user)
        return ok()
      case 'promote':
        if (auth.user.role !== 'root') throw adminCannotPromote()
        if (roleNumber[user.role] >= roleNumber.admin) throw alreadyAdmin()
        user.role = 'admin'
        break
      case 'demote':
        if (user.role === 'root') throw cannotDemoteRoot()
        if (user.role === 'user') throw alreadyCommon()
        user.role = 'user'
        break
      case 'add_quota':
        changeQuota(context, user, body)
        return ok()
      default:
        throw invalidParams()
    }
    return ok({ role: roleNumber[user.role], status: user.status === 'enabled' ? 1 : 2 })
  },
})

function changeQuota(context: RouteContext, user: User, body: JsonObject): void {
  const mode = stringField(body, 'mode') ?? ''
  const value = integerField(body, 'value') ?? 0
  const before = user.quota
  switch (mode) {
    case 'add':
      if (value <= 0) throw quotaChangeZero()
      user.quota = before + value
      writeManageLog(context, user, `管理员增加用户额度 ${logQuota(value)}`)
      return
    case 'subtract':
      if (value <= 0) throw quotaChangeZero()
      // The world keeps no negative quota: a user taken below 0 stops at 0.
      user.quota = Math.max(0, before - value)
      writeManageLog(context, user, `管理员减少用户额度 ${logQuota(value)}`)
      return
    case 'override':
      if (value < 0) throw invalidParams()
      user.quota = value
      writeManageLog(context, user, `管理员将用户额度从 ${logQuota(before)}修改为 ${logQuota(value)}`)
      return
    default:
      throw invalidParams()
  }
}
