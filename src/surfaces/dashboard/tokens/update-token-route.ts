import { z } from 'zod'
import { userAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import type { Token } from '../../../world/schemas.ts'
import { expiryOf } from '../../../world/token-expiry.ts'
import { ok, refused } from '../management-reply.ts'
import { ownToken } from './own-token.ts'
import { checkNameAndQuota, readTokenRequest, tokenFields } from './token-request.ts'
import { tokenStatusNumber, tokenStatusOf, tokenView } from './token-view.ts'

/**
 * `PUT /api/token/` (the token's `id` in the body): every editable field of one of the caller's
 * tokens, or with `?status_only=…` its status alone. The relay sees the change on its next request.
 */
export const updateTokenRoute = defineRoute({
  id: 'dashboard.token_update',
  method: 'PUT',
  path: '/api/token',
  surface: 'dashboard',
  auth: userAuth,
  body: { schema: z.record(z.string(), z.unknown()) },
  handle({ body, url, now, note, runtime: { world }, auth: { user } }) {
    const request = readTokenRequest(body)
    checkNameAndQuota(request)
    const token = ownToken(world, user, request.id)
    if (request.status === tokenStatusNumber.enabled) checkEnable(token, now)
    if (url.searchParams.get('status_only')) {
      const status = tokenStatusOf(request.status)
      if (!status) throw refused('Invalid parameters', '无效的参数')
      token.status = status
      note.changed = `token ${token.id} ${JSON.stringify(token.name)} ${status}`
    } else {
      // A full update leaves the status as it was, as new-api's does.
      Object.assign(token, tokenFields(world, user, request, false))
      note.changed = `updated token ${token.id} ${JSON.stringify(token.name)}`
    }
    return ok(tokenView(world, token))
  },
})

/** new-api refuses to enable a token it has marked expired (and still is) or exhausted (and still is). */
function checkEnable(token: Token, now: number): void {
  // new-api marks a token expired when a relay request finds it so; the gateway's tokens expire by their time alone.
  const expired = token.status !== 'disabled' && token.expiresAt !== null && expiryOf(token) <= now
  if (expired)
    throw refused(
      'Token has expired and cannot be enabled. Please modify the expiration time or set it to never expire',
      '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
    )
  if (token.status === 'exhausted' && token.remainQuota <= 0 && !token.unlimitedQuota)
    throw refused(
      'Token quota is exhausted and cannot be enabled. Please modify the remaining quota or set it to unlimited',
      '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
    )
}
