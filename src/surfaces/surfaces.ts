import { adminSurface } from './admin/admin-surface.ts'
import { anthropicSurface } from './anthropic/anthropic-surface.ts'
import { dashboardSurface } from './dashboard/dashboard-surface.ts'
import { geminiSurface } from './gemini/gemini-surface.ts'
import { openaiSurface } from './openai/openai-surface.ts'
import type { Surface, SurfaceName } from '../pipeline/surface.ts'

/** Every surface, by name: what the render stage asks how a stream error looks (given to it through the gateway runtime). */
export const surfaces: Readonly<Record<SurfaceName, Surface>> = {
  openai: openaiSurface,
  anthropic: anthropicSurface,
  gemini: geminiSurface,
  dashboard: dashboardSurface,
  admin: adminSurface,
}
