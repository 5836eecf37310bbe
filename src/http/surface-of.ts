import { hasAnthropicVersion } from './api-headers.ts'
import { hasBearer, hasGeminiKey } from './request-credentials.ts'
import type { SurfaceName } from './surface-name.ts'

/** The surfaces whose clients append API paths to a base URL, and so can send them below the wrong one. */
export type ApiSurface = Extract<SurfaceName, 'openai' | 'anthropic' | 'gemini'>

type Tail = { surface: ApiSurface | 'by-headers'; pattern: RegExp; served: readonly string[] }

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

/** A version segment of a path: `v1`, `v1beta`, `v2alpha1`. */
export const versionSegment = /^v\d+(?:(?:alpha|beta)\d*)?$/

/** `/v1/models` and `/v1/models/{model}`, with or without a trailing slash: the model lookups every API's clients call. */
const modelsPath = /^\/v1\/models(?:\/[^/]+)?\/?$/

/** Gemini's `/v1/models/{model}:{action}` (the same actions as below `/v1beta`). */
const geminiActionPath = /^\/v1\/models\/[^/]+:[^/]+$/

/**
 * Which surface a request belongs to, and so whose envelope answers it: the one place that decides
 * it from a path. Routes that speak for one surface say so themselves (`Route.surface`); this
 * decides for the routes every API's clients call (the model lookups), for the catch-all's 404, for
 * a path sent below the wrong base URL, for what the server adapter answers before any route, and
 * for the recorder.
 *
 * `path` is below the gateway's base URL. With the request, its headers count too: an API path
 * below the wrong base URL is its API's (its client's headers decide the model paths every API
 * has), and the model lookups answer Anthropic's clients (`anthropic-version`) in Anthropic's
 * envelope. Without it (what the adapter could not read as a request), the path alone decides.
 * `served`: the path is one a route (not the catch-all) matched, so it needs no misplacement check.
 */
export function surfaceOf(path: string, request?: Request, { served = false }: { served?: boolean } = {}): SurfaceName {
  if (path.startsWith('/__mock/') || path === '/__mock') return 'admin'
  if (path.startsWith('/api/') || path === '/api') return 'dashboard'
  // A path a route serves is under its right prefix by construction: only the catch-all's can be misplaced.
  const misplaced = request && !served && misplacedApiPath(path, request)
  if (misplaced) return misplaced.surface ?? 'openai'
  if (path.startsWith('/v1/messages')) return 'anthropic'
  if (path.startsWith('/v1beta/openai/')) return 'openai'
  if (path.startsWith('/v1beta')) return 'gemini'
  // A GET of `/v1/models/{id}` is the model lookup even when the id holds a colon, as fine-tuned model ids do.
  if (geminiActionPath.test(path) && request?.method !== 'GET') return 'gemini'
  if (request && modelsPath.test(path) && hasAnthropicVersion(request)) return 'anthropic'
  return 'openai'
}

/** An API path sent below the wrong base URL, as read from the path and the client's headers. */
export interface MisplacedApiPath {
  /** Whose API path it is; undefined for a model path no header claims. */
  surface: ApiSurface | undefined
  /** Whether the path is one every API has (the model list, one model), so that only the headers said whose. */
  byHeaders: boolean
  /** The version segments the client put before the API path (`['v1', 'v1']` for `/v1/v1/messages`). */
  prefix: readonly string[]
}

/**
 * Whether `path` (below the gateway's base URL) is an API path with a doubled, missing or
 * misplaced version prefix, as a client given the wrong base URL sends it: `/v1/v1/messages`
 * (the Anthropic SDK given `…/v1`), `/messages` (`@ai-sdk/anthropic` without `/v1`),
 * `/models/{model}:generateContent` (`@ai-sdk/google` without `/v1beta`), `/v1beta/v1/models/…`
 * (`@google/genai` given `…/v1beta`), `/chat/completions` (the OpenAI SDK without `/v1`). The
 * prefix before the API path may only be version segments (or Google's `/v1beta/openai`), and
 * must start with `/v1` or `/v1beta`, or be empty (the root). A path the gateway serves under
 * its right prefix (an unknown action on the right version, say) is not misplaced.
 */
export function misplacedApiPath(path: string, request: Request): MisplacedApiPath | undefined {
  const segments = path.split('/').slice(1)
  // The prefix is all version segments, so the API path starts at the first segment that is not one.
  let start = 0
  while (start < segments.length && versionSegment.test(segments[start]!)) start++
  if (segments[0] === 'v1beta' && segments[1] === 'openai' && start === 1) start = 2
  const prefix = segments.slice(0, start)
  if (prefix.length > 0 && prefix[0] !== 'v1' && prefix[0] !== 'v1beta') return undefined
  const rest = segments.slice(start).join('/')
  const tail = tails.find((candidate) => candidate.pattern.test(rest))
  if (!tail) return undefined
  const prefixPath = prefix.map((segment) => `/${segment}`).join('')
  if (tail.served.includes(prefixPath)) return undefined
  if (tail.surface === 'by-headers') return { surface: surfaceByHeaders(request), byHeaders: true, prefix }
  return { surface: tail.surface, byHeaders: false, prefix }
}

/** Whose model path it is, by the headers each API's clients send; `undefined` when none says. */
function surfaceByHeaders(request: Request): ApiSurface | undefined {
  if (hasAnthropicVersion(request)) return 'anthropic'
  if (hasGeminiKey(request)) return 'gemini'
  if (hasBearer(request)) return 'openai'
  return undefined
}
