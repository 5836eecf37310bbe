import { adminSurface } from './admin/admin-surface.ts'
import { anthropicSurface } from './anthropic/anthropic-surface.ts'
import { dashboardSurface } from './dashboard/dashboard-surface.ts'
import { geminiSurface } from './gemini/gemini-surface.ts'
import { openaiSurface } from './openai/openai-surface.ts'
import type { Surface, SurfaceName } from './surface.ts'

export const surfaces: Record<SurfaceName, Surface> = {
  openai: openaiSurface,
  anthropic: anthropicSurface,
  gemini: geminiSurface,
  dashboard: dashboardSurface,
  admin: adminSurface,
}

/**
 * The surface a path belongs to when no route claims it (contract §3, last row), so even an
 * unknown URL is answered in the envelope its client can parse.
 */
export function surfaceForPath(pathname: string): SurfaceName {
  if (pathname.startsWith('/__mock/') || pathname === '/__mock') return 'admin'
  if (pathname.startsWith('/api/') || pathname === '/api') return 'dashboard'
  if (pathname.startsWith('/v1/messages')) return 'anthropic'
  if (pathname.startsWith('/v1beta/openai/')) return 'openai'
  if (pathname.startsWith('/v1beta')) return 'gemini'
  if (/^\/v1\/models\/[^/]+:[^/]+$/.test(pathname)) return 'gemini'
  return 'openai'
}
