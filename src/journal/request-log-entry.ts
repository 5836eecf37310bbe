import type { TokenUsage } from '../billing/quota-cost.ts'
import type { SurfaceName } from '../http/surface-name.ts'

/** One answered request, as the journal keeps it and the server's log line shows it. */
export interface RequestLogEntry {
  requestId: string
  /** ISO time on the gateway clock. */
  time: string
  method: string
  path: string
  surface: SurfaceName
  model?: string
  /** The presented API key, masked. */
  key?: string
  /** Tokens of a generation. */
  usage?: TokenUsage
  /** Quota units a generation debited. */
  quota?: number
  status: number
  /** The error code, when the request failed, as the client got it (the error's name where that code is empty). */
  code?: string
  /** The name of the error, when the request failed (see ErrorName). */
  error?: string
  /** The scenario rule or step that decided the answer, if one did. */
  decidedBy?: string
  durationMs: number
}
