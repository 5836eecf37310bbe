import type { SurfaceName } from './surface-name.ts'

/**
 * The surface a path belongs to when no route claims it, so even an
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
