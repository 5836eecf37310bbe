/**
 * The response headers a recording keeps: what a client reads of an answer (its type, rate
 * limits, retry advice, request ids). Every other header is dropped, and no request header is
 * ever kept: an allow-list, so a header nobody thought of (a cookie, a signed URL) never lands
 * in a file.
 */
const keptNames = new Set([
  'content-type',
  'retry-after',
  'retry-after-ms',
  'x-should-retry',
  'x-request-id',
  'request-id',
  'x-oneapi-request-id',
])
const keptPrefixes = ['x-ratelimit-', 'anthropic-ratelimit-']
/** Request ids are the recorded server's own: a replay answers with its own. */
const notReplayed = new Set(['content-type', 'x-request-id', 'request-id', 'x-oneapi-request-id'])

function isKept(name: string): boolean {
  return keptNames.has(name) || keptPrefixes.some((prefix) => name.startsWith(prefix))
}

/** The headers of an upstream answer that a recording keeps, names in lower case. */
export function keptHeaders(headers: Iterable<[string, string]>): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of headers) {
    const lower = name.toLowerCase()
    if (isKept(lower)) kept[lower] = value
  }
  return kept
}

/** The recorded headers a replayed error sends again: rate limits and retry advice. */
export function replayedHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => isKept(name.toLowerCase()) && !notReplayed.has(name.toLowerCase())))
}
