import type { GatewayLog } from '../../../logs/gateway-log.ts'
import { createdSeconds } from '../../../logs/log-filter.ts'

// The log rows as new-api's routes answer them, rendered on read: the table keeps `other` as an
// object, and only the rows a page shows are written out.

/** A row as an admin reads it (`GET /api/log/`): every field, `other` a JSON string. */
export function adminLogItem(row: GatewayLog): Record<string, unknown> {
  return {
    id: row.id,
    user_id: row.userId,
    created_at: createdSeconds(row),
    type: row.type,
    content: row.content,
    username: row.username,
    token_name: row.tokenName,
    model_name: row.modelName,
    quota: row.quota,
    prompt_tokens: row.promptTokens,
    completion_tokens: row.completionTokens,
    use_time: row.useTime,
    is_stream: row.isStream,
    channel: 0,
    channel_name: '',
    token_id: row.tokenId,
    group: row.group,
    ip: row.ip,
    ...(row.requestId && { request_id: row.requestId }),
    other: JSON.stringify(row.other),
  }
}

/**
 * A row as its user reads it (`GET /api/log/self`, new-api's `userLogDTO`): no user or token id,
 * group, ip or request id; `other` an object without the admin's part, left out when empty; the
 * id its place in the answer (`startIdx + i + 1`), as new-api hides the table's own.
 */
export function userLogItem(row: GatewayLog, id: number): Record<string, unknown> {
  const other = userOther(row)
  return {
    id,
    created_at: createdSeconds(row),
    type: row.type,
    content: row.content,
    token_name: row.tokenName,
    model_name: row.modelName,
    channel_name: '',
    quota: row.quota,
    prompt_tokens: row.promptTokens,
    completion_tokens: row.completionTokens,
    use_time: row.useTime,
    is_stream: row.isStream,
    ...(other && { other }),
  }
}

/** A row as the key reads it (`GET /api/log/token`): the table's fields, formatted for a user as new-api's `formatUserLogs` does. */
export function keyLogItem(row: GatewayLog, id: number): Record<string, unknown> {
  return { ...adminLogItem(row), id, other: JSON.stringify(userOther(row) ?? {}) }
}

function userOther(row: GatewayLog): Record<string, unknown> | undefined {
  const { admin_info: _admin, ...other } = row.other
  return Object.keys(other).length > 0 ? other : undefined
}
