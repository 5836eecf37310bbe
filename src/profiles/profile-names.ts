/** The names of the profiles that ship with the package (`profiles.ts` maps each to its data). */
export const profileNames = ['spec', 'new-api'] as const

export type ProfileName = (typeof profileNames)[number]
