import { logType, type GatewayLog } from './gateway-log.ts'
import { createdSeconds, logMatcher, type LogFilter } from './log-filter.ts'

/** `/api/log/stat` and `/api/log/self/stat`: `{quota, rpm, tpm}`. */
export interface UsageStat {
  quota: number
  rpm: number
  tpm: number
}

/**
 * new-api's `SumUsedQuota`: the quota of the consume logs the filter picks (whatever type it
 * names), and the requests and tokens of those in the last 60 seconds of the gateway clock
 * (`now`, ms), whatever times the filter names.
 */
export function usageStat(rows: readonly GatewayLog[], filter: LogFilter, now: number): UsageStat {
  const inRange = logMatcher({ ...filter, type: logType.consume })
  const recent = logMatcher({ ...filter, type: logType.consume, startTimestamp: 0, endTimestamp: 0 })
  const since = Math.floor(now / 1000) - 60
  const stat = { quota: 0, rpm: 0, tpm: 0 }
  for (const row of rows) {
    if (inRange(row)) stat.quota += row.quota
    if (createdSeconds(row) >= since && recent(row)) {
      stat.rpm += 1
      stat.tpm += row.promptTokens + row.completionTokens
    }
  }
  return stat
}
