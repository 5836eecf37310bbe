import { formatUsd } from '../world/quota-units.ts'
import type { LogType } from './gateway-log.ts'
import type { LogBook } from './log-book.ts'

/** A log row that is only a line on a user's account (new-api's `RecordLog`): a top-up, a management action. */
export interface AccountLine {
  userId: number
  username: string
  type: LogType
  content: string
  /** Gateway clock, ms. */
  createdAt: number
  requestId?: string
  other?: Record<string, unknown>
}

/** Writes an account line, every relay field empty, as new-api's `RecordLog` does. */
export function recordLog(logs: LogBook, { userId, username, type, content, createdAt, requestId = '', other = {} }: AccountLine): void {
  logs.add({
    userId,
    createdAt,
    type,
    content,
    username,
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
    requestId,
    other,
  })
}

/** new-api's `logger.LogQuota` with the display in USD: "＄2.000000 额度". */
export function logQuota(units: number): string {
  return `＄${formatUsd(units)} 额度`
}
