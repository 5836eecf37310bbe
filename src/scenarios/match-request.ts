import { maskKey } from '../auth/mask-key.ts'
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

/** A criterion of a step's `when` that a request does not meet: what the step wanted and what came (keys masked). */
export interface MatchDifference {
  field: keyof RequestMatch
  expected: string | number | boolean
  got: string | number | boolean
}

type Criteria = { [Field in keyof RequestMatch]-?: (expected: NonNullable<RequestMatch[Field]>, request: ScenarioRequest) => boolean }

const criteria: Criteria = {
  route: (route, request) => matchesRoute(route, request),
  surface: (surface, request) => surface === request.surface,
  model: (model, request) => model === request.model,
  key: (key, request) => normalizeKey(key) === normalizeKey(request.token.key),
  user: (user, request) => user === (typeof user === 'number' ? request.user.id : request.user.username),
  stream: (stream, request) => stream === request.stream,
  upgrade: (upgrade, request) => upgrade === (request.upgrade === true),
}
const fields = Object.keys(criteria) as (keyof RequestMatch)[]

/** Whether every criterion `match` names holds for `request`. */
export function matchesRequest(match: RequestMatch, request: ScenarioRequest): boolean {
  for (const field of fields) {
    const expected = match[field]
    if (expected !== undefined && !criteria[field](expected as never, request)) return false
  }
  // A handshake is seen only by those that ask for it, so the rules written for requests never refuse a socket.
  if (match.upgrade === undefined && request.upgrade === true) return false
  return true
}

/** The criteria of `match` that `request` does not meet, as the inspector and reports show them. */
export function differences(match: RequestMatch, request: ScenarioRequest): MatchDifference[] {
  return fields.flatMap((field): MatchDifference[] => {
    const expected = match[field]
    if (expected === undefined || criteria[field](expected as never, request)) return []
    return [{ field, expected: field === 'key' ? maskKey(expected as string) : expected, got: actual(field, expected, request) }]
  })
}

function actual(field: keyof RequestMatch, expected: unknown, request: ScenarioRequest): string | number | boolean {
  switch (field) {
    case 'route':
      return `${request.method} ${request.pathname}`
    case 'user':
      return typeof expected === 'number' ? request.user.id : request.user.username
    case 'key':
      return maskKey(request.token.key)
    case 'upgrade':
      return request.upgrade === true
    default:
      return request[field]
  }
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
