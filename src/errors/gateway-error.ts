import type { ErrorName, ErrorParams } from './error-names.ts'

export interface GatewayErrorOptions {
  /** The request field at fault, shown as `error.param` where the envelope has one. */
  param?: string | null
  /** Extra response headers (`Retry-After`, rate-limit headers). */
  headers?: Record<string, string>
  /**
   * What a scenario's `fail` says instead of the profile's own status and wording. Only scenarios
   * set these: the gateway's own errors take both from the profile.
   */
  status?: number
  message?: string
  cause?: unknown
}

/**
 * A failure the gateway answers on purpose, raised by name anywhere in the request pipeline and
 * rendered once, at the boundary, by the active profile in the envelope of the request's surface.
 */
export class GatewayError<Name extends ErrorName = ErrorName> extends Error {
  readonly errorName: Name
  readonly params: ErrorParams[Name]
  readonly param: string | null
  readonly headers: Record<string, string>
  readonly status: number | undefined
  readonly override: string | undefined
  /**
   * Said after the message, in every profile: what the mock knows that the gateway it imitates
   * would not say (a replay's recording that would have answered the request the world refused).
   * Set before the error is rendered.
   */
  hint: string | undefined

  constructor(errorName: Name, params: ErrorParams[Name], options: GatewayErrorOptions = {}) {
    super(options.message ?? errorName, { cause: options.cause })
    this.name = 'GatewayError'
    this.errorName = errorName
    this.params = params
    this.param = options.param ?? null
    this.headers = options.headers ?? {}
    this.status = options.status
    this.override = options.message
  }
}

type NoParams = Record<string, never>

/** Raises `name` with its parameters: `throw gatewayError('key_unknown', { key })`. */
export function gatewayError<Name extends ErrorName>(
  name: Name,
  ...[params, options]: ErrorParams[Name] extends NoParams
    ? [params?: ErrorParams[Name], options?: GatewayErrorOptions]
    : [params: ErrorParams[Name], options?: GatewayErrorOptions]
): GatewayError<Name> {
  return new GatewayError(name, (params ?? {}) as ErrorParams[Name], options)
}
