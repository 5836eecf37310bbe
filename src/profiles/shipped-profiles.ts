import { newApiProfile } from './new-api-profile.ts'
import type { Profile } from './profile-type.ts'
import { profileNames, type ProfileName } from './shipped-profile-names.ts'
import { specProfile } from './spec-profile.ts'

export { profileNames, type ProfileName }

/** The profiles that ship with the package, by name. */
export const profiles: Readonly<Record<ProfileName, Profile>> = { spec: specProfile, 'new-api': newApiProfile }

/** A profile by name (or a profile object, as it is); an unknown name is a `TypeError` that lists the known ones. */
export function resolveProfile(profile: ProfileName | Profile, where: string): Profile {
  if (typeof profile !== 'string') return profile
  if (Object.hasOwn(profiles, profile)) return profiles[profile]
  throw new TypeError(`${where} must be one of ${profileNames.map((name) => `"${name}"`).join(', ')}, got ${JSON.stringify(profile)}`)
}
