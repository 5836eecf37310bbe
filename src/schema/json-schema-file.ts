import { z } from 'zod'

/**
 * How every shipped JSON Schema is generated from the zod schema that validates its files: input
 * mode, so fields with defaults are optional as they are when written by hand; draft-07, which
 * editors complete best; each definition inline.
 */
export const jsonSchemaOptions = { io: 'input', target: 'draft-07', reused: 'inline' } as const

/**
 * Marks, in a zod schema's metadata, what only code can hold (a function): a file cannot, so its
 * JSON Schema leaves it out.
 */
export const codeOnlyMark = 'x-code-only'

/** The JSON Schema of a kind of file, from the zod schema that validates it, with its title and description. */
export function fileJsonSchema(schema: z.ZodType, title: string, description: string): Record<string, unknown> {
  // Functions are the only schemas JSON Schema cannot represent, and each is marked and pruned.
  const generated = z.toJSONSchema(schema, { ...jsonSchemaOptions, unrepresentable: 'any' })
  return { ...(withoutCodeOnly(generated) as Record<string, unknown>), title, description }
}

/** `value` with every `anyOf` branch marked code-only removed; a union left with one branch becomes it. */
function withoutCodeOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCodeOnly)
  if (typeof value !== 'object' || value === null) return value
  const node: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(value)) node[key] = withoutCodeOnly(child)
  if (!Array.isArray(node.anyOf)) return node
  const branches = (node.anyOf as Record<string, unknown>[]).filter((branch) => branch[codeOnlyMark] !== true)
  if (branches.length === node.anyOf.length) return node
  // Rebuilt in the same key order, the one branch left standing where `anyOf` stood.
  const pruned: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'anyOf') pruned[key] = child
    else if (branches.length === 1) Object.assign(pruned, branches[0])
    else pruned.anyOf = branches
  }
  return pruned
}

/** A JSON Schema as its shipped file holds it. */
export function jsonSchemaText(schema: Record<string, unknown>): string {
  return `${JSON.stringify(schema, null, 2)}\n`
}
