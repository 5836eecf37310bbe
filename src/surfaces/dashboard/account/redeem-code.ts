import { userAuth } from '../../../auth/user-auth.ts'
import { logType } from '../../../logs/gateway-log.ts'
import type { LogBook } from '../../../logs/log-book.ts'
import { logQuota, recordLog } from '../../../logs/record-log.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import type { User } from '../../../world/schemas.ts'
import type { World } from '../../../world/world.ts'
import { ok, refused } from '../management-reply.ts'
import { goKind, readGoJson } from './read-go-json.ts'

// The users whose top-up is under way, per world (new-api's per-user TryLock): a second one
// while the first runs is refused rather than queued.
const topUpsUnderWay = new WeakMap<World, Set<number>>()

/**
 * `POST /api/user/topup {"key": …}`: redeems a redemption code, as new-api's `TopUp` does: the
 * code's quota goes to the user, the code is used (by whom, and when on the gateway clock), a
 * top-up log is written, and the answer's `data` is the quota added. Every failed redemption is
 * worded the same, so that the answer does not tell a used code from an unknown one.
 */
export const redeemCodeRoute = defineRoute({
  id: 'dashboard.redeem_code',
  method: 'POST',
  path: '/api/user/topup',
  surface: 'dashboard',
  auth: userAuth,
  banner: 'redeems a redemption code ({"key"})',
  async handle(context) {
    const { world, logs } = context.runtime
    const { user } = context.auth
    let underWay = topUpsUnderWay.get(world)
    if (!underWay) topUpsUnderWay.set(world, (underWay = new Set()))
    if (underWay.has(user.id)) throw refused('Top-up is processing, please try again later', '充值处理中，请稍后重试')
    underWay.add(user.id)
    try {
      const key = keyOf(await readGoJson(context))
      const added = redeem(world, logs, user, key, context.now)
      context.note.changed = `${user.username} redeemed ${key}: +${added} quota`
      return ok(added)
    } finally {
      underWay.delete(user.id)
    }
  },
})

function keyOf(body: Awaited<ReturnType<typeof readGoJson>>): string {
  if ('error' in body) throw refused(body.error, body.error)
  const { value } = body
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    if (value === null) return ''
    const error = `json: cannot unmarshal ${goKind(value)} into Go value of type controller.topUpRequest`
    throw refused(error, error)
  }
  const key = (value as Record<string, unknown>).key ?? ''
  if (typeof key !== 'string') {
    const error = `json: cannot unmarshal ${goKind(key)} into Go struct field topUpRequest.key of type string`
    throw refused(error, error)
  }
  return key
}

/**
 * The redemption itself, with no await from the check to the last write: two requests for one
 * code can never both find it unused, so a code redeems exactly once.
 */
function redeem(world: World, logs: LogBook, user: User, key: string, now: number): number {
  const code = key === '' ? undefined : world.findRedemption(key)
  const expired = code?.expiresAt != null && Math.floor(Date.parse(code.expiresAt) / 1000) < Math.floor(now / 1000)
  if (!code || code.status !== 'unused' || expired) throw refused('Redemption failed, please try again later', '兑换失败，请稍后重试')
  code.status = 'used'
  code.usedByUserId = user.id
  code.redeemedAt = new Date(now).toISOString()
  user.quota += code.quota
  recordLog(logs, {
    userId: user.id,
    username: user.username,
    type: logType.topup,
    content: `通过兑换码充值 ${logQuota(code.quota)}，兑换码ID ${code.id ?? 0}`,
    createdAt: now,
  })
  return code.quota
}
