import { normalizeKey } from './normalize-key.ts'
import type { z } from 'zod'
import { checkWorldReferences, type RecordIssue, type RecordKind } from './check-world-references.ts'
import { nearest } from './nearest.ts'
import { groupSchema, modelSchema, tokenSchema, userSchema, worldSettingsSchema, type WorldData } from './schemas.ts'
import { dedupeIssues, formatPath, type WorldIssue } from './world-error.ts'
import type { ListChange, WorldChanges } from './world-patch.ts'
import { zodIssues } from './zod-issues.ts'

type Segment = string | number
type Fields = Record<string, unknown>

const kinds = {
  groups: {
    identity: 'name',
    noun: 'group',
    has: 'is named',
    schema: groupSchema as z.ZodType,
    list: 'models',
    needs: 'give its "models" as a list',
  },
  users: {
    identity: 'id',
    noun: 'user',
    has: 'has id',
    schema: userSchema as z.ZodType,
    list: 'extraGroups',
    needs: 'give "username", "quota" and "accessToken" too',
  },
  tokens: {
    identity: 'key',
    noun: 'token',
    has: 'has key',
    schema: tokenSchema as z.ZodType,
    list: 'modelLimits',
    needs: 'give "name" and "userId" too',
  },
  models: {
    identity: 'id',
    noun: 'model',
    has: 'has id',
    schema: modelSchema as z.ZodType,
    list: 'endpointTypes',
    needs: 'enable it in a group\'s "models" too',
  },
} as const satisfies Record<RecordKind, unknown>

const kindNames = Object.keys(kinds) as RecordKind[]

/** Where a record of the patched world came from, so that a problem is reported where the user wrote it. */
interface Origin {
  /** The index of the patch entry that names the record. */
  entry?: number
  /** The record did not exist before the patch. */
  isNew: boolean
  /** Fields the record's own entry sets. */
  fields: Set<string>
  /** Fields `every` set on it. */
  every: Set<string>
  /** `{add, remove}` the record's own entry gives its list field: applied after `every`'s. */
  listChange?: { field: string; change: ListChange; index: number }
  /** A new record that cannot be added as written (a typo in an existing record's identity, most likely). */
  incomplete?: boolean
}

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
): { world?: WorldData; issues: WorldIssue[] } {
  const issues: WorldIssue[] = []
  const report = (path: readonly Segment[], message: string) => issues.push({ path: formatPath([...at, ...path]), message })

  const settings: Fields = { ...base.settings }
  const settingsChanges = (patch.settings ?? {}) as Fields
  for (const [field, value] of Object.entries(settingsChanges)) {
    if (value === undefined) continue
    settings[field] =
      field === 'autoGroups' && isListChange(value)
        ? changeList(settings[field], value, {
            owner: `settings.${field}`,
            report: (path, message) => report(['settings', field, ...path], message),
          })
        : value
  }

  const records = {} as Record<RecordKind, Fields[]>
  const origins = {} as Record<RecordKind, Origin[]>
  const removals = new Map<string, { path: Segment[]; users: string[] }>()
  const same = (kind: RecordKind, a: unknown, b: unknown) =>
    kind === 'tokens' ? normalizeKey(String(a)) === normalizeKey(String(b)) : a === b
  const removalKey = (kind: RecordKind, value: unknown) => `${kind}\n${kind === 'tokens' ? normalizeKey(String(value)) : String(value)}`

  for (const kind of kindNames) {
    const { identity } = kinds[kind]
    const baseRecords = base[kind] as unknown as Fields[]
    const removed = (patch.remove?.[kind] ?? []) as unknown[]
    removed.forEach((value, k) => {
      if (!baseRecords.some((record) => same(kind, record[identity], value))) {
        report(['remove', kind, k], `${noRecord(kind, value, baseRecords)} Nothing to remove.`)
      }
      removals.set(removalKey(kind, value), { path: ['remove', kind, k], users: [] })
    })
    const list = baseRecords
      .filter((record) => !removed.some((value) => same(kind, record[identity], value)))
      .map((record) => ({ ...record }))
    const origin: Origin[] = list.map(() => ({ isNew: false, fields: new Set(), every: new Set() }))

    const entries = (patch[kind] ?? []) as Fields[]
    entries.forEach((entry, index) => {
      const id = entry[identity]
      const earlier = entries.slice(0, index).findIndex((other) => same(kind, other[identity], id))
      if (earlier !== -1) {
        report([kind, index, identity], `${JSON.stringify(id)} is already changed at ${kind}[${earlier}]: change it in one place`)
        return
      }
      let slot = list.findIndex((record) => same(kind, record[identity], id))
      if (slot === -1) {
        slot = list.push({ [identity]: id }) - 1
        origin.push({ entry: index, isNew: true, fields: new Set([identity]), every: new Set() })
      } else origin[slot]!.entry = index
      const record = list[slot]!
      const from = origin[slot]!
      for (const [field, value] of Object.entries(entry)) {
        if (field === identity || value === undefined) continue
        if (field !== kinds[kind].list || !isListChange(value)) {
          record[field] = value
          from.fields.add(field)
        }
        // `add`/`remove` change an existing record's list; on an unknown identity they point at a typo.
        else if (from.isNew) from.incomplete = true
        else from.listChange = { field, change: value, index }
      }
      if (from.isNew && kind === 'groups' && !Array.isArray(entry.models)) from.incomplete = true
    })
    records[kind] = list
    origins[kind] = origin
  }

  for (const kind of kindNames) {
    const changes = patch.every?.[kind] as Fields | undefined
    if (!changes) continue
    records[kind].forEach((record, index) => {
      const from = origins[kind][index]!
      for (const [field, value] of Object.entries(changes)) {
        if (value === undefined || from.fields.has(field)) continue
        from.every.add(field)
        record[field] =
          field === kinds[kind].list && isListChange(value)
            ? changeList(record[field] ?? fieldDefault(kinds[kind].schema, field), value)
            : value
      }
    })
  }

  // A record's own {add, remove} composes with every's, after it: the specific change has the last word.
  for (const kind of kindNames) {
    records[kind].forEach((record, position) => {
      const pending = origins[kind][position]!.listChange
      if (!pending) return
      const { field, change, index } = pending
      const before = (base[kind] as unknown as Fields[]).find((old) => same(kind, old[kinds[kind].identity], record[kinds[kind].identity]))
      record[field] = changeList(record[field], change, {
        owner: `${kinds[kind].noun} ${JSON.stringify(record[kinds[kind].identity])}`,
        field,
        // What the file could see: the list before this patch, not after `every` took items out.
        before: before?.[field],
        report: (path, message) => report([kind, index, field, ...path], message),
      })
    })
  }

  // Defaults filled in; a new record that lacks what it needs is most likely a typo in an existing one's identity.
  const world = { settings: worldSettingsSchema.parse(settings) } as unknown as Record<RecordKind, Fields[]> & {
    settings: WorldData['settings']
  }
  // Records refused for a field of their own: what names them is not a second mistake.
  const refused = new Set<string>()
  for (const kind of kindNames) {
    const { identity, schema } = kinds[kind]
    const kept: Fields[] = []
    const keptOrigins: Origin[] = []
    records[kind].forEach((record, index) => {
      const from = origins[kind][index]!
      const result = schema.safeParse(record, { reportInput: true })
      if (result.success && !from.incomplete) {
        kept.push(result.data as Fields)
        keptOrigins.push(from)
      } else if (from.isNew && (from.incomplete || lacksFieldsOnly(result.error!))) {
        report([kind, from.entry!, identity], newRecordProblem(kind, record[identity], base[kind] as unknown as Fields[]))
      } else {
        refused.add(removalKey(kind, record[identity]))
        const where = from.entry !== undefined ? [kind, from.entry] : [recordSelector(kind, record)]
        for (const issue of zodIssues(schema, result.error!))
          issues.push({
            path: formatPath([...at, ...where]) + (issue.path.startsWith('[') || !issue.path ? issue.path : `.${issue.path}`),
            message: issue.message,
          })
      }
    })
    world[kind] = kept
    origins[kind] = keptOrigins
  }

  // A model the patch adds but no group enables can never be used: most likely a typo in an existing id.
  world.models.forEach((model, index) => {
    const from = origins.models[index]!
    if (!from.isNew || world.groups.some((group) => (group.models as string[]).includes(model.id as string))) return
    report(['models', from.entry!, 'id'], newRecordProblem('models', model.id, base.models as unknown as Fields[]))
  })

  const patched = world as unknown as WorldData
  const everyIssues = new Map<string, { path: Segment[]; message: string; noun: string; reached: string[] }>()
  for (const problem of checkWorldReferences(patched)) {
    if (problem.missing && refused.has(removalKey(problem.missing.kind, problem.missing.value))) continue
    const located = locate(problem)
    if (located) report(located.path, located.message)
  }
  for (const { path, message, noun, reached } of everyIssues.values()) {
    const shown = reached.length > 5 ? [...reached.slice(0, 5), `and ${reached.length - 5} more`] : reached
    report(path, `${message} (on ${noun}${reached.length === 1 ? '' : 's'} ${shown.join(', ')})`)
  }
  for (const [key, { path, users }] of removals) {
    if (users.length === 0) continue
    const [kind, value] = key.split('\n') as [RecordKind, string]
    const hint =
      kind === 'models'
        ? ` (to take it out of every group and key: "every": {"groups": {"models": {"remove": [${JSON.stringify(value)}]}}, "tokens": {"modelLimits": {"remove": [${JSON.stringify(value)}]}}})`
        : ''
    report(path, `still used by ${users.join(', ')}: change or remove ${users.length === 1 ? 'it' : 'them'} too${hint}`)
  }
  return issues.length > 0 ? { issues: dedupeIssues(issues) } : { world: patched, issues: [] }

  function locate(problem: RecordIssue): { path: Segment[]; message: string } | undefined {
    if (problem.kind === 'settings') {
      const written = settingsChanges[problem.field]
      const value = (settings[problem.field] as unknown[])[problem.item!]
      if (written !== undefined) return { path: ['settings', problem.field, ...itemPath(written, value)], message: problem.message }
      return fromRemoval(problem, 'settings.autoGroups')
        ? undefined
        : { path: ['settings', problem.field, problem.item!], message: problem.message }
    }
    const { kind, index, field } = problem
    const record = world[kind][index]!
    const from = origins[kind][index]!
    const value = problem.item === undefined ? record[field] : (record[field] as unknown[])[problem.item]
    const identity = record[kinds[kind].identity]
    const entryWritten = from.entry === undefined ? undefined : ((patch[kind] ?? []) as Fields[])[from.entry]![field]
    const everyWritten = (patch.every?.[kind] as Fields | undefined)?.[field]
    const fromEntry = writtenByEntry(from, field, problem.item === undefined ? undefined : { value, entryWritten, everyWritten })
    if (from.every.has(field) && !fromEntry) {
      const path = ['every', kind, field, ...itemPath(everyWritten, value)]
      // One line per mistake, naming the records it reaches, rather than one per record.
      const id = `${formatPath(path)}\n${problem.message}`
      const known = everyIssues.get(id)
      if (known) known.reached.push(JSON.stringify(identity))
      else everyIssues.set(id, { path, message: problem.message, noun: kinds[kind].noun, reached: [JSON.stringify(identity)] })
      return undefined
    }
    if (from.entry !== undefined) {
      const item = entryWritten === undefined ? (problem.item === undefined ? [] : [problem.item]) : itemPath(entryWritten, value)
      return { path: [kind, from.entry, field, ...item], message: problem.message }
    }
    const user = `${kinds[kind].noun} ${JSON.stringify(identity)} (${field})`
    if (fromRemoval(problem, user)) return undefined
    return { path: [recordSelector(kind, record), field, ...(problem.item === undefined ? [] : [problem.item])], message: problem.message }
  }

  /** A record the patch removed is still named elsewhere: gathered, and reported once at the removal. */
  function fromRemoval(problem: RecordIssue, user: string): boolean {
    if (!problem.missing) return false
    const removal = removals.get(removalKey(problem.missing.kind, problem.missing.value))
    removal?.users.push(user)
    return removal !== undefined
  }
}

/**
 * Whether the record's own entry wrote the field (or, for a list item, the item) that has a
 * problem, rather than `every`: an item is the entry's if its list or `add` has it, or if
 * every's does not.
 */
function writtenByEntry(from: Origin, field: string, item?: { value: unknown; entryWritten: unknown; everyWritten: unknown }): boolean {
  if (from.entry === undefined) return false
  if (!from.every.has(field)) return true
  if (item === undefined) return false
  return itemPath(item.entryWritten, item.value).length > 0 || itemPath(item.everyWritten, item.value).length === 0
}

/** Whether a list field's value is `{add, remove}` rather than a list (or null). */
export function isListChange(value: unknown): value is ListChange {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

interface StrictList {
  /** e.g. `group "vip"`, for messages. */
  owner: string
  field?: string
  /** The list the file's author saw, to check `remove` against (default: the one changed). */
  before?: unknown
  report(path: Segment[], message: string): void
}

/**
 * `current` with `change` applied. Where the patch names the record (`strict`), removing what the
 * list lacks or changing a key's absent limits is a mistake worth reporting; `every` changes
 * whatever each record has.
 */
function changeList(current: unknown, change: ListChange, strict?: StrictList): unknown {
  const seen = strict && 'before' in strict ? strict.before : current
  if (current === null || seen === null) {
    strict?.report(
      [],
      `${strict.owner} has no ${strict.field ?? 'list'} (null: no restriction), so there is nothing to add to or remove from: give a list instead`,
    )
    return null
  }
  let list = Array.isArray(current) ? [...(current as unknown[])] : []
  const known = Array.isArray(seen) ? (seen as unknown[]) : list
  change.remove?.forEach((value, index) => {
    if (known.includes(value) || list.includes(value)) list = list.filter((item) => item !== value)
    else if (strict) {
      const names = known.filter((item): item is string => typeof item === 'string')
      const guess = typeof value === 'string' ? nearest(value, names) : undefined
      strict.report(
        ['remove', index],
        `${strict.owner} has no ${JSON.stringify(value)} in ${strict.field ?? 'the list'}.${guess ? ` Did you mean "${guess}"?` : ''} To take it out of every record that has it, use "every".`,
      )
    }
  })
  for (const value of change.add ?? []) if (!list.includes(value)) list.push(value)
  return list
}

function fieldDefault(schema: z.ZodType, field: string): unknown {
  const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape
  return shape[field]?.safeParse(undefined).data
}

/** Where in the written value a list item came from: `[2]` in a plain list, `.add[0]` in a change. */
function itemPath(written: unknown, value: unknown): Segment[] {
  if (Array.isArray(written)) {
    const index = written.indexOf(value)
    return index === -1 ? [] : [index]
  }
  if (isListChange(written)) {
    const index = written.add?.indexOf(value as never) ?? -1
    return index === -1 ? [] : ['add', index]
  }
  return []
}

/** A record the file does not name, by identity: `tokens[key="sk-vip"]`. */
function recordSelector(kind: RecordKind, record: Fields): string {
  const { identity } = kinds[kind]
  return `${kind}[${identity}=${JSON.stringify(record[identity])}]`
}

function noRecord(kind: RecordKind, value: unknown, existing: readonly Fields[]): string {
  const { identity, noun, has } = kinds[kind]
  const ids = existing.map((record) => String(record[identity]))
  const guess = typeof value === 'string' ? nearest(value, ids) : undefined
  return `no ${noun} ${has} ${JSON.stringify(value)}.${guess ? ` Did you mean ${JSON.stringify(guess)}?` : ''}`
}

/** Whether every issue is a required field left out: what a typo in an existing record's identity looks like. */
function lacksFieldsOnly(error: z.ZodError): boolean {
  return error.issues.every((issue) => issue.code === 'invalid_type' && issue.input === undefined)
}

function newRecordProblem(kind: RecordKind, value: unknown, existing: readonly Fields[]): string {
  const { noun, needs } = kinds[kind]
  return `${noRecord(kind, value, existing)} To add a new ${noun}, ${needs}.`
}
