/**
 * Arguments for a tool call, built from the tool's JSON Schema: every property the schema
 * declares, each with a plausible value of its type. Clients that validate arguments against
 * their own schema accept them.
 */
export function exampleArguments(schema: unknown): Record<string, unknown> {
  const value = exampleValue(schema, 'value', 0)
  return isRecord(value) ? value : {}
}

function exampleValue(schema: unknown, name: string, depth: number): unknown {
  if (!isRecord(schema) || depth > 6) return `mock ${name}`
  if (schema.const !== undefined) return schema.const
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]
  if (schema.default !== undefined) return schema.default
  const alternatives = schema.anyOf ?? schema.oneOf
  if (Array.isArray(alternatives) && alternatives.length > 0) return exampleValue(alternatives[0], name, depth + 1)
  // Gemini schemas spell types in capitals (`STRING`, `OBJECT`).
  const declared: unknown = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  const type = typeof declared === 'string' ? declared.toLowerCase() : undefined
  switch (type) {
    case 'object':
    case undefined: {
      if (type === undefined && !isRecord(schema.properties)) return `mock ${name}`
      const properties = isRecord(schema.properties) ? schema.properties : {}
      return Object.fromEntries(Object.entries(properties).map(([key, sub]) => [key, exampleValue(sub, key, depth + 1)]))
    }
    case 'array':
      return [exampleValue(schema.items, name, depth + 1)]
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 1
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1
    case 'boolean':
      return true
    case 'null':
      return null
    default:
      return `mock ${name}`
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
