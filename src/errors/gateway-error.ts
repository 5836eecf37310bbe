import type { ErrorCode } from './error-codes.ts'

export interface GatewayErrorOptions {
  /** Overrides the catalogue's status (e.g. the 200 of `GET /v1/models/{model}`, the 413 of an oversized body). */
  status?: number
  /** The request field at fault, shown as `error.param` on the OpenAI surface. */
  param?: string | null
  /** Extra response headers (`Retry-After`, rate-limit headers). */
  headers?: Record<string, string>
  cause?: unknown
}

/**
 * A failure the gateway answers on purpose. Raised anywhere in the request pipeline and
 * rendered once, at the boundary, in the envelope of the request's surface.
 */
export class GatewayError extends Error {
  readonly code: ErrorCode
  readonly status: number | undefined
  readonly param: string | null
  readonly headers: Record<string, string>

  constructor(code: ErrorCode, message: string, options: GatewayErrorOptions = {}) {
    super(message, { cause: options.cause })
    this.name = 'GatewayError'
    this.code = code
    this.status = options.status
    this.param = options.param ?? null
    this.headers = options.headers ?? {}
  }
}
