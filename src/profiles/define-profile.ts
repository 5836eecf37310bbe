import type { ErrorName } from '../errors/error-names.ts'
import type { CatalogueEntry, Profile } from './profile-type.ts'

/** What a profile built on another one changes: its name and description, and any of the rest. */
export interface ProfileChanges extends Partial<Omit<Profile, 'errors' | 'shapes' | 'routes' | 'headers' | 'credentials'>> {
  name: string
  description: string
  /** Entries replace the base's entry for that name (`like` copies another name's entry first). */
  errors?: Partial<Record<ErrorName, CatalogueEntry | { like: ErrorName; changes?: Partial<CatalogueEntry> }>>
  shapes?: Partial<Profile['shapes']>
  routes?: Partial<Profile['routes']>
  headers?: Partial<Profile['headers']>
  credentials?: Partial<Profile['credentials']>
}

/** A profile that answers as `base` does, except where `changes` say otherwise. */
export function defineProfile(base: Profile, changes: ProfileChanges): Profile {
  const errors: Record<string, CatalogueEntry> = { ...base.errors }
  for (const [name, entry] of Object.entries(changes.errors ?? {})) {
    if (!entry) continue
    // `like` reads the entries resolved so far, so it may name an entry changed earlier in the same list.
    errors[name] = 'like' in entry ? ({ ...errors[entry.like], ...entry.changes } as CatalogueEntry) : entry
  }
  return {
    ...base,
    ...changes,
    errors: errors as Profile['errors'],
    shapes: { ...base.shapes, ...changes.shapes },
    routes: { ...base.routes, ...changes.routes },
    headers: { ...base.headers, ...changes.headers },
    credentials: { ...base.credentials, ...changes.credentials },
  }
}
