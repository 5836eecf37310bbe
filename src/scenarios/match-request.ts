import { maskKey } from '../auth/mask-key.ts'
import { normalizeKey } from '../world/normalize-key.ts'
import type { SurfaceName } from '../http/surface-name.ts'
import type { Token, User } from '../world/schemas.ts'
import { maskedHeaderValue } from '../auth/masked-headers.ts'
import type { ConversationView } from '../conversation/conversation-view.ts'
import type { MatchedRequest } from './matched-request.ts'
import type { RequestMatch, When } from './scenario-schema.ts'
import { containsPattern, equalsPattern } from './text-pattern.ts'

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
  headers?: Headers
  /** The parsed body (a socket's event), for a `when` or `reply` function. */
  body?: unknown
  /**
   * The conversation as the content fields read it, undefined where the request carries none.
   * Called only when a field needs it, and remembered by the caller: requests that no content
   * field looks at never pay for reading it.
   */
  conversation?: () => ConversationView | undefined
}

/** A criterion of a step's `when` that a request does not meet: what the step wanted and what came (keys masked). */
export interface MatchDifference {
  /** The field, or `function` for a `when` written as one. */
  field: keyof RequestMatch | 'function'
  expected: string | number | boolean | Record<string, string>
  got: string | number | boolean | Record<string, string>
}

type Criteria = { [Field in keyof RequestMatch]-?: (expected: NonNullable<RequestMatch[Field]>, request: ScenarioRequest) => boolean }

/** The tool results a request returns, or none when it carries no conversation. */
const resultsOf = (request: ScenarioRequest) => request.conversation?.()?.toolResults ?? []

const criteria: Criteria = {
  route: (route, request) => matchesRoute(route, request),
  surface: (surface, request) => surface === request.surface,
  model: (model, request) => model === request.model,
  key: (key, request) => normalizeKey(key) === normalizeKey(request.token.key),
  user: (user, request) => user === (typeof user === 'number' ? request.user.id : request.user.username),
  stream: (stream, request) => stream === request.stream,
  upgrade: (upgrade, request) => upgrade === (request.upgrade === true),
  message: (pattern, request) => {
    const view = request.conversation?.()
    return view !== undefined && containsPattern(pattern, view.message)
  },
  system: (pattern, request) => {
    const view = request.conversation?.()
    return view !== undefined && containsPattern(pattern, view.system)
  },
  toolResult: (expected, request) => {
    const view = request.conversation?.()
    if (view === undefined) return false
    if (typeof expected === 'boolean') return expected === view.toolResults.length > 0
    return view.toolResults.some((result) => containsPattern(expected, result.text))
  },
  toolCallId: (pattern, request) =>
    resultsOf(request).some((result) => result.callId !== undefined && equalsPattern(pattern, result.callId)),
  tool: (pattern, request) => {
    const tools = request.conversation?.()?.tools ?? []
    return pattern === '*' ? tools.length > 0 : tools.some((name) => equalsPattern(pattern, name))
  },
  turn: (turn, request) => request.conversation?.()?.turn === turn,
  header: (expected, request) =>
    Object.entries(expected).every(([name, pattern]) => {
      const value = request.headers?.get(name)
      return value !== null && value !== undefined && equalsPattern(pattern, value)
    }),
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

/** Whether `request` meets a `when`: its criteria, or a function of the request (which never sees a handshake). */
export function meetsWhen(when: When, request: ScenarioRequest): boolean {
  if (typeof when !== 'function') return matchesRequest(when, request)
  return request.upgrade !== true && when(matchedRequestOf(request)) === true
}

/** The criteria of a `when` that `request` does not meet, as the inspector and reports show them. */
export function differences(match: When, request: ScenarioRequest): MatchDifference[] {
  if (typeof match === 'function')
    return meetsWhen(match, request) ? [] : [{ field: 'function', expected: match.name || 'a function', got: false }]
  return fields.flatMap((field): MatchDifference[] => {
    const expected = match[field]
    if (expected === undefined || criteria[field](expected as never, request)) return []
    return [{ field, expected: field === 'key' ? maskKey(expected as string) : expected, got: actual(field, expected, request) }]
  })
}

function actual(field: keyof RequestMatch, expected: unknown, request: ScenarioRequest): MatchDifference['got'] {
  switch (field) {
    case 'route':
      return `${request.method} ${request.pathname}`
    case 'user':
      return typeof expected === 'number' ? request.user.id : request.user.username
    case 'key':
      return maskKey(request.token.key)
    case 'upgrade':
      return request.upgrade === true
    case 'message':
    case 'system': {
      const view = request.conversation?.()
      return view === undefined ? 'no conversation' : excerpt(view[field])
    }
    case 'toolResult': {
      const results = resultsOf(request)
      if (typeof expected === 'boolean' || results.length === 0) return results.length > 0
      return excerpt(results.map((result) => result.text).join(' | '))
    }
    case 'toolCallId': {
      const ids = resultsOf(request).flatMap((result) => (result.callId === undefined ? [] : [result.callId]))
      return ids.length === 0 ? 'no tool result' : ids.join(', ')
    }
    case 'tool': {
      const tools = request.conversation?.()?.tools ?? []
      return tools.length === 0 ? 'no tools' : excerpt(tools.join(', '))
    }
    case 'turn':
      return request.conversation?.()?.turn ?? 0
    case 'header':
      return Object.fromEntries(
        Object.keys(expected as Record<string, string>).map((name) => {
          const value = request.headers?.get(name)
          return [name, value === null || value === undefined ? '(absent)' : maskedHeaderValue(name, value)]
        }),
      )
    default:
      return request[field]
  }
}

/** Long texts (a prompt, a system prompt) shown in a difference are cut to their start. */
const excerptChars = 120

function excerpt(text: string): string {
  return text.length <= excerptChars ? text : `${text.slice(0, excerptChars)}…`
}

/** A difference in words: `message: wanted /weather/i, got "Say hello"`. */
export function describeDifference({ field, expected, got }: MatchDifference): string {
  const wanted = typeof expected === 'string' && /^\/.+\/[a-z]*$/s.test(expected) ? expected : JSON.stringify(expected)
  return `${field}: wanted ${wanted}, got ${JSON.stringify(got)}`
}

const requestViews = new WeakMap<ScenarioRequest, MatchedRequest>()

/** The request as a `when` or `reply` function sees it: one object per request, its conversation read on first use. */
export function matchedRequestOf(request: ScenarioRequest): MatchedRequest {
  let view = requestViews.get(request)
  if (view) return view
  view = {
    method: request.method,
    path: request.pathname,
    surface: request.surface,
    model: request.model,
    stream: request.stream,
    key: maskKey(request.token.key),
    user: { id: request.user.id, username: request.user.username },
    headers: request.headers ?? new Headers(),
    body: request.body,
    get conversation() {
      return request.conversation?.()
    },
  }
  requestViews.set(request, view)
  return view
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
