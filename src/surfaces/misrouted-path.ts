import type { ErrorName } from '../errors/error-names.ts'
import { hasAnthropicVersion } from '../http/api-headers.ts'
import { hasBearer, hasGeminiKey } from '../http/request-credentials.ts'
import { misplacedApiPath, versionSegment, type ApiSurface } from '../http/surface-of.ts'

/** The errors that answer an API path below the wrong base URL, each naming the base URL one kind of client wants. */
export type BaseUrlError = Extract<ErrorName, `base_url_${string}`>

/** An API path sent below the wrong base URL: the surface it was meant for, and the hint that fits the mistake. */
export interface Misroute {
  surface: ApiSurface
  error: BaseUrlError
}

export interface MisrouteOptions {
  /**
   * A path at the root (no version before the API path) counts only when the request also
   * carries its API's own header: `anthropic-version`, a Gemini key (`x-goog-api-key` or
   * `?key=`), or `Authorization: Bearer` for OpenAI's paths (`/models` at the root counts only with
   * the first two). Handlers that serve any origin
   * set it, so an app's own `/messages` is left alone; the Node adapter's requests are all the
   * gateway's, so it does not.
   */
  rootNeedsApiHeaders: boolean
}

/**
 * Whether `path` (below the gateway's base URL) is an API path below the wrong base URL
 * (`misplacedApiPath`, src/http/surface-of.ts, reads it), and the hint that names the right one.
 */
export function misroutedPath(path: string, request: Request, options: MisrouteOptions): Misroute | undefined {
  const misplaced = misplacedApiPath(path, request)
  if (!misplaced) return undefined
  const { surface, prefix } = misplaced
  if (prefix.length === 0 && options.rootNeedsApiHeaders) {
    if (!hasApiHeaders(surface, request)) return undefined
    // `/models` with a Bearer token could be any app's: only Anthropic's and Google's own headers claim it.
    if (misplaced.byHeaders && surface === 'openai') return undefined
  }
  return hint(surface ?? 'openai', prefix)
}

function hint(surface: ApiSurface, prefix: readonly string[]): Misroute {
  // A version right before the API path was appended by the client itself, so its base URL held another one.
  const appendsVersion = prefix.length > 1 && versionSegment.test(prefix.at(-1)!)
  if (surface === 'anthropic') {
    return { surface, error: appendsVersion && prefix.at(-1) === 'v1' ? 'base_url_anthropic_sdk' : 'base_url_anthropic_ai_sdk' }
  }
  if (surface === 'gemini') return { surface, error: appendsVersion ? 'base_url_genai' : 'base_url_google_ai_sdk' }
  return { surface, error: 'base_url_openai' }
}

function hasApiHeaders(surface: ApiSurface | undefined, request: Request): boolean {
  if (surface === 'anthropic') return hasAnthropicVersion(request)
  if (surface === 'gemini') return hasGeminiKey(request)
  if (surface === 'openai') return hasBearer(request)
  return false
}
