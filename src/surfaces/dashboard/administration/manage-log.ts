import { logType } from '../../../logs/gateway-log.ts'
import type { RouteContext } from '../../../pipeline/route.ts'
import { quotaPerUnit } from '../../../world/quota-units.ts'
import type { User } from '../../../world/schemas.ts'

/** new-api's `logger.LogQuota` with the display in USD: "＄2.000000 额度". */
export function logQuota(units: number): string {
  return `＄${(units / quotaPerUnit).toFixed(6)} 额度`
}

/** Writes a management log (type 3) on `user`'s account, as new-api's `RecordLog(…, LogTypeManage, …)` does. */
export function writeManageLog(context: RouteContext, user: User, content: string, other: Record<string, unknown> = {}): void {
  context.runtime.logs.add({
    userId: user.id,
    createdAt: context.now,
    type: logType.manage,
    content,
    username: user.username,
    tokenName: '',
    modelName: '',
    quota: 0,
    promptTokens: 0,
    completionTokens: 0,
    useTime: 0,
    isStream: false,
    tokenId: 0,
    group: '',
    ip: '',
    requestId: context.requestId,
    other,
  })
}
