import { describe, expect, it } from 'vitest'
import { routeCandidates } from '../../src/gateway/route-candidates.ts'
import type { RouteHandler } from '../../src/gateway/to-handlers.ts'

// Stand-ins for msw handlers: only their identity and order matter to the picking.
const route = (method: string, prefix: string | null, name: string): RouteHandler =>
  ({ method, prefix, handler: { name } }) as unknown as RouteHandler
const names = (handlers: readonly unknown[]) => handlers.map((handler) => (handler as { name: string }).name)

describe('the handlers an adapter gives getResponse for a request', () => {
  const routes = [
    route('GET', '/v1/models', 'models'),
    route('POST', '/v1/chat/completions', 'chat'),
    route('GET', '/v1/models/', 'model'),
    route('POST', '/v1beta/models/', 'gemini'),
    route('*', null, 'catch-all'),
  ]
  const candidates = routeCandidates(routes)

  it('are the routes of its method whose prefix its path starts with, in their order, then the catch-all', () => {
    expect(names(candidates('GET', '/v1/models/gpt-4o'))).toEqual(['models', 'model', 'catch-all'])
    expect(names(candidates('GET', '/v1/models'))).toEqual(['models', 'catch-all'])
    expect(names(candidates('POST', '/v1/chat/completions'))).toEqual(['chat', 'catch-all'])
  })

  it('are the catch-all alone for a path no route starts, and for a method no route serves', () => {
    expect(names(candidates('POST', '/v2/unknown'))).toEqual(['catch-all'])
    expect(names(candidates('DELETE', '/v1/models'))).toEqual(['catch-all'])
    expect(names(candidates('PATCH', '/v1/chat/completions'))).toEqual(['catch-all'])
  })

  it('are picked once per path: the same path gets the same list again', () => {
    expect(candidates('POST', '/v1beta/models/gemini-2.5-flash:generateContent')).toBe(
      candidates('POST', '/v1beta/models/gemini-2.5-flash:generateContent'),
    )
    expect(names(candidates('POST', '/v1beta/models/gemini-2.5-flash:generateContent'))).toEqual(['gemini', 'catch-all'])
  })
})
