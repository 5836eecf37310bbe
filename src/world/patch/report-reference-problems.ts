import { checkWorldReferences, type RecordIssue, type RecordKind } from '../check-world-references.ts'
import { itemPath } from './list-change.ts'
import { writtenByEntry, type TrackedRecord } from './patch-origin.ts'
import type { Report } from './patch-problems.ts'
import { kinds, recordKey, recordSelector, type Fields, type Segment } from './patch-record-kinds.ts'
import { blameRemoval, type Removals } from './patch-removals.ts'
import type { WorldData } from '../schemas.ts'
import { formatPath } from '../../definitions/format-path.ts'
import type { WorldChanges } from './world-patch.ts'

/** The patch as written and what it made, for tracing a problem of the world back to the file. */
export interface PatchedWorld {
  patch: WorldChanges
  /** The settings as the patch left them, before defaults. */
  settings: Fields
  /** The records that passed their schema, in the world's order (a problem's `index`). */
  records: Record<RecordKind, TrackedRecord[]>
  removals: Removals
}

type Located = { path: Segment[]; message: string }

/** One mistake in `every` and the records it reaches. */
interface EveryProblem extends Located {
  noun: string
  reached: string[]
}

/**
 * Reports what `checkWorldReferences` finds in the patched world (duplicates, names that resolve
 * to nothing) where the file wrote the value at fault: the record's own entry; `every`, once per
 * mistake; or the `remove` that took away what it names (see `Removals`). Records `refused` for a
 * field of their own are reported there: what names them is not a second mistake.
 */
export function reportReferenceProblems(world: WorldData, patched: PatchedWorld, refused: ReadonlySet<string>, report: Report): void {
  const everyProblems = new Map<string, EveryProblem>()
  for (const problem of checkWorldReferences(world)) {
    if (problem.missing && refused.has(recordKey(problem.missing.kind, problem.missing.value))) continue
    const located =
      problem.kind === 'settings' ? locateInSettings(problem, patched) : locateInRecord(problem as RecordProblem, patched, everyProblems)
    if (located) report(located.path, located.message)
  }
  for (const { path, message, noun, reached } of everyProblems.values()) {
    const shown = reached.length > 5 ? [...reached.slice(0, 5), `and ${reached.length - 5} more`] : reached
    report(path, `${message} (on ${noun}${reached.length === 1 ? '' : 's'} ${shown.join(', ')})`)
  }
}

function locateInSettings(problem: RecordIssue, { patch, settings, removals }: PatchedWorld): Located | undefined {
  const written = (patch.settings as Fields | undefined)?.[problem.field]
  // A field of one value (anyModel): at the field, or at the removal of what it names.
  if (problem.item === undefined) {
    if (written === undefined && blameRemoval(removals, problem, `settings.${problem.field}`)) return undefined
    return { path: ['settings', problem.field], message: problem.message }
  }
  const value = (settings[problem.field] as unknown[])[problem.item!]
  if (written !== undefined) return { path: ['settings', problem.field, ...itemPath(written, value)], message: problem.message }
  if (blameRemoval(removals, problem, 'settings.autoGroups')) return undefined
  return { path: ['settings', problem.field, problem.item!], message: problem.message }
}

type RecordProblem = RecordIssue & { kind: RecordKind }

/** `undefined` when the problem is gathered to be reported once, at `every` or at a removal. */
function locateInRecord(
  problem: RecordProblem,
  { patch, records, removals }: PatchedWorld,
  everyProblems: Map<string, EveryProblem>,
): Located | undefined {
  const { kind, index, field, message } = problem
  const { record, origin } = records[kind][index]!
  const value = problem.item === undefined ? record[field] : (record[field] as unknown[])[problem.item]
  const identity = record[kinds[kind].identity]
  const entryWritten = origin.entry === undefined ? undefined : ((patch[kind] ?? []) as Fields[])[origin.entry]![field]
  const everyWritten = (patch.every?.[kind] as Fields | undefined)?.[field]
  const fromEntry = writtenByEntry(origin, field, problem.item === undefined ? undefined : { value, entryWritten, everyWritten })

  if (origin.every.has(field) && !fromEntry) {
    const path = ['every', kind, field, ...itemPath(everyWritten, value)]
    // One line per mistake, naming the records it reaches, rather than one per record.
    const id = `${formatPath(path)}\n${message}`
    const known = everyProblems.get(id)
    if (known) known.reached.push(JSON.stringify(identity))
    else everyProblems.set(id, { path, message, noun: kinds[kind].noun, reached: [JSON.stringify(identity)] })
    return undefined
  }
  const item = problem.item === undefined ? [] : [problem.item]
  if (origin.entry !== undefined) {
    return { path: [kind, origin.entry, field, ...(entryWritten === undefined ? item : itemPath(entryWritten, value))], message }
  }
  if (blameRemoval(removals, problem, `${kinds[kind].noun} ${JSON.stringify(identity)} (${field})`)) return undefined
  return { path: [recordSelector(kind, record), field, ...item], message }
}
