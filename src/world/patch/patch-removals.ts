import type { RecordIssue, RecordKind } from '../check-world-references.ts'
import { noRecord, type Report } from './patch-problems.ts'
import { kinds, recordKey, sameRecord, type Fields, type Segment } from './patch-record-kinds.ts'

/**
 * The records the patch's `remove` takes out (by `recordKey`), each with its path in the file and
 * what still names it: one line at the removal says what else to change, rather than one unknown
 * name per place that names it.
 */
export type Removals = Map<string, { path: Segment[]; users: string[] }>

/**
 * The base's records of `kind` without those `removed` names, copied so that the patch can change
 * them in place. Each removal is noted in `removals`; one that names nothing is reported.
 */
export function removeRecords(
  kind: RecordKind,
  baseRecords: readonly Fields[],
  removed: readonly unknown[],
  removals: Removals,
  report: Report,
): Fields[] {
  const { identity } = kinds[kind]
  removed.forEach((value, k) => {
    if (!baseRecords.some((record) => sameRecord(kind, record[identity], value))) {
      report(['remove', kind, k], `${noRecord(kind, value, baseRecords)} Nothing to remove.`)
    }
    removals.set(recordKey(kind, value), { path: ['remove', kind, k], users: [] })
  })
  return baseRecords
    .filter((record) => !removed.some((value) => sameRecord(kind, record[identity], value)))
    .map((record) => ({ ...record }))
}

/** Whether `problem` names a record the patch removed; if so, `user` (e.g. `token "sk-a" (group)`) is noted at the removal. */
export function blameRemoval(removals: Removals, problem: RecordIssue, user: string): boolean {
  if (!problem.missing) return false
  const removal = removals.get(recordKey(problem.missing.kind, problem.missing.value))
  removal?.users.push(user)
  return removal !== undefined
}

/** One problem per removal that something still names, listing what does. */
export function reportStillUsed(removals: Removals, report: Report): void {
  for (const [key, { path, users }] of removals) {
    if (users.length === 0) continue
    const [kind, value] = key.split('\n') as [RecordKind, string]
    const hint =
      kind === 'models'
        ? ` (to take it out of every group and key: "every": {"groups": {"models": {"remove": [${JSON.stringify(value)}]}}, "tokens": {"modelLimits": {"remove": [${JSON.stringify(value)}]}}})`
        : ''
    report(path, `still used by ${users.join(', ')}: change or remove ${users.length === 1 ? 'it' : 'them'} too${hint}`)
  }
}
