import { searchParamOf } from '../http/path-matcher.ts'
import { protocolApiKey } from '../http/websocket-protocols.ts'
import type { CredentialSource } from '../profiles/profile-type.ts'

export type { CredentialSource }

export interface PresentedCredential {
  source: CredentialSource
  value: string
}

const describe: Record<CredentialSource, string> = {
  'key-query': 'a `?key=` query parameter',
  bearer: 'an `Authorization: Bearer <key>` header',
  'x-api-key': 'an `x-api-key` header',
  'goog-api-key': 'an `x-goog-api-key` header',
  'websocket-protocol': 'an `openai-insecure-api-key.<key>` WebSocket subprotocol',
}

/** Every place a client can put a credential (the recorder keeps each out of what it records). */
export const credentialSources = Object.keys(describe) as readonly CredentialSource[]

export function describeSources(sources: readonly CredentialSource[]): string {
  const names = sources.map((source) => describe[source])
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '')
}

/** The first non-empty credential among `sources`, in their order of precedence. */
export function readCredential(request: Request, sources: readonly CredentialSource[]): PresentedCredential | undefined {
  for (const source of sources) {
    const value = readSource(request, source)?.trim()
    if (value) return { source, value }
  }
  return undefined
}

/** The credential at one place in a request, as sent (`bearer`: the whole `Authorization` value); null when there is none. */
export function readSource(request: Request, source: CredentialSource): string | null {
  switch (source) {
    case 'goog-api-key':
      return request.headers.get('x-goog-api-key')
    case 'key-query':
      return searchParamOf(request.url, 'key')
    case 'x-api-key':
      return request.headers.get('x-api-key')
    case 'bearer':
      return request.headers.get('authorization')
    case 'websocket-protocol':
      return protocolApiKey(request)
  }
}
