import { nearest } from '../../text/nearest.ts'
import type { Segment } from './patch-record-kinds.ts'
import type { ListChange } from './world-patch.ts'

/** Whether a list field's value is `{add, remove}` rather than a list (or null). */
export function isListChange(value: unknown): value is ListChange {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** How to report a change that does not fit the list it changes (see `changeList`). */
export interface StrictList {
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
export function changeList(current: unknown, change: ListChange, strict?: StrictList): unknown {
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

/** Where in the written value a list item came from: `[2]` in a plain list, `.add[0]` in a change. */
export function itemPath(written: unknown, value: unknown): Segment[] {
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
