import { redactedText } from './request-key-schema.ts'

// The management API answers with credentials of its own: the access token `GET /api/user/token`
// makes (and a sign-in may answer with), a token's whole key (`POST /api/token/:id/key`, the
// batch of keys), redemption codes, and a user's fields as an admin reads them. The recorder knows
// none of them beforehand (they are not what the client sent), so they are found by name.

/** Field names whose values are credentials wherever a management answer has them. */
const secretFields = new Set(['password', 'original_password', 'access_token', 'accessToken', 'token', 'key', 'keys'])

/** Answers whose `data` is itself a credential: the access token `GET /api/user/token` makes. */
const secretData = /^\/api\/user\/token\/?$/

/** Whether a path (no query) is the management API's. */
export function isManagementPath(path: string): boolean {
  return path.startsWith('/api/')
}

/** A management path and query without the token a search names (`/api/token/search?token=sk-…`). */
export function withoutSecretQuery(target: string): string {
  const query = target.indexOf('?')
  if (query === -1 || !isManagementPath(target)) return target
  const params = new URLSearchParams(target.slice(query + 1))
  if (!params.has('token')) return target
  params.set('token', redactedText)
  return `${target.slice(0, query)}?${params.toString()}`
}

/**
 * The credentials a management request's JSON body carries (a sign-in's password, a new one),
 * to keep out of everything recorded of its exchange: a recording keeps no management request
 * body, but an answer may echo one.
 */
export function managementRequestSecrets(path: string, body: Uint8Array): string[] {
  if (!isManagementPath(path) || body.length === 0) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder().decode(body))
  } catch {
    return []
  }
  const found: string[] = []
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit)
    else if (isObject(value))
      for (const [name, item] of Object.entries(value)) {
        if (secretFields.has(name) && typeof item === 'string' && item !== '') found.push(item)
        else visit(item)
      }
  }
  visit(parsed)
  return found
}

/** `body` of an answer to `path` with every credential it holds replaced by `[redacted]`. */
export function withoutManagementSecrets<T>(body: T, path: string): T {
  const redacted = redactFields(body) as T
  if (secretData.test(path) && isObject(redacted) && typeof redacted.data === 'string') return { ...redacted, data: redactedText } as T
  return redacted
}

function redactFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactFields)
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [
      name,
      secretFields.has(name) && item !== null && item !== '' ? redactValue(item) : redactFields(item),
    ]),
  )
}

/** A credential's value: a text, or each text of a list (a batch of keys), or each value of a map of them. */
function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactedText
  if (Array.isArray(value)) return value.map(redactValue)
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, redactValue(item)]))
  return value
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
