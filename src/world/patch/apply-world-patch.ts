import type { z } from 'zod'
import type { RecordKind } from '../check-world-references.ts'
import { changeList, isListChange } from './list-change.ts'
import { baseOrigin, newOrigin, type TrackedRecord } from './patch-origin.ts'
import { lacksFieldsOnly, newRecordProblem, problemLog, type ProblemLog, type Report } from './patch-problems.ts'
import { kindNames, kinds, recordKey, recordSelector, recordsOf, sameRecord, type Fields, type Segment } from './patch-record-kinds.ts'
import { removeRecords, reportStillUsed, type Removals } from './patch-removals.ts'
import { reportReferenceProblems } from './report-reference-problems.ts'
import { worldSettingsSchema, type WorldData } from '../schemas.ts'
import type { DefinitionIssue } from '../../definitions/definition-error.ts'
import type { WorldChanges } from './world-patch.ts'
import { zodIssues } from '../../definitions/zod-issues.ts'

export { isListChange } from './list-change.ts'

type PatchedRecords = Record<RecordKind, TrackedRecord[]>

/**
 * `base` with `patch` applied, or the issues that stop it, each at its path in the file the
 * user wrote (prefixed with `at`, e.g. `world` in a scenario): `remove` runs first, then each
 * named record changes field by field or is added, then `every` changes each record of its kind
 * in the fields the record's own entry leaves alone; list fields take a plain list (replaces) or
 * `{add, remove}` (changes). The patch must already have passed `worldChangesSchema`.
 */
export function applyWorldPatch(
  base: WorldData,
  patch: WorldChanges,
  at: readonly Segment[] = [],
): { world?: WorldData; issues: DefinitionIssue[] } {
  const problems = problemLog(at)
  const { report } = problems

  const settings = patchSettings(base.settings, patch.settings, report)
  const removals: Removals = new Map()
  const records = {} as PatchedRecords
  for (const kind of kindNames) records[kind] = patchNamedRecords(kind, base, patch, removals, report)
  applyEvery(records, patch.every)
  applyOwnListChanges(records, base, report)

  const { world, accepted, refused } = checkRecords(records, settings, base, problems)
  reportUnenabledModels(world, accepted.models, base, report)
  reportReferenceProblems(world, { patch, settings, records: accepted, removals }, refused, report)
  reportStillUsed(removals, report)
  return problems.result(world)
}

/** The base's settings with the patch's; `autoGroups` also takes `{add, remove}`. */
function patchSettings(base: WorldData['settings'], changes: WorldChanges['settings'], report: Report): Fields {
  const settings: Fields = { ...base }
  for (const [field, value] of Object.entries((changes ?? {}) as Fields)) {
    if (value === undefined) continue
    settings[field] =
      field === 'autoGroups' && isListChange(value)
        ? changeList(settings[field], value, {
            owner: `settings.${field}`,
            report: (path, message) => report(['settings', field, ...path], message),
          })
        : value
  }
  return settings
}

/**
 * The records of `kind` after `remove` and the patch's entries: an entry changes the record it
 * names field by field, or adds it. Its `{add, remove}` list change waits for `every` (see
 * `applyOwnListChanges`).
 */
function patchNamedRecords(kind: RecordKind, base: WorldData, patch: WorldChanges, removals: Removals, report: Report): TrackedRecord[] {
  const { identity } = kinds[kind]
  const removed = (patch.remove?.[kind] ?? []) as unknown[]
  const records = removeRecords(kind, recordsOf(base, kind), removed, removals, report).map((record): TrackedRecord => ({
    record,
    origin: baseOrigin(),
  }))
  const entries = (patch[kind] ?? []) as Fields[]
  entries.forEach((entry, index) => {
    const id = entry[identity]
    const earlier = entries.slice(0, index).findIndex((other) => sameRecord(kind, other[identity], id))
    if (earlier !== -1) {
      report([kind, index, identity], `${JSON.stringify(id)} is already changed at ${kind}[${earlier}]: change it in one place`)
      return
    }
    let named = records.find(({ record }) => sameRecord(kind, record[identity], id))
    if (named) named.origin.entry = index
    else records.push((named = { record: { [identity]: id }, origin: newOrigin(index, identity) }))
    mergeEntry(kind, entry, index, named)
  })
  return records
}

function mergeEntry(kind: RecordKind, entry: Fields, index: number, { record, origin }: TrackedRecord): void {
  const { identity, list } = kinds[kind]
  for (const [field, value] of Object.entries(entry)) {
    if (field === identity || value === undefined) continue
    if (field !== list || !isListChange(value)) {
      record[field] = value
      origin.fields.add(field)
    }
    // `add`/`remove` change an existing record's list; on an unknown identity they point at a typo.
    else if (origin.isNew) origin.incomplete = true
    else origin.listChange = { field, change: value, index }
  }
  if (origin.isNew && kind === 'groups' && !Array.isArray(entry.models)) origin.incomplete = true
}

/** `every` changes each record of its kind, except where the record's own entry has the last word. */
function applyEvery(records: PatchedRecords, every: WorldChanges['every']): void {
  for (const kind of kindNames) {
    const changes = every?.[kind] as Fields | undefined
    if (!changes) continue
    const { list, schema } = kinds[kind]
    for (const { record, origin } of records[kind]) {
      for (const [field, value] of Object.entries(changes)) {
        if (value === undefined || origin.fields.has(field)) continue
        origin.every.add(field)
        record[field] = field === list && isListChange(value) ? changeList(record[field] ?? fieldDefault(schema, field), value) : value
      }
    }
  }
}

/** A record's own `{add, remove}` composes with every's, after it: the specific change has the last word. */
function applyOwnListChanges(records: PatchedRecords, base: WorldData, report: Report): void {
  for (const kind of kindNames) {
    const { identity, noun } = kinds[kind]
    for (const { record, origin } of records[kind]) {
      if (!origin.listChange) continue
      const { field, change, index } = origin.listChange
      const before = recordsOf(base, kind).find((old) => sameRecord(kind, old[identity], record[identity]))
      record[field] = changeList(record[field], change, {
        owner: `${noun} ${JSON.stringify(record[identity])}`,
        field,
        // What the file could see: the list before this patch, not after `every` took items out.
        before: before?.[field],
        report: (path, message) => report([kind, index, field, ...path], message),
      })
    }
  }
}

/**
 * Each record through its schema (defaults filled in): the world of those that pass, with their
 * origins in the world's order, and the keys (`recordKey`) of those refused for a field of their own.
 */
function checkRecords(
  records: PatchedRecords,
  settings: Fields,
  base: WorldData,
  { report, reportInside }: ProblemLog,
): { world: WorldData; accepted: PatchedRecords; refused: Set<string> } {
  // Redemption codes are not patched (yet): the base's are kept as they are.
  const world = { settings: worldSettingsSchema.parse(settings), redemptions: structuredClone(base.redemptions) } as unknown as Record<
    RecordKind,
    Fields[]
  > & {
    settings: WorldData['settings']
  }
  const accepted = {} as PatchedRecords
  const refused = new Set<string>()
  for (const kind of kindNames) {
    const { identity, schema } = kinds[kind]
    accepted[kind] = []
    for (const { record, origin } of records[kind]) {
      const result = schema.safeParse(record, { reportInput: true })
      if (result.success && !origin.incomplete) {
        accepted[kind].push({ record: result.data as Fields, origin })
      } else if (origin.isNew && (origin.incomplete || lacksFieldsOnly(result.error!))) {
        // A new record that lacks what it needs is most likely a typo in an existing one's identity.
        report([kind, origin.entry!, identity], newRecordProblem(kind, record[identity], recordsOf(base, kind)))
      } else {
        refused.add(recordKey(kind, record[identity]))
        const where = origin.entry !== undefined ? [kind, origin.entry] : [recordSelector(kind, record)]
        for (const issue of zodIssues(schema, result.error!)) reportInside(where, issue.path, issue.message)
      }
    }
    world[kind] = accepted[kind].map(({ record }) => record)
  }
  return { world: world as unknown as WorldData, accepted, refused }
}

/** A model the patch adds but no group enables can never be used: most likely a typo in an existing id. */
function reportUnenabledModels(world: WorldData, models: readonly TrackedRecord[], base: WorldData, report: Report): void {
  world.models.forEach((model, index) => {
    const { origin } = models[index]!
    if (!origin.isNew || world.groups.some((group) => group.models.includes(model.id))) return
    report(['models', origin.entry!, 'id'], newRecordProblem('models', model.id, recordsOf(base, 'models')))
  })
}

/** The default a new record would get for `field`, for `every`'s `{add, remove}` to start from. */
function fieldDefault(schema: z.ZodLazy<z.ZodObject>, field: string): unknown {
  return schema.unwrap().shape[field]?.safeParse(undefined).data
}
