import { logType, type GatewayLog } from './gateway-log.ts'
import { createdSeconds } from './log-filter.ts'

/** One hourly bucket of `/api/data/*` (new-api's `quota_data` row). */
export interface QuotaData {
  id: number
  user_id: number
  username: string
  model_name: string
  /** The hour's start, Unix seconds. */
  created_at: number
  token_used: number
  count: number
  quota: number
}

/** Whose buckets, and which hours (Unix seconds, inclusive, of the bucket's start). */
export interface QuotaDataQuery {
  userId?: number
  username?: string
  start: number
  end: number
  /** Every user's buckets summed by model and hour, as new-api answers an admin who names no user. */
  acrossUsers?: boolean
}

/**
 * new-api's hourly usage buckets: it adds each consume log to a bucket per user, model and hour,
 * and saves them every few minutes; the mock sums the consume logs when asked, so a bucket is up
 * to date at once. In the order the buckets were first written.
 */
export function quotaData(rows: readonly GatewayLog[], query: QuotaDataQuery): QuotaData[] {
  const buckets = new Map<string, QuotaData>()
  for (const row of rows) {
    if (row.type !== logType.consume) continue
    if (query.userId !== undefined && row.userId !== query.userId) continue
    if (query.username !== undefined && row.username !== query.username) continue
    const seconds = createdSeconds(row)
    const hour = seconds - (seconds % 3600)
    if (hour < query.start || hour > query.end) continue
    const key = query.acrossUsers ? `${row.modelName}\n${hour}` : `${row.userId}\n${row.modelName}\n${hour}`
    let bucket = buckets.get(key)
    if (!bucket) {
      bucket = {
        id: query.acrossUsers ? 0 : buckets.size + 1,
        user_id: query.acrossUsers ? 0 : row.userId,
        username: query.acrossUsers ? '' : row.username,
        model_name: row.modelName,
        created_at: hour,
        token_used: 0,
        count: 0,
        quota: 0,
      }
      buckets.set(key, bucket)
    }
    bucket.count += 1
    bucket.quota += row.quota
    bucket.token_used += row.promptTokens + row.completionTokens
  }
  return [...buckets.values()]
}
