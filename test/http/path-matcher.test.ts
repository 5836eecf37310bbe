import { describe, expect, it } from 'vitest'
import { pathMatcher } from '../../src/http/path-matcher.ts'

describe('pathMatcher', () => {
  describe('a path without parameters', () => {
    const matches = pathMatcher('/v1/chat/completions', undefined)

    it('matches the path on any origin, with or without its trailing slash, query or fragment', () => {
      expect(matches('http://127.0.0.1:4000/v1/chat/completions')).toEqual({})
      expect(matches('https://gateway.example/v1/chat/completions/')).toEqual({})
      expect(matches('http://127.0.0.1:4000/v1/chat/completions?x=1#top')).toEqual({})
    })

    it('does not match another path, an encoded slash, a doubled slash or a second trailing slash', () => {
      for (const path of [
        '/v1/chat',
        '/v1/chat/completion',
        '/v1/chat/completions/x',
        '/v1/chat%2Fcompletions',
        '//v1/chat/completions',
        '/v1//chat/completions',
        '/v1/chat/completions//',
        '/V1/chat/completions',
      ]) {
        expect(matches(`http://127.0.0.1:4000${path}`), path).toBeUndefined()
      }
    })

    it('answers a new object each time: a route may add to its params', () => {
      const first = matches('http://127.0.0.1:4000/v1/chat/completions')
      expect(first).not.toBe(matches('http://127.0.0.1:4000/v1/chat/completions'))
    })

    it('matches the root path as segment matching does', () => {
      const root = pathMatcher('/', undefined)
      expect(root('http://127.0.0.1:4000/')).toEqual({})
      expect(root('http://127.0.0.1:4000//')).toEqual({})
      expect(root('http://127.0.0.1:4000/x')).toBeUndefined()
    })
  })

  describe('below a base URL', () => {
    const matches = pathMatcher('/v1/models', 'http://127.0.0.1:4000/gateway/')

    it('matches only under the base origin and path', () => {
      expect(matches('http://127.0.0.1:4000/gateway/v1/models')).toEqual({})
      expect(matches('http://127.0.0.1:4000/gateway/v1/models/')).toEqual({})
      expect(matches('http://127.0.0.1:4000/v1/models')).toBeUndefined()
      expect(matches('http://127.0.0.1:4001/gateway/v1/models')).toBeUndefined()
      expect(matches('http://127.0.0.1:4000/gatewayv1/models')).toBeUndefined()
    })

    it('reads parameters below the base path', () => {
      const one = pathMatcher('/v1/models/:model', 'http://127.0.0.1:4000/gateway')
      expect(one('http://127.0.0.1:4000/gateway/v1/models/gpt-4o')).toEqual({ model: 'gpt-4o' })
    })
  })

  describe('a path with parameters', () => {
    const matches = pathMatcher('/v1beta/models/:model/files/:file', undefined)

    it('decodes each parameter, and keeps a part it cannot decode as sent', () => {
      expect(matches('http://h/v1beta/models/a%20b/files/c%2Fd')).toEqual({ model: 'a b', file: 'c/d' })
      expect(matches('http://h/v1beta/models/%E0%A4%A/files/x/')).toEqual({ model: '%E0%A4%A', file: 'x' })
    })

    it('does not match an empty parameter or another number of segments', () => {
      expect(matches('http://h/v1beta/models//files/x')).toBeUndefined()
      expect(matches('http://h/v1beta/models/m/files')).toBeUndefined()
      expect(matches('http://h/v1beta/models/m/files/x/y')).toBeUndefined()
    })
  })
})
