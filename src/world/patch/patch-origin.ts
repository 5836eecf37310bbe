import { itemPath } from './list-change.ts'
import type { Fields } from './patch-record-kinds.ts'
import type { ListChange } from './world-patch.ts'

/** Where a record of the patched world came from, so that a problem is reported where the user wrote it. */
export interface Origin {
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

/** A record being patched, changed in place, and its origin. */
export interface TrackedRecord {
  record: Fields
  origin: Origin
}

/** The origin of a record the base world has, before any entry names it. */
export function baseOrigin(): Origin {
  return { isNew: false, fields: new Set(), every: new Set() }
}

/** The origin of a record that patch entry `entry` adds. */
export function newOrigin(entry: number, identity: string): Origin {
  return { entry, isNew: true, fields: new Set([identity]), every: new Set() }
}

/** A list field's value as the record's own entry and as `every` wrote it, and the item at fault in it. */
export interface WrittenItem {
  value: unknown
  entryWritten: unknown
  everyWritten: unknown
}

/**
 * Whether the record's own entry wrote the field (or, for a list item, the item) that has a
 * problem, rather than `every`: an item is the entry's if its list or `add` has it, or if
 * every's does not.
 */
export function writtenByEntry(origin: Origin, field: string, item?: WrittenItem): boolean {
  if (origin.entry === undefined) return false
  if (!origin.every.has(field)) return true
  if (item === undefined) return false
  return itemPath(item.entryWritten, item.value).length > 0 || itemPath(item.everyWritten, item.value).length === 0
}
