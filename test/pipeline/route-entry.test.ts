// A route's head loads its route once, however many requests ask at the same time, and a load that
// failed (a chunk missing, say) is tried again by the next request rather than kept.
import { describe, expect, it } from 'vitest'
import { allRoutes, isLazyRoute, routeOf, type LazyRoute } from '../../src/pipeline/route-entry.ts'
import { listModelsRoute } from '../../src/surfaces/openai/list-models.ts'
import type { Route } from '../../src/pipeline/route.ts'

function headOf(route: Route, load: () => Promise<Route>): LazyRoute {
  return { id: route.id, method: route.method, path: route.path, load }
}

describe("a route's head", () => {
  it('is loaded once, by the first of the requests that ask together, and is then the route at once', async () => {
    let loads = 0
    const head = headOf(listModelsRoute, async () => (loads++, listModelsRoute))
    expect(isLazyRoute(head)).toBe(true)
    const [first, second] = await Promise.all([routeOf(head), routeOf(head)])
    expect(first).toBe(listModelsRoute)
    expect(second).toBe(listModelsRoute)
    expect(routeOf(head)).toBe(listModelsRoute)
    expect(loads).toBe(1)
  })

  it('that failed to load is loaded again when next asked', async () => {
    let loads = 0
    const head = headOf(listModelsRoute, async () => {
      if (++loads === 1) throw new Error('chunk missing')
      return listModelsRoute
    })
    await expect(routeOf(head)).rejects.toThrow('chunk missing')
    expect(await routeOf(head)).toBe(listModelsRoute)
    expect(loads).toBe(2)
  })

  it('stands beside routes themselves, which are their own route', async () => {
    expect(isLazyRoute(listModelsRoute)).toBe(false)
    expect(routeOf(listModelsRoute)).toBe(listModelsRoute)
    expect(await allRoutes([listModelsRoute, headOf(listModelsRoute, async () => listModelsRoute)])).toEqual([
      listModelsRoute,
      listModelsRoute,
    ])
  })
})
