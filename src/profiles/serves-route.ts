import { memoByObject } from '../cache/memo.ts'
import type { Profile } from './profile-type.ts'

// Asked on every request for every candidate route: a set per profile, made once.
const lacked = memoByObject((profile: Profile) => new Set(profile.routes.lacks))
const added = memoByObject((profile: Profile) => new Set(profile.routes.adds))

/** Whether `profile` serves `route`: every route but those it lacks, and the optional ones it adds. */
export function servesRoute(profile: Profile, route: { readonly id: string; readonly optional?: boolean }): boolean {
  return route.optional ? added(profile).has(route.id) : !lacked(profile).has(route.id)
}
