/** An error as the active profile answers it, before an envelope puts it on the wire. */
export interface ResolvedError {
  status: number
  code: string | number | null
  type: string
  message: string
  param: string | null
  /** The headers the error carries (`Retry-After`…), when the profile sends them. */
  headers: Record<string, string>
  requestId: string
}
