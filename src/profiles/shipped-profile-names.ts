/**
 * The names of the profiles that ship with the package (`shipped-profiles.ts` maps each to its data).
 * A file of its own so that the CLI's flags and the scenario schema can list them without loading the profiles.
 */
export const profileNames = ['spec', 'new-api'] as const

export type ProfileName = (typeof profileNames)[number]
