import { adminAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import type { Redemption } from '../../../world/schemas.ts'
import { ok, pageOf, readPage } from '../management-reply.ts'
import { parseId, recordNotFound } from './admin-messages.ts'
import { idEmpty } from './redemption-messages.ts'
import { isExpired, redemptionStatusNumber, redemptionView } from './redemption-view.ts'

function newestFirst(codes: readonly Redemption[]): Redemption[] {
  return [...codes].sort((a, b) => (b.id ?? 0) - (a.id ?? 0))
}

/** `GET /api/redemption/`: every code, newest first, a page at a time. */
export const listRedemptionsRoute = defineRoute({
  id: 'dashboard.redemptions_list',
  method: 'GET',
  path: '/api/redemption',
  surface: 'dashboard',
  auth: adminAuth,
  banner: 'redemption codes (admin)',
  handle: ({ runtime: { world }, url }) =>
    ok(
      pageOf(
        newestFirst(world.redemptions.all()).map((code) => redemptionView(code, world)),
        readPage(url),
      ),
    ),
})

/**
 * `GET /api/redemption/search?keyword=&status=`: the id (a numeric keyword), a name that starts
 * with the keyword, or the whole 32-hex key; `status` 1, 2, 3 or "expired" narrows it.
 */
export const searchRedemptionsRoute = defineRoute({
  id: 'dashboard.redemptions_search',
  method: 'GET',
  path: '/api/redemption/search',
  surface: 'dashboard',
  auth: adminAuth,
  handle: ({ runtime: { world }, url, now }) => {
    const keyword = url.searchParams.get('keyword') ?? ''
    const status = url.searchParams.get('status') ?? ''
    const id = /^[+-]?\d+$/.test(keyword) ? Number(keyword) : undefined
    const key = keyword.trim().replaceAll('-', '')
    const found = world.redemptions.all().filter((code) => {
      if (keyword !== '' && !(code.id === id || code.name.startsWith(keyword) || (/^[0-9a-f]{32}$/i.test(key) && code.key === key)))
        return false
      if (status === 'expired') return isExpired(code, now)
      if (status === String(redemptionStatusNumber.unused)) return code.status === 'unused' && !isExpired(code, now)
      if (status === String(redemptionStatusNumber.disabled)) return code.status === 'disabled'
      if (status === String(redemptionStatusNumber.used)) return code.status === 'used'
      return true
    })
    return ok(
      pageOf(
        newestFirst(found).map((code) => redemptionView(code, world)),
        readPage(url),
      ),
    )
  },
})

/** `GET /api/redemption/:id`. */
export const getRedemptionRoute = defineRoute({
  id: 'dashboard.redemptions_get',
  method: 'GET',
  path: '/api/redemption/:id',
  surface: 'dashboard',
  auth: adminAuth,
  handle: ({ runtime: { world }, params }) => {
    const id = parseId(params.id!)
    if (id === 0) throw idEmpty()
    const code = world.redemptions.all().find((each) => each.id === id)
    if (!code) throw recordNotFound()
    return ok(redemptionView(code, world))
  },
})
