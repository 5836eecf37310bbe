import { logType } from '../../../logs/gateway-log.ts'
import { recordLog } from '../../../logs/record-log.ts'
import type { RouteContext } from '../../../pipeline/route.ts'
import type { User } from '../../../world/schemas.ts'

export { logQuota } from '../../../logs/record-log.ts'

/** Writes a management log (type 3) on `user`'s account, as new-api's `RecordLog(…, LogTypeManage, …)` does. */
export function writeManageLog(context: RouteContext, user: User, content: string, other: Record<string, unknown> = {}): void {
  recordLog(context.runtime.logs, {
    userId: user.id,
    username: user.username,
    type: logType.manage,
    content,
    createdAt: context.now,
    requestId: context.requestId,
    other,
  })
}
