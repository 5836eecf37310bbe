import type { ErrorName } from '../errors/error-names.ts'
import { hasGeminiKey } from './model-routes-auth.ts'
import type { SurfaceName } from '../http/surface-name.ts'

/** The errors that answer an API path below the wrong base URL, each naming the base URL one kind of client wants. */
export type BaseUrlError = Extract<ErrorName, `base_url_${string}`>

/** An API path sent below the wrong base URL: the surface it was meant for, and the hint that fits the mistake. */
export interface Misroute {
  surface: Extract<SurfaceName, 'openai' | 'anthropic' | 'gemini'>
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

type Tail = { surface: Misroute['surface'] | 'by-headers'; pattern: RegExp; served: readonly string[] }

/**
 * The API paths each client appends to its base URL, and the prefixes under which the gateway
 * serves them. Only these count: a path that ends otherwise is no API's, and keeps the plain 404.
 */
const tails: readonly Tail[] = [
  { surface: 'anthropic', pattern: /^messages(?:\/.*)?$/, served: ['/v1'] },
  { surface: 'gemini', pattern: /^models\/[^/]+:\w+$/, served: ['/v1', '/v1beta'] },
  {
    surface: 'openai',
    pattern:
      /^(?:chat\/completions|completions|embeddings|responses|moderations|rerank|images\/generations|audio\/(?:speech|transcriptions|translations))$/,
    served: ['/v1'],
  },
  // The model list and one model: every API has them, so the headers say whose they are.
  { surface: 'by-headers', pattern: /^models(?:\/[^/:]+)?\/?$/, served: ['/v1', '/v1beta', '/v1beta/openai'] },
]

const version = /^v\d+(?:(?:alpha|beta)\d*)?$/

/**
 * Whether `path` (below the gateway's base URL) is an API path with a doubled, missing or
 * misplaced version prefix, as a client given the wrong base URL sends it: `/v1/v1/messages`
 * (the Anthropic SDK given `…/v1`), `/messages` (`@ai-sdk/anthropic` without `/v1`),
 * `/models/{model}:generateContent` (`@ai-sdk/google` without `/v1beta`), `/v1beta/v1/models/…`
 * (`@google/genai` given `…/v1beta`), `/chat/completions` (the OpenAI SDK without `/v1`). The
 * prefix before the API path may only be version segments (or Google's `/v1beta/openai`), and
 * must start with `/v1` or `/v1beta`, or be empty (the root). A path the gateway serves under
 * its right prefix (an unknown action on the right version, say) is not misrouted.
 */
export function misroutedPath(path: string, request: Request, options: MisrouteOptions): Misroute | undefined {
  const segments = path.split('/').slice(1)
  // The prefix is all version segments, so the API path starts at the first segment that is not one.
  let start = 0
  while (start < segments.length && version.test(segments[start]!)) start++
  if (segments[0] === 'v1beta' && segments[1] === 'openai' && start === 1) start = 2
  const prefix = segments.slice(0, start)
  if (prefix.length > 0 && prefix[0] !== 'v1' && prefix[0] !== 'v1beta') return undefined
  const rest = segments.slice(start).join('/')
  const tail = tails.find((candidate) => candidate.pattern.test(rest))
  if (!tail) return undefined
  const prefixPath = prefix.map((segment) => `/${segment}`).join('')
  if (tail.served.includes(prefixPath)) return undefined
  const surface = tail.surface === 'by-headers' ? surfaceByHeaders(request) : tail.surface
  if (prefix.length === 0 && options.rootNeedsApiHeaders) {
    if (!hasApiHeaders(surface, request)) return undefined
    // `/models` with a Bearer token could be any app's: only Anthropic's and Google's own headers claim it.
    if (tail.surface === 'by-headers' && surface === 'openai') return undefined
  }
  return hint(surface ?? 'openai', prefix)
}

function hint(surface: Misroute['surface'], prefix: readonly string[]): Misroute {
  // A version right before the API path was appended by the client itself, so its base URL held another one.
  const appendsVersion = prefix.length > 1 && version.test(prefix.at(-1)!)
  if (surface === 'anthropic') {
    return { surface, error: appendsVersion && prefix.at(-1) === 'v1' ? 'base_url_anthropic_sdk' : 'base_url_anthropic_ai_sdk' }
  }
  if (surface === 'gemini') return { surface, error: appendsVersion ? 'base_url_genai' : 'base_url_google_ai_sdk' }
  return { surface, error: 'base_url_openai' }
}

/** Whose model path it is, by the headers each API's clients send; `undefined` when none says. */
function surfaceByHeaders(request: Request): Misroute['surface'] | undefined {
  if (request.headers.has('anthropic-version')) return 'anthropic'
  if (hasGeminiKey(request)) return 'gemini'
  if (hasBearer(request)) return 'openai'
  return undefined
}

function hasApiHeaders(surface: Misroute['surface'] | undefined, request: Request): boolean {
  if (surface === 'anthropic') return request.headers.has('anthropic-version')
  if (surface === 'gemini') return hasGeminiKey(request)
  if (surface === 'openai') return hasBearer(request)
  return false
}

function hasBearer(request: Request): boolean {
  return /^bearer\s/i.test(request.headers.get('authorization') ?? '')
}
