import { adminAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import type { Redemption } from '../../../world/schemas.ts'
import { ok } from '../management-reply.ts'
import { invalidParams, recordNotFound } from './admin-messages.ts'
import { integerField, jsonObjectBody, stringField } from './body-fields.ts'
import { countMax, countPositive, expireTimeInvalid, idEmpty, nameLength, quotaNegative } from './redemption-messages.ts'
import { isExpired, redemptionView } from './redemption-view.ts'

const statusOfNumber: Record<number, Redemption['status']> = { 1: 'unused', 2: 'disabled', 3: 'used' }

/** new-api's `validateExpiredTime`: 0 is never; anything else must not be in the past (gateway clock). */
function expiresAtOf(seconds: number, now: number): string | null {
  if (seconds === 0) return null
  if (seconds * 1000 < now - 999) throw expireTimeInvalid()
  return new Date(seconds * 1000).toISOString()
}

/**
 * `POST /api/redemption/` `{name, count, quota, expired_time}`: `count` new codes (1 to 100), each
 * a 32-hex key as new-api's `GetUUID` makes; answers the keys.
 */
export const createRedemptionsRoute = defineRoute({
  id: 'dashboard.redemptions_create',
  method: 'POST',
  path: '/api/redemption',
  surface: 'dashboard',
  auth: adminAuth,
  body: jsonObjectBody,
  handle: async ({ note, runtime: { world }, body, auth, now }) => {
    const name = stringField(body, 'name') ?? ''
    const count = integerField(body, 'count') ?? 0
    const quota = integerField(body, 'quota') ?? 0
    const expiredTime = integerField(body, 'expired_time') ?? 0
    const nameLength_ = [...name].length
    if (nameLength_ === 0 || nameLength_ > 20) throw nameLength()
    if (count <= 0) throw countPositive()
    if (count > 100) throw countMax()
    if (quota < 0) throw quotaNegative()
    const expiresAt = expiresAtOf(expiredTime, now)
    const createdAt = new Date(now).toISOString()
    // Ids and keys are taken before any await, so concurrent creates never share one.
    const codes = Array.from({ length: count }, () => ({
      id: world.nextId('redemptions'),
      key: crypto.randomUUID().replaceAll('-', ''),
    }))
    for (const { id, key } of codes) {
      await world.redemptions.create({ id, key, name, quota, status: 'unused', expiresAt, createdAt, userId: auth.user.id })
    }
    note.changed = `${auth.user.username} created ${codes.length} redemption code${codes.length === 1 ? '' : 's'}`
    return ok(codes.map(({ key }) => key))
  },
})

/**
 * `PUT /api/redemption/` `{id, name, quota, expired_time}`, or with `?status_only=true`
 * `{id, status}` (1 unused, 2 disabled, 3 used): answers the code as it now is.
 */
export const updateRedemptionRoute = defineRoute({
  id: 'dashboard.redemptions_update',
  method: 'PUT',
  path: '/api/redemption',
  surface: 'dashboard',
  auth: adminAuth,
  body: jsonObjectBody,
  handle: ({ note, runtime: { world }, body, url, now }) => {
    const statusOnly = (url.searchParams.get('status_only') ?? '') !== ''
    const id = integerField(body, 'id') ?? 0
    const name = stringField(body, 'name') ?? ''
    const quota = integerField(body, 'quota') ?? 0
    const expiredTime = integerField(body, 'expired_time') ?? 0
    const statusNumber = integerField(body, 'status') ?? 0
    if (id === 0) throw idEmpty()
    const code = world.redemptions.all().find((each) => each.id === id)
    if (!code) throw recordNotFound()
    if (statusOnly) {
      const status = statusOfNumber[statusNumber]
      if (!status) throw invalidParams()
      code.status = status
    } else {
      const expiresAt = expiresAtOf(expiredTime, now)
      if (quota < 0) throw quotaNegative()
      code.name = name
      code.quota = quota
      code.expiresAt = expiresAt
    }
    note.changed = statusOnly ? `redemption code ${code.id} ${code.status}` : `updated redemption code ${code.id}`
    return ok(redemptionView(code, world))
  },
})

/** `DELETE /api/redemption/invalid`: removes used, disabled and expired codes; answers how many went. */
export const deleteInvalidRedemptionsRoute = defineRoute({
  id: 'dashboard.redemptions_delete_invalid',
  method: 'DELETE',
  path: '/api/redemption/invalid',
  surface: 'dashboard',
  auth: adminAuth,
  handle: ({ note, runtime: { world }, now }) => {
    const gone = world.redemptions.deleteMany((query) =>
      query.where((code) => code.status !== 'unused' || isExpired(code as Redemption, now)),
    )
    note.changed = `deleted ${gone.length} used, disabled or expired redemption code${gone.length === 1 ? '' : 's'}`
    return ok(gone.length)
  },
})

/** `DELETE /api/redemption/:id`. */
export const deleteRedemptionRoute = defineRoute({
  id: 'dashboard.redemptions_delete',
  method: 'DELETE',
  path: '/api/redemption/:id',
  surface: 'dashboard',
  auth: adminAuth,
  handle: ({ note, runtime: { world }, params }) => {
    // new-api reads the id with its error ignored: anything that is not a number is 0.
    const id = /^[+-]?\d+$/.test(params.id!) ? Number(params.id) : 0
    if (id === 0) throw idEmpty()
    if (!world.redemptions.all().some((each) => each.id === id)) throw recordNotFound()
    world.redemptions.delete((query) => query.where({ id }))
    note.changed = `deleted redemption code ${id}`
    return ok()
  },
})
