import { roleNumber, type DashboardRole } from '../../../auth/user-auth.ts'
import type { User } from '../../../world/schemas.ts'

/**
 * The signed-in user as new-api's `buildSelfUserData` answers it (`GET /api/user/self`, and the
 * user login answers with): every field of its dashboard user, the sign-ins the mock has no use
 * for left empty, and the permissions of the role. Keys in the order Go writes a map's.
 */
export function selfUserData(user: User) {
  return {
    aff_code: user.affCode ?? '',
    aff_count: 0,
    aff_history_quota: 0,
    aff_quota: 0,
    discord_id: '',
    display_name: user.displayName ?? user.username,
    email: user.email,
    github_id: '',
    group: user.group,
    id: user.id,
    inviter_id: 0,
    linux_do_id: '',
    oidc_id: '',
    permissions: permissionsOf(user.role),
    quota: user.quota,
    request_count: user.requestCount,
    role: roleNumber[user.role],
    setting: '',
    sidebar_modules: '',
    status: user.status === 'enabled' ? 1 : 2,
    stripe_customer: '',
    telegram_id: '',
    used_quota: user.usedQuota,
    username: user.username,
    wechat_id: '',
  }
}

// new-api's calculateUserPermissions, with authz.Capabilities for its one resource (channels):
// the root may do everything, an admin what the built-in admin role allows, a user nothing.
function permissionsOf(role: DashboardRole) {
  const admin = role !== 'user'
  const root = role === 'root'
  return {
    admin_permissions: {
      channel: { operate: admin, read: admin, secret_view: root, sensitive_write: root, write: admin },
    },
    sidebar_modules: root ? {} : role === 'admin' ? { admin: { setting: false } } : { admin: false },
    sidebar_settings: !root,
  }
}
