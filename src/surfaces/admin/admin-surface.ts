import type { Surface } from '../../pipeline/surface.ts'

/** `/__mock/*`: the mock's own API, in its own terms whatever gateway it impersonates; it never streams. */
export const adminSurface: Surface = { name: 'admin', ownTerms: true }
