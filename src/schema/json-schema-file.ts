import { z } from 'zod'

/**
 * How every shipped JSON Schema is generated from the zod schema that validates its files: input
 * mode, so fields with defaults are optional as they are when written by hand; draft-07, which
 * editors complete best; each definition inline.
 */
export const jsonSchemaOptions = { io: 'input', target: 'draft-07', reused: 'inline' } as const

/** The JSON Schema of a kind of file, from the zod schema that validates it, with its title and description. */
export function fileJsonSchema(schema: z.ZodType, title: string, description: string): Record<string, unknown> {
  return { ...z.toJSONSchema(schema, jsonSchemaOptions), title, description }
}

/** A JSON Schema as its shipped file holds it. */
export function jsonSchemaText(schema: Record<string, unknown>): string {
  return `${JSON.stringify(schema, null, 2)}\n`
}
