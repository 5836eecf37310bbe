import { maskKey } from './mask-key.ts'

// The headers clients send credentials in: every surface's key header, and what a browser or proxy adds.
const credentialHeaders = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'x-goog-api-key',
  'api-key',
  'cookie',
  'set-cookie',
])

/** Whether a header carries a credential. */
export function isCredentialHeader(name: string): boolean {
  return credentialHeaders.has(name.toLowerCase())
}

/** A header's value as it may be shown: a credential masked (a Bearer token keeps its scheme). */
export function maskedHeaderValue(name: string, value: string): string {
  if (!isCredentialHeader(name)) return value
  const scheme = /^(bearer|basic)\s+/i.exec(value)?.[0] ?? ''
  return scheme + maskKey(value.slice(scheme.length))
}

/** Headers as `[name, value]` pairs in the order sent, credentials masked: what the inspector shows. */
export function maskedHeaders(headers: Headers): [string, string][] {
  return [...headers].map(([name, value]) => [name, maskedHeaderValue(name, value)])
}
