import type { z } from 'zod'
import type { RecordKind } from '../check-world-references.ts'
import { nearest } from '../../text/nearest.ts'
import { kinds, type Fields, type Segment } from './patch-record-kinds.ts'
import type { WorldData } from '../schemas.ts'
import { dedupeIssues, type DefinitionIssue } from '../../definitions/definition-error.ts'
import { formatPath } from '../../definitions/format-path.ts'

/** Reports a problem at its path in the patch as written. */
export type Report = (path: readonly Segment[], message: string) => void

/** The problems a patch has so far, and the answer they make. */
export interface ProblemLog {
  report: Report
  /** A problem a record's schema found at `issuePath` (already formatted: `quota`, `[0]`) inside the record at `where`. */
  reportInside(where: readonly Segment[], issuePath: string, message: string): void
  /** The patched world if nothing was reported, else each problem once. */
  result(world: WorldData): { world?: WorldData; issues: DefinitionIssue[] }
}

/** Problems are located in the file the user wrote, where the patch sits at `at` (e.g. `world` in a scenario). */
export function problemLog(at: readonly Segment[]): ProblemLog {
  const issues: DefinitionIssue[] = []
  return {
    report: (path, message) => {
      issues.push({ path: formatPath([...at, ...path]), message })
    },
    reportInside: (where, issuePath, message) => {
      const inside = issuePath.startsWith('[') || !issuePath ? issuePath : `.${issuePath}`
      issues.push({ path: formatPath([...at, ...where]) + inside, message })
    },
    // One mistake can surface once per record it touches.
    result: (world) => (issues.length > 0 ? { issues: dedupeIssues(issues) } : { world, issues: [] }),
  }
}

/** `no user has id 7.`, with a guess at the identity meant among `existing`. */
export function noRecord(kind: RecordKind, value: unknown, existing: readonly Fields[]): string {
  const { identity, noun, has } = kinds[kind]
  const ids = existing.map((record) => String(record[identity]))
  const guess = typeof value === 'string' ? nearest(value, ids) : undefined
  return `no ${noun} ${has} ${JSON.stringify(value)}.${guess ? ` Did you mean ${JSON.stringify(guess)}?` : ''}`
}

/** A new record that cannot be added as written: said as the typo it most likely is, and what adding one takes. */
export function newRecordProblem(kind: RecordKind, value: unknown, existing: readonly Fields[]): string {
  const { noun, needs } = kinds[kind]
  return `${noRecord(kind, value, existing)} To add a new ${noun}, ${needs}.`
}

/** Whether every issue is a required field left out: what a typo in an existing record's identity looks like. */
export function lacksFieldsOnly(error: z.ZodError): boolean {
  return error.issues.every((issue) => issue.code === 'invalid_type' && issue.input === undefined)
}
