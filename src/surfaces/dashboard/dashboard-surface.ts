import type { Surface } from '../../pipeline/surface.ts'

/** The dashboard's JSON routes; they never stream. */
export const dashboardSurface: Surface = { name: 'dashboard' }
