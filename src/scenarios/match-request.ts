import { normalizeKey } from '../world/normalize-key.ts'
import type { SurfaceName } from '../http/surface-name.ts'
import type { Token, User } from '../world/schemas.ts'
import type { RequestMatch } from './scenario-schema.ts'

/** What rules and steps look at in a generation request. */
export interface ScenarioRequest {
  requestId: string
  method: string
  pathname: string
  surface: SurfaceName
  model: string
  token: Token
  user: User
  stream: boolean
  /** The WebSocket handshake of a socket route, rather than a request or a response on a socket. */
  upgrade?: boolean
}

/** Whether every criterion `match` names holds for `request`. */
export function matchesRequest(match: RequestMatch, request: ScenarioRequest): boolean {
  if (match.route !== undefined && !matchesRoute(match.route, request)) return false
  if (match.surface !== undefined && match.surface !== request.surface) return false
  if (match.model !== undefined && match.model !== request.model) return false
  if (match.key !== undefined && normalizeKey(match.key) !== normalizeKey(request.token.key)) return false
  if (match.user !== undefined && match.user !== (typeof match.user === 'number' ? request.user.id : request.user.username)) return false
  if (match.stream !== undefined && match.stream !== request.stream) return false
  // A handshake is seen only by those that ask for it, so the rules written for requests never refuse a socket.
  if ((match.upgrade === true) !== (request.upgrade === true)) return false
  return true
}

const patterns = new Map<string, RegExp>()

/** `POST /v1/chat/completions` or `/v1beta/models/*`; matched against the end of the path, so a base path prefix does not matter. */
function matchesRoute(route: string, request: ScenarioRequest): boolean {
  const [first, second] = route.trim().split(/\s+/)
  const method = second === undefined ? undefined : first!.toUpperCase()
  const path = second ?? first!
  if (method !== undefined && method !== request.method) return false
  let pattern = patterns.get(path)
  if (!pattern) {
    const body = path
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')
    pattern = new RegExp(`${body}$`)
    patterns.set(path, pattern)
  }
  return pattern.test(request.pathname)
}
