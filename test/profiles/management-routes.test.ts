import { setupServer } from 'msw/node'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createGateway, type Gateway } from '../../src/index.ts'
import { startServer } from '../../src/node/index.ts'
import { servesRoute } from '../../src/profiles/serves-route.ts'
import { profiles } from '../../src/profiles/shipped-profiles.ts'
import { managementRoutes } from '../../src/surfaces/dashboard/management-routes.ts'

// The management API is the gateway's own: the spec profile serves every route of it that
// new-api does, in the same envelope. Walks every route of src/surfaces/dashboard's folders, so
// each route added there is covered.

/** The route's path with each parameter filled in: `/api/token/:id` → `/api/token/1`. */
const pathOf = (path: string) => path.replace(/:[^/]+/g, '1')

describe('the management routes', () => {
  it('are all dashboard.* routes, served by every shipped profile', () => {
    for (const route of managementRoutes) {
      expect(route.id).toMatch(/^dashboard\./)
      for (const profile of Object.values(profiles)) expect(servesRoute(profile, route), `${profile.name} ${route.id}`).toBe(true)
    }
  })

  // Each route in both modes: the files of test/surfaces/dashboard prove what the routes do in one.
  const walks = [
    {
      name: 'setupServer',
      async start(): Promise<{ gateways: Record<string, Gateway>; origins: Record<string, string>; close(): Promise<void> }> {
        const gateways: Record<string, Gateway> = {
          spec: await createGateway({ profile: 'spec', baseUrl: 'http://spec.test' }),
          'new-api': await createGateway({ profile: 'new-api', baseUrl: 'http://new-api.test' }),
        }
        const server = setupServer(...gateways.spec!.handlers, ...gateways['new-api']!.handlers)
        server.listen({ onUnhandledFrame: 'error' })
        return { gateways, origins: { spec: 'http://spec.test', 'new-api': 'http://new-api.test' }, close: async () => server.close() }
      },
    },
    {
      name: 'HTTP server',
      async start(): Promise<{ gateways: Record<string, Gateway>; origins: Record<string, string>; close(): Promise<void> }> {
        const gateways: Record<string, Gateway> = {
          spec: await createGateway({ profile: 'spec' }),
          'new-api': await createGateway({ profile: 'new-api' }),
        }
        const servers = {
          spec: await startServer(gateways.spec!, { port: 0 }),
          'new-api': await startServer(gateways['new-api']!, { port: 0 }),
        }
        return {
          gateways,
          origins: { spec: servers.spec.url, 'new-api': servers['new-api'].url },
          close: async () => void (await Promise.all(Object.values(servers).map((server) => server.close()))),
        }
      },
    },
  ]

  it.each(walks)(
    'answer alike under both profiles ($name): each reaches its route, with the same status and {success, message}',
    async (walk) => {
      const { gateways, origins, close } = await walk.start()
      onTestFinished(close)
      for (const route of managementRoutes) {
        const answers = []
        for (const [name, gateway] of Object.entries(gateways)) {
          await gateway.reset()
          const response = await fetch(`${origins[name]}${pathOf(route.path)}`, {
            method: route.method,
            // A route a key authenticates (the key's own logs) refuses a bad key in each profile's relay words: give it one.
            headers: {
              authorization: route.auth?.credential === 'api-key' ? 'Bearer sk-unrestricted' : 'Bearer at-alice',
              'accept-language': 'en',
              'content-type': 'application/json',
            },
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }),
          })
          const entry = gateway.journal.entries.at(-1)
          expect(entry?.route, `${name} ${route.method} ${route.path}`).toBe(route.id)
          const text = await response.text()
          const body = (text.startsWith('{') ? JSON.parse(text) : {}) as { success?: unknown; message?: unknown }
          answers.push({ status: response.status, success: body.success, message: body.message })
        }
        expect(answers[0], `${route.method} ${route.path}`).toEqual(answers[1])
      }
    },
  )
})
