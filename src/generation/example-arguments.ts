import { schemaInstance } from './json-schema/json-schema-instance.ts'

/**
 * Arguments for a tool call, built from the tool's JSON Schema (or Gemini Schema) by the same
 * generator as structured output: every property the schema declares, each with a value that
 * fits it, so clients that validate arguments against their own schema accept them. A schema
 * that is not an object's gives `{}`: arguments are always an object.
 */
export function exampleArguments(schema: unknown): Record<string, unknown> {
  const value = schemaInstance(schema)
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}
