import { redactedText } from './request-key-schema.ts'

/** What is taken out of everything a recording keeps: the user's patterns, and the credentials of the exchange. */
export interface Redaction {
  /** `--redact` patterns; each is applied with the `g` flag. */
  patterns: readonly RegExp[]
  /** Literal values (the credentials the client sent, the upstream key), taken out wherever they appear. */
  secrets: readonly string[]
}

/** Shorter values are not taken out of text: a short "key" would cut every word it spells. */
const leastSecretLength = 8

export function redactText(text: string, redaction: Redaction): string {
  let out = text
  for (const secret of redaction.secrets) if (secret.length >= leastSecretLength) out = out.split(secret).join(redactedText)
  for (const pattern of redaction.patterns) {
    const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`)
    out = out.replace(global, redactedText)
  }
  return out
}

/** Every string in a JSON value, object keys left as they are, redacted. */
export function redactJson<T>(value: T, redaction: Redaction): T {
  if (typeof value === 'string') return redactText(value, redaction) as T
  if (Array.isArray(value)) return value.map((item: unknown) => redactJson(item, redaction)) as T
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, redactJson(item, redaction)])) as T
  }
  return value
}
