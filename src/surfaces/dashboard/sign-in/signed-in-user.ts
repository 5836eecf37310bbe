import { roleNumber } from '../../../auth/user-auth.ts'
import type { User } from '../../../world/schemas.ts'

/**
 * The user as login answers with it (new-api's `buildSelfUserData`): the fields `/api/user/self`
 * gives, without the password, the access token or anything only an admin sees.
 */
export function signedInUser(user: User): Record<string, unknown> {
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
    group: user.group,
    quota: user.quota,
    used_quota: user.usedQuota,
    request_count: user.requestCount,
    aff_code: user.affCode ?? '',
    aff_count: 0,
    aff_quota: 0,
    aff_history_quota: 0,
    inviter_id: 0,
    linux_do_id: '',
    setting: '',
    stripe_customer: '',
    sidebar_modules: '',
    permissions: permissionsOf(user.role),
  }
}

/** new-api's `calculateUserPermissions`: which parts of the dashboard's sidebar the role may set. */
function permissionsOf(role: User['role']): Record<string, unknown> {
  if (role === 'root') return { sidebar_settings: false, sidebar_modules: {} }
  if (role === 'admin') return { sidebar_settings: true, sidebar_modules: { admin: { setting: false } } }
  return { sidebar_settings: true, sidebar_modules: { admin: false } }
}
