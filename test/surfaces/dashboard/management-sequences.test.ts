// The sequences real callers of the management API make, end to end across its parts: a reseller
// bot signs in, makes a key for a customer, uses it on the relay, reads its log and the user's
// stat, then disables it; an admin makes redemption codes that a user redeems. In both profiles
// (the management API is the gateway's own, the same in each) and both modes.
import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import type { ProfileName } from '../../../src/profiles/shipped-profile-names.ts'
import { modes, useHarness, type Harness } from '../../support/modes.ts'

interface Answer<Data = any> {
  success: boolean
  message: string
  data: Data
}

function api(harness: Harness) {
  return async <Data = any>(
    method: string,
    path: string,
    { token, body, cookie }: { token?: string; body?: unknown; cookie?: string } = {},
  ): Promise<{ status: number; body: Answer<Data>; headers: Headers }> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (token) headers.authorization = `Bearer ${token}`
    if (cookie) headers.cookie = cookie
    const response = await fetch(`${harness.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: response.status, body: (await response.json()) as Answer<Data>, headers: response.headers }
  }
}

const profiles: ProfileName[] = ['spec', 'new-api']

describe.each(modes.flatMap((mode) => profiles.map((profile) => ({ mode, profile, name: `${mode.name}, ${profile}` }))))(
  'management sequences ($name)',
  ({ mode, profile }) => {
    const harness = useHarness(mode, { profile })

    it('sign in → create a token → search it → fetch its key → use it → read its log and the stat → disable it → the relay refuses it', async () => {
      await harness.gateway.reset()
      const call = api(harness)
      const login = await call<{ access_token: string }>('POST', '/api/user/login', { body: { username: 'alice', password: 'alice-pass' } })
      expect(login.status).toBe(200)
      const token = login.body.data.access_token

      const created = await call('POST', '/api/token/', {
        token,
        body: { name: 'customer-42', remain_quota: 1_000_000, unlimited_quota: false, expired_time: -1, model_limits_enabled: false },
      })
      expect(created.body).toMatchObject({ success: true })
      // The journal (and the inspector, which reads it) says what the call changed.
      expect(harness.gateway.journal.entries.at(-1)).toMatchObject({
        route: 'dashboard.token_create',
        changed: expect.stringMatching(/^created token \d+ "customer-42" for alice$/),
      })
      const found = await call<{ items: { id: number; name: string; key: string }[] }>('GET', '/api/token/search?keyword=customer-42', {
        token,
      })
      const items = Array.isArray(found.body.data) ? found.body.data : found.body.data.items
      expect(items).toHaveLength(1)
      const id = items[0]!.id
      const key = (await call<{ key: string }>('POST', `/api/token/${id}/key`, { token })).body.data.key

      const client = new OpenAI({ apiKey: `sk-${key.replace(/^sk-/, '')}`, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
      const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] })
      expect(completion.choices[0]!.message.content).toBeTruthy()

      const logs = await call<{ items: { token_name: string; model_name: string; quota: number; type: number }[] }>(
        'GET',
        '/api/log/self?type=2&token_name=customer-42',
        { token },
      )
      expect(logs.body.data.items).toHaveLength(1)
      const log = logs.body.data.items[0]!
      expect(log).toMatchObject({ token_name: 'customer-42', model_name: 'gpt-4o-mini', type: 2 })
      expect(log.quota).toBeGreaterThan(0)
      const stat = await call<{ quota: number }>('GET', '/api/log/self/stat?type=2&token_name=customer-42', { token })
      expect(stat.body.data.quota).toBe(log.quota)
      const own = await call<{ remain_quota: number; used_quota: number }>('GET', `/api/token/${id}`, { token })
      expect(own.body.data).toMatchObject({ used_quota: log.quota, remain_quota: 1_000_000 - log.quota })

      expect((await call('PUT', '/api/token/?status_only=true', { token, body: { id, status: 2 } })).body.success).toBe(true)
      await expect(
        client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'again' }] }),
      ).rejects.toBeInstanceOf(OpenAI.AuthenticationError)
    })

    it.each([
      ['POST', '/api/token/'],
      ['PUT', '/api/token/'],
      ['POST', '/api/redemption/'],
      ['POST', '/api/user/'],
      ['PUT', '/api/option/'],
    ])(
      "%s %s: a body that is not a JSON object is refused as new-api's controllers refuse it, and changes nothing",
      async (method, path) => {
        await harness.gateway.reset()
        harness.gateway.world.findUser(3)!.accessToken = 'at-root'
        const before = harness.gateway.world.snapshot()
        for (const body of ['not json', '[1, 2]', '']) {
          const response = await fetch(`${harness.baseUrl}${path}`, {
            method,
            headers: { authorization: 'Bearer at-root', 'content-type': 'application/json' },
            body,
          })
          expect({ status: response.status, body: await response.json() }).toEqual({
            status: 200,
            body: { message: 'Invalid parameters', success: false },
          })
        }
        expect(harness.gateway.world.snapshot()).toEqual(before)
      },
    )

    it('an admin creates redemption codes, a user redeems one: the balance and the logs show it, and the code redeems once', async () => {
      await harness.gateway.reset()
      const call = api(harness)
      const root = (await call<{ access_token: string }>('POST', '/api/user/login', { body: { username: 'root', password: '123456' } }))
        .body.data.access_token
      const codes = await call<string[]>('POST', '/api/redemption/', { token: root, body: { name: 'promo', count: 3, quota: 250_000 } })
      expect(codes.body.success).toBe(true)
      expect(codes.body.data).toHaveLength(3)

      const before = (await call<{ quota: number }>('GET', '/api/user/self', { token: 'at-alice' })).body.data.quota
      const redeemed = await call<number>('POST', '/api/user/topup', { token: 'at-alice', body: { key: codes.body.data[0] } })
      expect(redeemed.body).toMatchObject({ success: true, data: 250_000 })
      expect(harness.gateway.journal.entries.at(-1)?.changed).toBe(`alice redeemed ${codes.body.data[0]}: +250000 quota`)
      expect((await call<{ quota: number }>('GET', '/api/user/self', { token: 'at-alice' })).body.data.quota).toBe(before + 250_000)
      // new-api's top-up log says the amount in its content (its quota column stays 0).
      const topups = await call<{ items: { type: number; content: string }[] }>('GET', '/api/log/self?type=1', { token: 'at-alice' })
      expect(topups.body.data.items).toEqual([expect.objectContaining({ type: 1, content: expect.stringContaining('＄0.500000') })])

      const again = await call('POST', '/api/user/topup', { token: 'at-carol', body: { key: codes.body.data[0] } })
      expect(again.body.success).toBe(false)
      const listed = await call<{ items: { key: string; status: number; used_user_id: number }[] }>(
        'GET',
        '/api/redemption/search?keyword=promo',
        {
          token: root,
        },
      )
      const items = Array.isArray(listed.body.data) ? listed.body.data : listed.body.data.items
      expect(items.find((code) => code.key === codes.body.data[0])).toMatchObject({ status: 3, used_user_id: 1 })
    })
  },
)
