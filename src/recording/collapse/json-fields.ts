/**
 * Reading fields of JSON an upstream sent, which may be any shape: each helper gives the value
 * when it has the expected type, else undefined, so a reader never throws on a surprise.
 */
export type JsonObject = Record<string, unknown>

export function objectOf(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined
}

export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

export function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** JSON text parsed, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/**
 * Tool call arguments as a recording keeps them: the object JSON text spells (none spells `{}`),
 * or the text as it came when it spells no object (an array, text cut short), so that the replay
 * sends it as it was.
 */
export function argumentsOf(value: unknown): { arguments: Record<string, unknown> } | { argumentsText: string } {
  if (typeof value !== 'string') return { arguments: objectOf(value) ?? {} }
  if (value.trim() === '') return { arguments: {} }
  const object = objectOf(parseJson(value))
  return object ? { arguments: object } : { argumentsText: value }
}
