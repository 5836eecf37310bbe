import type { Redemption } from '../../../world/schemas.ts'
import type { World } from '../../../world/world.ts'

/** new-api's redemption statuses (`common.RedemptionCodeStatus*`). */
export const redemptionStatusNumber = { unused: 1, disabled: 2, used: 3 } as const

/** Seconds of an ISO time, or new-api's 0 for none. */
export function secondsOf(iso: string | null | undefined): number {
  return iso ? Math.floor(Date.parse(iso) / 1000) : 0
}

/** A redemption code as new-api's `model.Redemption` serialises it, fields in its order. */
export function redemptionView(code: Redemption, world: World): Record<string, unknown> {
  return {
    id: code.id,
    user_id: code.userId ?? 0,
    key: code.key,
    status: redemptionStatusNumber[code.status],
    name: code.name,
    quota: code.quota,
    created_time: code.createdAt ? secondsOf(code.createdAt) : Math.floor(world.loadedAt / 1000),
    redeemed_time: secondsOf(code.redeemedAt),
    count: 0,
    used_user_id: code.usedByUserId ?? 0,
    DeletedAt: null,
    expired_time: secondsOf(code.expiresAt),
  }
}

/** An unused code past its expiry: what `DELETE /api/redemption/invalid` removes with the used and disabled ones. */
export function isExpired(code: Redemption, now: number): boolean {
  return code.status === 'unused' && code.expiresAt !== null && Date.parse(code.expiresAt) < now
}
