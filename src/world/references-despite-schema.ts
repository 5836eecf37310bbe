import type { z } from 'zod'
import type { DefinitionIssue } from '../definitions/definition-error.ts'
import { formatPath } from '../definitions/format-path.ts'
import { applyWorldPatch } from './patch/apply-world-patch.ts'
import { checkModelsEnabled, checkWorldReferences, type RecordIssue, type RecordKind } from './check-world-references.ts'
import { groupSchema, modelSchema, redemptionSchema, tokenSchema, userSchema, worldSettingsSchema, type WorldData } from './schemas.ts'

// A world file with a schema mistake may have reference mistakes too (a key of a user that does
// not exist): they are reported with the schema's, so one run shows every mistake. They are read
// from what the schema accepted, and only where that cannot mislead.

type Segment = PropertyKey

/**
 * `definition` without what the schema refused: each field an issue names is left out (an
 * unknown one, or one whose value is wrong). Undefined when a refusal is not of a field in an
 * object (the whole file, a list's item), which leaving out would shift or empty.
 */
export function withoutRefused(definition: unknown, error: z.ZodError): unknown {
  let copy: unknown
  try {
    copy = structuredClone(definition)
  } catch {
    // A TypeScript world may hold what cannot be copied (a function): then nothing is read past the schema.
    return undefined
  }
  for (const issue of error.issues) {
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path]
    for (const path of paths) {
      const parent = path.slice(0, -1).reduce<unknown>((value, segment) => (value as Record<Segment, unknown> | undefined)?.[segment], copy)
      if (path.length === 0 || typeof parent !== 'object' || parent === null || Array.isArray(parent)) return undefined
      delete (parent as Record<Segment, unknown>)[path.at(-1)!]
    }
  }
  return copy
}

/**
 * Whether a reference issue may stand beside the schema's: not at (or inside, or around) a
 * field the schema refused, where it would only repeat it or follow from it.
 */
export function apartFrom(schemaIssues: readonly DefinitionIssue[]): (issue: DefinitionIssue) => boolean {
  const within = (inner: string, outer: string) =>
    outer === '' || inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`)
  return (issue) => !schemaIssues.some(({ path }) => within(issue.path, path) || within(path, issue.path))
}

const recordSchemas: Record<RecordKind, z.ZodType> = {
  groups: groupSchema,
  users: userSchema,
  tokens: tokenSchema,
  models: modelSchema,
  redemptions: redemptionSchema,
}

/**
 * The reference issues of a whole world whose schema failed, read from its records that pass
 * their own schema once the refused fields are left out. A record that still fails is unknown:
 * a name that refers to a record of its kind may refer to it, so no such issue is reported.
 */
export function wholeWorldReferences(definition: unknown, error: z.ZodError, schemaIssues: readonly DefinitionIssue[]): DefinitionIssue[] {
  const pruned = withoutRefused(definition, error) ?? definition
  if (typeof pruned !== 'object' || pruned === null || Array.isArray(pruned)) return []
  const fields = pruned as Record<string, unknown>
  const unknownKinds = new Set<RecordKind | 'settings'>()
  const positions = {} as Record<RecordKind, number[]>
  const world = {} as Record<RecordKind, unknown[]>
  for (const kind of Object.keys(recordSchemas) as RecordKind[]) {
    const records = Array.isArray(fields[kind]) ? (fields[kind] as unknown[]) : []
    if (!Array.isArray(fields[kind])) unknownKinds.add(kind)
    positions[kind] = []
    world[kind] = []
    records.forEach((record, index) => {
      const parsed = recordSchemas[kind].safeParse(record)
      if (parsed.success) {
        positions[kind].push(index)
        world[kind].push(parsed.data)
      } else unknownKinds.add(kind)
    })
  }
  const settings = worldSettingsSchema.safeParse(fields.settings ?? {})
  if (!settings.success) unknownKinds.add('settings')
  const checked = { ...(world as unknown as WorldData), settings: settings.success ? settings.data : worldSettingsSchema.parse({}) }
  const found = [...checkWorldReferences(checked), ...(unknownKinds.has('groups') ? [] : checkModelsEnabled(checked))]
  return found
    .filter(
      (issue) => !(issue.kind === 'settings' && unknownKinds.has('settings')) && !(issue.missing && unknownKinds.has(issue.missing.kind)),
    )
    .map((issue) => atInFile(issue, issue.kind === 'settings' ? 0 : positions[issue.kind][issue.index]!))
    .filter(apartFrom(schemaIssues))
}

function atInFile({ kind, field, item, message }: RecordIssue, index: number): DefinitionIssue {
  const after = item === undefined ? [] : [item]
  return { path: formatPath(kind === 'settings' ? [kind, field, ...after] : [kind, index, field, ...after]), message }
}

/**
 * The issues of a world patch whose schema failed that applying it finds (a key of a user that
 * does not exist, a misspelt name of a record): the patch is applied to `base` without the
 * fields the schema refused, when what is left passes `schema`.
 */
export function patchReferences(
  base: WorldData,
  changes: unknown,
  schema: z.ZodType,
  error: z.ZodError,
  schemaIssues: readonly DefinitionIssue[],
  at: readonly Segment[] = [],
): DefinitionIssue[] {
  const pruned = withoutRefused(changes, error)
  if (pruned === undefined || !schema.safeParse(pruned).success) return []
  return applyWorldPatch(base, pruned as never, at as never).issues.filter(apartFrom(schemaIssues))
}
