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

/** Tool call arguments as the object they spell: JSON text parsed (text that is not an object kept under `arguments`), an object as it is. */
export function argumentsOf(value: unknown): Record<string, unknown> {
  const parsed = typeof value === 'string' ? (value.trim() === '' ? {} : parseJson(value)) : value
  const object = objectOf(parsed)
  if (object) return object
  return typeof value === 'string' ? { arguments: value } : {}
}

/** Usage from two counters, when the upstream reported both. */
export function usageOf(prompt: unknown, completion: unknown): { promptTokens: number; completionTokens: number } | undefined {
  const promptTokens = numberOf(prompt)
  const completionTokens = numberOf(completion)
  return promptTokens === undefined || completionTokens === undefined ? undefined : { promptTokens, completionTokens }
}
