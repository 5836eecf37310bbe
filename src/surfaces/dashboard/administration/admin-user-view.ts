import { roleNumber } from '../../../auth/user-auth.ts'
import type { User } from '../../../world/schemas.ts'

/**
 * A user as new-api's admin routes answer it (`model.User` read without its password and access
 * token): the fields a dashboard's user table shows. The sign-ins new-api keeps (GitHub, OIDC, …)
 * are empty: the world has none.
 */
export function adminUserView(user: User): Record<string, unknown> {
  return {
    id: user.id,
    username: user.username,
    display_name: user.displayName ?? user.username,
    role: roleNumber[user.role],
    status: user.status === 'enabled' ? 1 : 2,
    email: user.email,
    github_id: '',
    discord_id: '',
    oidc_id: '',
    wechat_id: '',
    telegram_id: '',
    quota: user.quota,
    used_quota: user.usedQuota,
    request_count: user.requestCount,
    group: user.group,
    aff_code: user.affCode ?? '',
    aff_count: 0,
    aff_quota: 0,
    aff_history_quota: 0,
    inviter_id: 0,
    DeletedAt: null,
    linux_do_id: '',
    setting: '',
    remark: '',
    stripe_customer: '',
  }
}

/** new-api's `canManageTargetRole`: the root manages everyone, anyone else only those below them. */
export function canManage(me: User, target: User): boolean {
  return me.role === 'root' || roleNumber[me.role] > roleNumber[target.role]
}

/** The role a role number names; undefined for a number new-api has but the world does not (guest 0 and the rest). */
export function roleOfNumber(value: number): User['role'] | undefined {
  return (Object.keys(roleNumber) as User['role'][]).find((role) => roleNumber[role] === value)
}
