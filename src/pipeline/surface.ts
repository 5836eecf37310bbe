import type { SurfaceName } from '../http/surface-name.ts'
import type { ResolvedError } from '../profiles/resolved-error.ts'

export type { SurfaceName }

/**
 * What a surface decides at the boundary that no profile changes: how an error that strikes
 * after a stream has begun looks inside the stream, as the vendor's own clients read it.
 */
export interface Surface {
  name: SurfaceName
  /** Only the surfaces that stream have one. */
  renderStreamError?(error: ResolvedError): string
  /** Always answers in the spec profile's terms, whatever the gateway impersonates (the mock's own admin API). */
  ownTerms?: boolean
}
