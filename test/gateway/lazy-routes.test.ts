// The CLI's serve bundle lists the routes by their heads and loads each route's module on its
// first request (scripts/route-heads.ts makes the list, src/pipeline/route-entry.ts loads them).
// Here a gateway serves that very list, each load counted, and answers as one made from the
// routes themselves.
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import OpenAI from 'openai'
import { formatRouteLines } from '../../src/cli/format/format-route-lines.ts'
import { routes } from '../../src/surfaces/routes.ts'
import { routeOf, type LazyRoute } from '../../src/pipeline/route-entry.ts'
import { resolveProfile } from '../../src/profiles/shipped-profiles.ts'
import type { Route } from '../../src/pipeline/route.ts'
import { createGatewayServing, type GatewayOptions } from '../../src/gateway/create-gateway.ts'
import { routeHeads } from '../../scripts/route-heads.ts'

const loads: string[] = []
// The heads as the build makes them, each load counted.
const routeEntries = (await routeHeads()).map(({ head, module, name, index }): LazyRoute => ({
  ...head,
  async load() {
    loads.push(head.id)
    const exported = ((await import(`../../src/surfaces/${module}`)) as Record<string, unknown>)[name]
    return (index === undefined ? exported : (exported as unknown[])[index]) as Route
  },
}))
const createGateway = (options: GatewayOptions) => createGatewayServing(routeEntries, options)

describe('a gateway made from the heads', () => {
  const server = setupServer()
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterAll(() => server.close())

  it('loads no route until a request needs one, then only that one, once, and answers as usual', async () => {
    loads.length = 0
    const gateway = await createGateway({ baseUrl: 'http://lazy.test' })
    server.resetHandlers(...gateway.handlers)
    expect(loads).toEqual([])
    const client = new OpenAI({ baseURL: 'http://lazy.test/v1', apiKey: 'sk-unrestricted' })
    const models = await client.models.list()
    expect(models.data.map(({ id }) => id)).toContain('gpt-4o-mini')
    expect(loads).toEqual(['openai.list_models'])
    const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })
    expect(completion.choices[0]!.message.content).toContain('hi')
    await client.models.list()
    expect(loads).toEqual(['openai.list_models', 'openai.chat_completions'])
  })

  it('answers a request whose route fails to load with a 500, and loads it again for the next request', async () => {
    let failures = 1
    const entries = routeEntries.map((entry) =>
      entry.id !== 'openai.list_models'
        ? entry
        : {
            ...entry,
            load: async () => {
              if (failures-- > 0) throw new Error('a chunk of the serve bundle is missing')
              return entry.load()
            },
          },
    )
    const gateway = await createGatewayServing(entries, { baseUrl: 'http://lazy-failing.test' })
    server.resetHandlers(...gateway.handlers)
    const list = () => fetch('http://lazy-failing.test/v1/models', { headers: { authorization: 'Bearer sk-unrestricted' } })
    // msw prints the handler's exception as it answers the 500.
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failed = await list().finally(() => printed.mockRestore())
    expect(failed.status).toBe(500)
    expect(await failed.text()).toContain('a chunk of the serve bundle is missing')
    const answered = await list()
    expect(answered.status).toBe(200)
    expect(await answered.json()).toHaveProperty('object', 'list')
  })

  it("lets a route whose path parameters only it can check load to say so (Gemini's model actions)", async () => {
    loads.length = 0
    const gateway = await createGateway({ baseUrl: 'http://lazy-gemini.test' })
    server.resetHandlers(...gateway.handlers)
    const answer = await fetch('http://lazy-gemini.test/v1beta/models/gemini-2.5-flash:countTokens', {
      method: 'POST',
      headers: { 'x-goog-api-key': 'sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ parts: [{ text: 'one two three' }] }] }),
    })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toHaveProperty('totalTokens')
    // The actions before countTokens on the same path were loaded to be asked, and declined.
    expect(loads).toContain('gemini.count_tokens')
    const unknownAction = await fetch('http://lazy-gemini.test/v1beta/models/gemini-2.5-flash:sing', {
      method: 'POST',
      headers: { 'x-goog-api-key': 'sk-unrestricted', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(unknownAction.status).toBe(404)
  })
})

describe("the routes' heads", () => {
  // Last: it loads every route.
  it('are every route, in order, each with its own id, method, path, surface, banner and flags', async () => {
    expect(routeEntries.map(({ id }) => id)).toEqual(routes.map(({ id }) => id))
    for (const [at, entry] of (routeEntries as readonly LazyRoute[]).entries()) {
      const route = routes[at]!
      expect(await routeOf(entry)).toBe(route)
      for (const key of ['method', 'path', 'surface', 'optional', 'banner', 'bannerPath', 'quiet'] as const)
        expect(entry[key]).toBe(route[key])
      expect(entry.socket === true).toBe('socket' in route)
      expect(entry.accepts === true).toBe(route.accepts !== undefined)
    }
  })

  it('print the same banner lines as the routes', () => {
    for (const profile of ['spec', 'new-api'] as const) {
      expect(formatRouteLines(routeEntries, resolveProfile(profile, 'test'))).toEqual(
        formatRouteLines(routes, resolveProfile(profile, 'test')),
      )
    }
  })
})
