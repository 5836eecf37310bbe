import { describe, expect, it } from 'vitest'
import { isTokenAuth, keyAuthOf, type TokenAuth } from '../../src/auth/token-auth.ts'
import { GatewayError } from '../../src/errors/gateway-error.ts'
import { defaultWorldData } from '../../src/world/default-world-data.ts'

describe('what a route authenticated with, read by the stages that charge a key', () => {
  const data = defaultWorldData()
  const token = data.tokens[0]!
  const user = data.users.find((candidate) => candidate.id === token.userId)!
  const keyAuth: TokenAuth = { token, user, maskedKey: 'sk-li…ited', source: 'bearer' }

  it('knows an API key from a signed-in user and from no auth at all', () => {
    expect(isTokenAuth(keyAuth)).toBe(true)
    expect(isTokenAuth({ user, session: undefined })).toBe(false)
    expect(isTokenAuth({ user: undefined })).toBe(false)
    expect(isTokenAuth(undefined)).toBe(false)
    expect(isTokenAuth(null)).toBe(false)
    expect(isTokenAuth('sk-limited')).toBe(false)
  })

  it('hands the key on, and refuses a route that names a model without one as the gateway’s own error', () => {
    expect(keyAuthOf(keyAuth, 'openai.chat_completions')).toBe(keyAuth)
    const refusal = (() => {
      try {
        keyAuthOf({ user, session: undefined }, 'dashboard.self')
      } catch (error) {
        return error
      }
    })()
    expect(refusal).toBeInstanceOf(GatewayError)
    expect(refusal).toMatchObject({ errorName: 'internal', params: { detail: expect.stringContaining('dashboard.self') } })
  })
})
