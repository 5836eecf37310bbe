import type { Profile } from '../profiles/profile.ts'
import type { ResolvedError } from '../profiles/resolved-error.ts'

export type SurfaceName = 'openai' | 'anthropic' | 'gemini' | 'dashboard' | 'admin'

/**
 * What a surface decides at the boundary that no profile changes: how an error that strikes
 * after a stream has begun looks inside the stream, as the vendor's own clients read it.
 */
export interface Surface {
  name: SurfaceName
  /** Only the surfaces that stream have one. */
  renderStreamError?(error: ResolvedError): string
  /** The profile this surface always answers in, whatever the gateway's (the mock's own admin API). */
  profile?: Profile
}
