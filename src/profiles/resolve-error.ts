import type { GatewayError } from '../errors/gateway-error.ts'
import type { SurfaceName } from '../http/surface-name.ts'
import type { EnvelopeName, Language, Messages, PerSurface, Profile } from './profile-type.ts'
import type { ResolvedError } from './resolved-error.ts'

/** A raised error as `profile` answers it on `surface`, and the envelope that carries it. */
export function resolveError(
  profile: Profile,
  error: GatewayError,
  surface: SurfaceName,
  requestId: string,
  language: Language,
): { resolved: ResolvedError; envelope: EnvelopeName } {
  const listed = profile.errors[error.errorName]
  const entry = { ...listed, ...listed.bySurface?.[surface] }
  let message = error.override ?? fill(inLanguage(entry.message, language), error.params)
  if (error.hint !== undefined) message += ` ${error.hint}`
  if (entry.requestIdSuffix ?? profile.requestIdSuffix) message += ` (request id: ${requestId})`
  return {
    resolved: {
      status: error.status ?? entry.status,
      code: entry.code,
      type: entry.type,
      message,
      param: entry.param !== undefined ? entry.param : error.param,
      headers: entry.headers === false ? {} : error.headers,
      requestId,
    },
    envelope: forSurface(entry.envelope, surface) ?? profile.envelopes[surface],
  }
}

/** The value of a per-surface setting for `surface`. */
export function forSurface<T>(value: PerSurface<T> | undefined, surface: SurfaceName): T | undefined {
  if (value === undefined || typeof value !== 'object' || value === null || !('*' in value)) return value as T | undefined
  const table = value as { '*': T } & Partial<Record<SurfaceName, T>>
  return table[surface] ?? table['*']
}

function inLanguage(messages: Messages, language: Language): string {
  return typeof messages === 'string' ? messages : (messages[language] ?? messages.en)
}

function fill(template: string, params: object): string {
  const values = params as Record<string, unknown>
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => (values[name] === undefined ? placeholder : String(values[name])))
}
