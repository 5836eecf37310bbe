import type { CatalogueEntry } from './profile-type.ts'

// The management API (`/api/*` beyond the key's own read-only routes) is the gateway's own API:
// every profile answers it as new-api does, in new-api's envelopes, so these entries are shared.

const refusal = (status: number, message: CatalogueEntry['message']): CatalogueEntry => ({
  status,
  code: null,
  type: 'new_api_error',
  message,
  envelope: 'new-api-dashboard',
  requestIdSuffix: false,
})

/**
 * A management body that is not a JSON object: new-api's controllers answer it with their own
 * refusal (HTTP 200, "Invalid parameters"), not the relay's 400. Every profile's body errors use
 * this on the dashboard surface.
 */
export const managementBadBody: Partial<CatalogueEntry> = {
  status: 200,
  code: null,
  type: 'new_api_error',
  message: { en: 'Invalid parameters', 'zh-CN': '无效的参数', 'zh-TW': '無效的參數' },
  envelope: 'new-api-dashboard',
  requestIdSuffix: false,
}

/** The management API's refusals, by error name: the same in every profile. */
export const managementErrors = {
  // A controller's refusal: HTTP 200, `{success: false, message}`, in the words the route chose.
  management_refused: refusal(200, { en: '{en}', 'zh-CN': '{zh}', 'zh-TW': '{zh}' }),
  access_role_too_low: {
    ...refusal(403, { en: 'Insufficient privileges', 'zh-CN': '无权进行此操作，权限不足', 'zh-TW': '無權進行此操作，權限不足' }),
    code: 'AUTH_INSUFFICIENT_PRIVILEGE',
    envelope: 'new-api-dashboard-auth',
  },
  // Older releases (settings.requireNewApiUser; docs/profiles.md) also wanted the user's id beside the credential.
  new_api_user_missing: refusal(401, { en: 'Unauthorized, New-Api-User not provided', 'zh-CN': '无权进行此操作，未提供 New-Api-User' }),
  new_api_user_malformed: refusal(401, { en: 'Unauthorized, New-Api-User format error', 'zh-CN': '无权进行此操作，New-Api-User 格式错误' }),
  new_api_user_mismatch: refusal(401, {
    en: 'Unauthorized, New-Api-User does not match the signed-in user',
    'zh-CN': '无权进行此操作，New-Api-User 与登录用户不匹配',
  }),
} satisfies Record<string, CatalogueEntry>
