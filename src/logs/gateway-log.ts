/** new-api's log types (`type` in `/api/log/*`). */
export const logType = { topup: 1, consume: 2, manage: 3, system: 4, error: 5 } as const

export type LogType = (typeof logType)[keyof typeof logType]

/**
 * One row of the gateway's log table, as new-api keeps it (`model/log.go`): what the management
 * API's `/api/log/*` and `/api/data/*` routes read.
 */
export interface GatewayLog {
  id: number
  userId: number
  /** Gateway clock, ms (new-api answers `created_at` in seconds). */
  createdAt: number
  type: LogType
  content: string
  username: string
  tokenName: string
  modelName: string
  quota: number
  promptTokens: number
  completionTokens: number
  /** Seconds the request took. */
  useTime: number
  isStream: boolean
  tokenId: number
  group: string
  /** The client's address, where the request had one (not in-process). */
  ip: string
  requestId: string
  /** new-api's `other`: the ratios and extra facts of a consume log. */
  other: Record<string, unknown>
}
