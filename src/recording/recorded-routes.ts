import type { Route } from '../pipeline/route.ts'

type Declaration = NonNullable<Route['recording']>

const declarations = new WeakMap<readonly Route[], Map<string, Declaration>>()

/**
 * How the route `id` names among `routes` (the gateway's) is recorded and replayed: its
 * declaration (route-recording.ts), or undefined for a route whose answers are kept for reading
 * only. Looked up by id, as a recording names its routes; memoized per route table.
 */
export function recordingOf(routes: readonly Route[], id: string): Declaration | undefined {
  let byId = declarations.get(routes)
  if (!byId) {
    byId = new Map()
    for (const route of routes) if (route.recording && !byId.has(route.id)) byId.set(route.id, route.recording)
    declarations.set(routes, byId)
  }
  return byId.get(id)
}
