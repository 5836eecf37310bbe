import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, defineProfile, newApiProfile, type Gateway } from '../../src/index.ts'

// The example of docs/profiles.md: a profile of one's own, built on new-api's.
const oldNewApi = defineProfile(newApiProfile, {
  name: 'new-api-2025',
  description: 'new-api before 2026-04-12: one Chinese message per bad key',
  errors: {
    key_unknown: { ...newApiProfile.errors.key_unknown, message: '无效的令牌' },
    key_disabled: { ...newApiProfile.errors.key_disabled, message: '该令牌状态不可用' },
    key_expired: { ...newApiProfile.errors.key_expired, message: '该令牌已过期' },
  },
})

describe('a profile of your own (defineProfile)', () => {
  let gateway: Gateway
  const server = setupServer()
  beforeAll(async () => {
    gateway = await createGateway({ profile: oldNewApi, baseUrl: 'http://gateway.test' })
    server.use(...gateway.handlers)
    server.listen({ onUnhandledFrame: 'error' })
  })
  afterAll(() => server.close())

  const chatWith = async (key: string) => {
    const response = await fetch('http://gateway.test/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
    })
    return { status: response.status, body: (await response.json()) as { error: { message: string; code: string } } }
  }

  it('answers with its own entries and the base profile for the rest', async () => {
    expect(gateway.profile.name).toBe('new-api-2025')
    const disabled = await chatWith('sk-disabled')
    expect(disabled.status).toBe(401)
    expect(disabled.body.error.message).toMatch(/^该令牌状态不可用 \(request id: \w+\)$/)
    expect((await chatWith('sk-expired')).body.error.message).toMatch(/^该令牌已过期 /)
    // Not changed: new-api's own answer.
    const broke = await chatWith('sk-broke-user')
    expect(broke).toMatchObject({ status: 403, body: { error: { code: 'insufficient_user_quota' } } })
  })

  it('an unknown profile name is refused with the known ones', async () => {
    await expect(createGateway({ profile: 'newapi' as 'new-api' })).rejects.toThrow(
      'createGateway: profile must be one of "spec", "new-api", got "newapi"',
    )
  })
})
