import type { Group, Model, Token, User } from '../world/schemas.ts'
import { logType } from './gateway-log.ts'
import type { LogBook } from './log-book.ts'

/** What a billed relay request leaves for its consume log: facts the pipeline already holds, nothing computed. */
export interface BilledRequest {
  user: User
  token: Token
  model: Model
  /** The model as the client named it (new-api logs the requested name). */
  modelName: string
  group: Group | undefined
  promptTokens: number
  completionTokens: number
  quota: number
  stream: boolean
  requestId: string
  path: string
  durationMs: number
  /** Gateway clock, ms. */
  now: number
}

/**
 * Writes a billed request's consume log (type 2), as new-api's `RecordConsumeLog` does after the
 * relay settles: the ratios go in `other`, as `GenerateTextOtherInfo` writes them (keys in the
 * order Go's JSON sorts them, so that `other` renders as new-api's on read). new-api records the
 * client's address only for users who turned on IP logging (off by default), so `ip` stays empty.
 */
export function writeConsumeLog(logs: LogBook, billed: BilledRequest): void {
  const { user, token, model, group } = billed
  const pricing = model.pricing
  const perCall = pricing !== null && 'pricePerCall' in pricing
  logs.add({
    userId: user.id,
    createdAt: billed.now,
    type: logType.consume,
    content: '',
    username: user.username,
    tokenName: token.name,
    modelName: billed.modelName,
    quota: billed.quota,
    promptTokens: billed.promptTokens,
    completionTokens: billed.completionTokens,
    useTime: Math.floor(billed.durationMs / 1000),
    isStream: billed.stream,
    tokenId: token.id ?? 0,
    group: group?.name ?? user.group,
    ip: '',
    requestId: billed.requestId,
    other: {
      cache_ratio: 1,
      cache_tokens: 0,
      completion_ratio: pricing === null || perCall ? 0 : pricing.completionRatio,
      frt: Math.round(billed.durationMs),
      group_ratio: group?.ratio ?? 1,
      model_price: perCall ? pricing.pricePerCall : -1,
      model_ratio: pricing === null || perCall ? 0 : pricing.ratio,
      request_path: billed.path,
      user_group_ratio: -1,
    },
  })
}

/** What a refused relay request leaves for its error log. */
export interface FailedRequest {
  user: User
  token: Token
  modelName: string
  group: string
  status: number
  /** The error's code and type as the client got them. */
  code: string | number | null
  type: string
  message: string
  requestId: string
  now: number
}

/**
 * Writes a relay error's log (type 5), as new-api's relay controller does when error logging is
 * on: no tokens, no quota, the message with its status as the content, the error's code, type and
 * status in `other`.
 */
export function writeErrorLog(logs: LogBook, failed: FailedRequest): void {
  logs.add({
    userId: failed.user.id,
    createdAt: failed.now,
    type: logType.error,
    content: `status_code=${failed.status}, ${failed.message}`,
    username: failed.user.username,
    tokenName: failed.token.name,
    modelName: failed.modelName,
    quota: 0,
    promptTokens: 0,
    completionTokens: 0,
    useTime: 0,
    isStream: false,
    tokenId: failed.token.id ?? 0,
    group: failed.group,
    ip: '',
    requestId: failed.requestId,
    other: {
      channel_id: 0,
      channel_name: '',
      channel_type: 0,
      error_code: failed.code ?? '',
      error_type: failed.type,
      status_code: failed.status,
    },
  })
}
