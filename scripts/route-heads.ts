// What the CLI's serve bundle lists in place of the routes (scripts/build.ts): each route's head
// (src/pipeline/route-entry.ts) and where the route is defined, so that its module is imported on
// the route's first request. Run by the build through tsx, which imports the sources.
import { readdirSync } from 'node:fs'
import type { Route } from '../src/pipeline/route.ts'
import type { LazyRoute } from '../src/pipeline/route-entry.ts'

/** A route's head, and the export of the module under src/surfaces/ that holds the route (an index into it for a list). */
export interface RouteHeadEntry {
  head: Omit<LazyRoute, 'load'>
  module: string
  name: string
  index?: number
}

const surfacesFolder = new URL('../src/surfaces/', import.meta.url)
const headKeys = ['id', 'method', 'path', 'surface', 'optional', 'banner', 'bannerPath', 'quiet'] as const

/**
 * Every route of routes.ts, in order, with its head and where it is defined. Every module under
 * src/surfaces/ is imported, and a route is looked up among their exports: itself first, else in
 * the shortest list that holds it (a surface's list would load all of its routes with it).
 */
export async function routeHeads(): Promise<RouteHeadEntry[]> {
  const { routes } = await import('../src/surfaces/routes.ts')
  const definedAt = new Map<Route, { module: string; name: string; index?: number }>()
  const lists: { module: string; name: string; list: readonly unknown[] }[] = []
  // route-entries.ts lists the routes as served, which is what these heads are made for.
  const modules = (readdirSync(surfacesFolder, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && file !== 'route-entries.ts')
    .sort()
  for (const module of modules) {
    const exported = (await import(new URL(module, surfacesFolder).href)) as Record<string, unknown>
    for (const [name, value] of Object.entries(exported)) {
      if (routes.includes(value as Route)) definedAt.set(value as Route, { module: module.replaceAll('\\', '/'), name })
      else if (Array.isArray(value) && value.some((item) => routes.includes(item as Route)))
        lists.push({ module: module.replaceAll('\\', '/'), name, list: value })
    }
  }
  lists.sort((a, b) => a.list.length - b.list.length)
  return routes.map((route) => {
    let where = definedAt.get(route)
    if (where === undefined) {
      const holder = lists.find(({ list }) => list.includes(route))
      if (holder === undefined) throw new Error(`route ${route.id}: no module under src/surfaces/ exports it`)
      where = { module: holder.module, name: holder.name, index: holder.list.indexOf(route) }
    }
    const head = {
      ...Object.fromEntries(headKeys.flatMap((key) => (route[key] === undefined ? [] : [[key, route[key]]]))),
      ...('socket' in route && { socket: true as const }),
      ...(route.accepts && { accepts: true as const }),
    } as RouteHeadEntry['head']
    return { head, ...where }
  })
}

/** route-entries.ts as the serve bundle has it: the heads, each with an `import()` of its route's module (relative to src/surfaces/). */
export function routeEntriesModule(entries: readonly RouteHeadEntry[]): string {
  const lines = entries.map(({ head, module, name, index }) => {
    const picked = `module[${JSON.stringify(name)}]${index === undefined ? '' : `[${index}]`}`
    return `  { ...${JSON.stringify(head)}, load: () => import(${JSON.stringify(`./${module}`)}).then((module) => ${picked}) },`
  })
  return `export const routeEntries = [\n${lines.join('\n')}\n]\n`
}
