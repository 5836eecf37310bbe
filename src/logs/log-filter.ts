import type { GatewayLog } from './gateway-log.ts'

/** What `/api/log/*` narrows the table by, as new-api's log queries take it; an empty field narrows nothing. */
export interface LogFilter {
  userId?: number
  /** 0: every type. */
  type?: number
  /** Unix seconds, inclusive; 0: unbounded. */
  startTimestamp?: number
  endTimestamp?: number
  /** An SQL `LIKE` pattern, as new-api matches it (`%` any text, `_` one character). */
  modelName?: string
  username?: string
  tokenName?: string
  /** A channel id; the world has no channels, so every row's is 0. */
  channel?: number
  group?: string
  requestId?: string
}

/** Unix seconds of a row's time (new-api's `created_at`). */
export function createdSeconds(row: GatewayLog): number {
  return Math.floor(row.createdAt / 1000)
}

/** The test a row must pass to be in the filter's answer. */
export function logMatcher(filter: LogFilter): (row: GatewayLog) => boolean {
  const model = filter.modelName ? likePattern(filter.modelName) : undefined
  const { userId, type, startTimestamp: start, endTimestamp: end, username, tokenName, channel, group, requestId } = filter
  return (row) =>
    (userId === undefined || row.userId === userId) &&
    (!type || row.type === type) &&
    (!start || createdSeconds(row) >= start) &&
    (!end || createdSeconds(row) <= end) &&
    (model === undefined || model.test(row.modelName)) &&
    (!username || row.username === username) &&
    (!tokenName || row.tokenName === tokenName) &&
    (!channel || channel === 0) &&
    (!group || row.group === group) &&
    (!requestId || row.requestId === requestId)
}

/** An SQL `LIKE` pattern as a regular expression (case-insensitive, as MySQL and SQLite compare). */
export function likePattern(pattern: string): RegExp {
  let source = ''
  for (const char of pattern) {
    if (char === '%') source += '[\\s\\S]*'
    else if (char === '_') source += '[\\s\\S]'
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  }
  return new RegExp(`^${source}$`, 'i')
}

/** The rows that pass `filter`, newest first (new-api orders by `id desc`). */
export function newestFirst(rows: readonly GatewayLog[], filter: LogFilter): GatewayLog[] {
  const matches = logMatcher(filter)
  const found: GatewayLog[] = []
  for (let i = rows.length - 1; i >= 0; i--) if (matches(rows[i]!)) found.push(rows[i]!)
  return found
}
