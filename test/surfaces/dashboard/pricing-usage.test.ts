import { describe, expect, it } from 'vitest'
import type { WorldDefinition } from '../../../src/index.ts'
import { eitherMode, useHarness } from '../../support/modes.ts'

// A world of its own, so that models added to the default one change nothing here.
const world: WorldDefinition = {
  settings: { autoGroups: ['vip', 'default'] },
  groups: [
    { name: 'default', description: 'Everyday models', models: ['chat-small', 'chat-large', 'embedder', 'unpriced'] },
    { name: 'vip', ratio: 1.5, description: 'Premium models', models: ['chat-large', 'chat-premium', 'image-bot'] },
  ],
  users: [
    { id: 1, username: 'alice', extraGroups: ['vip'], quota: 100_000_000, accessToken: 'at-alice' },
    { id: 2, username: 'carol', quota: 1_000_000, accessToken: 'at-carol' },
  ],
  tokens: [
    { key: 'sk-unrestricted', name: 'unrestricted', userId: 1, unlimitedQuota: true },
    { key: 'sk-limited', name: 'model-limited', userId: 1, remainQuota: 5_000_000, modelLimits: ['chat-small', 'embedder'] },
    { key: 'sk-vip', name: 'vip-group', userId: 1, group: 'vip', remainQuota: 5_000_000 },
    { key: 'sk-expired', name: 'expired', userId: 1, remainQuota: 5_000_000, expiresAt: '2025-01-01T00:00:00.000Z' },
    { key: 'sk-low-quota', name: 'nearly-exhausted', userId: 1, remainQuota: 50, usedQuota: 4_999_950 },
  ],
  models: [
    { id: 'chat-small', ownedBy: 'openai', pricing: { ratio: 0.075, completionRatio: 4 } },
    { id: 'chat-large', ownedBy: 'openai', pricing: { ratio: 1.25, completionRatio: 4 } },
    { id: 'chat-premium', ownedBy: 'claude', endpointTypes: ['anthropic', 'openai'], pricing: { ratio: 7.5, completionRatio: 5 } },
    { id: 'embedder', kind: 'embedding', dimensions: 8, endpointTypes: ['gemini', 'embeddings'], pricing: { ratio: 0.01 } },
    { id: 'unpriced', description: 'No price: hidden from keys', pricing: null },
    { id: 'image-bot', ownedBy: 'openai', pricing: { pricePerCall: 0.04 } },
  ],
}

interface Pricing {
  success: boolean
  data: { model_name: string; enable_groups: string[] }[]
  group_ratio: Record<string, number>
  usable_group: Record<string, string>
  auto_groups: string[]
  supported_endpoint: Record<string, { path: string; method: string }>
}

describe.each(eitherMode)('/api/pricing, /api/usage/token and /api/user/models ($name)', (mode) => {
  describe.each(['spec', 'new-api'] as const)('%s profile', (profile) => {
    const harness = useHarness(mode, { profile, world })
    const get = (path: string, headers: Record<string, string> = {}) => fetch(`${harness.baseUrl}${path}`, { headers })
    const getJson = async <T = any>(path: string, headers?: Record<string, string>) => {
      const response = await get(path, headers)
      expect(response.status).toBe(200)
      return (await response.json()) as T
    }

    it('lists every priced and unpriced model of every group, with the group ratios, to anyone (Cherry Studio sends no access token)', async () => {
      // A relay key is no access token: the answer is the anonymous one, as with no header at all.
      for (const headers of [{}, { authorization: 'Bearer sk-unrestricted' }] as Record<string, string>[]) {
        const body = await getJson<Pricing>('/api/pricing', headers)
        // A Go map: keys sorted.
        expect(Object.keys(body)).toEqual([
          'auto_groups',
          'data',
          'group_ratio',
          'pricing_version',
          'success',
          'supported_endpoint',
          'usable_group',
          'vendors',
        ])
        expect(body).toMatchObject({
          success: true,
          auto_groups: ['vip', 'default'],
          group_ratio: { default: 1, vip: 1.5 },
          usable_group: { default: 'Everyday models', vip: 'Premium models' },
          supported_endpoint: {
            anthropic: { path: '/v1/messages', method: 'POST' },
            embeddings: { path: '/v1/embeddings', method: 'POST' },
            gemini: { path: '/v1beta/models/{model}:generateContent', method: 'POST' },
            openai: { path: '/v1/chat/completions', method: 'POST' },
          },
        })
        const entry = (id: string) => body.data.find((model) => model.model_name === id)
        expect(entry('chat-large')).toEqual({
          model_name: 'chat-large',
          quota_type: 0,
          model_ratio: 1.25,
          model_price: 0,
          owner_by: 'openai',
          completion_ratio: 4,
          enable_groups: ['default', 'vip'],
          supported_endpoint_types: ['openai'],
          wallet_available: true,
          subscription_available: true,
        })
        expect(entry('image-bot')).toMatchObject({
          quota_type: 1,
          model_ratio: 0,
          model_price: 0.04,
          completion_ratio: 0,
          enable_groups: ['vip'],
        })
        // Enabled but unpriced: listed here (not in /v1/models), at the ratio new-api falls back to.
        expect(entry('unpriced')).toMatchObject({
          description: 'No price: hidden from keys',
          quota_type: 0,
          model_ratio: 37.5,
          completion_ratio: 1,
          enable_groups: ['default'],
        })
        expect(entry('embedder')).toMatchObject({
          supported_endpoint_types: ['gemini', 'embeddings'],
          model_ratio: 0.01,
          completion_ratio: 1,
        })
        expect(body.data.map((model) => model.model_name)).toEqual([
          'chat-small',
          'chat-large',
          'chat-premium',
          'embedder',
          'unpriced',
          'image-bot',
        ])
      }
    })

    it("narrows to the access token's user's groups (and an invalid token is just anonymous)", async () => {
      const carol = await getJson<Pricing>('/api/pricing', { authorization: 'Bearer at-carol' })
      expect(carol).toMatchObject({ group_ratio: { default: 1 }, usable_group: { default: 'Everyday models' }, auto_groups: ['default'] })
      expect(carol.data.find((model) => model.model_name === 'chat-large')?.enable_groups).toEqual(['default'])
      expect(carol.data.map((model) => model.model_name)).toEqual(['chat-small', 'chat-large', 'embedder', 'unpriced'])
      const nobody = await getJson<Pricing>('/api/pricing', { authorization: 'Bearer at-nobody' })
      expect(nobody.group_ratio).toEqual({ default: 1, vip: 1.5 })
    })

    it("reports a key's own quota, limits and expiry, with or without Bearer and the trailing slash", async () => {
      const limited = {
        code: true,
        data: {
          expires_at: 0,
          model_limits: { 'chat-small': true, embedder: true },
          model_limits_enabled: true,
          name: 'model-limited',
          object: 'token_usage',
          total_available: 5_000_000,
          total_granted: 5_000_000,
          total_used: 0,
          unlimited_quota: false,
        },
        message: 'ok',
      }
      expect(await getJson('/api/usage/token', { authorization: 'Bearer sk-limited' })).toEqual(limited)
      expect(await getJson('/api/usage/token/', { authorization: 'sk-limited' })).toEqual(limited)
      expect(await getJson('/api/usage/token', { authorization: 'Bearer sk-unrestricted' })).toMatchObject({
        data: { unlimited_quota: true, model_limits: {}, model_limits_enabled: false },
      })
    })

    it('still answers an expired or exhausted key, which the relay refuses', async () => {
      expect(await getJson('/api/usage/token', { authorization: 'Bearer sk-expired' })).toMatchObject({
        data: { name: 'expired', expires_at: 1_735_689_600, total_available: 5_000_000 },
      })
      await harness.gateway.world.tokens.update((q) => q.where({ key: 'sk-low-quota' }), {
        data: (token) => void Object.assign(token, { remainQuota: 0, status: 'exhausted' }),
      })
      try {
        expect(await getJson('/api/usage/token', { authorization: 'Bearer sk-low-quota' })).toMatchObject({
          data: { name: 'nearly-exhausted', total_available: 0, total_used: 4_999_950, total_granted: 4_999_950 },
        })
      } finally {
        await harness.gateway.reset()
      }
    })

    it('shows what a generation debits, as the billing routes do', async () => {
      const usage = async () =>
        (await getJson<{ data: { total_used: number; total_available: number } }>('/api/usage/token', { authorization: 'Bearer sk-vip' }))
          .data
      const before = await usage()
      const chat = await fetch(`${harness.baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-vip', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'chat-premium', messages: [{ role: 'user', content: 'Hello' }] }),
      })
      expect(chat.status).toBe(200)
      const after = await usage()
      const spent = after.total_used - before.total_used
      expect(spent).toBeGreaterThan(0)
      expect(before.total_available - after.total_available).toBe(spent)
      const cents = await getJson<{ total_usage: number }>('/v1/dashboard/billing/usage', { authorization: 'Bearer sk-vip' })
      expect(cents.total_usage).toBeCloseTo((after.total_used / 500_000) * 100, 10)
      await harness.gateway.reset()
    })

    it("lists the models of the user's groups, one group with ?group=, the auto groups with ?group=auto", async () => {
      const models = async (query: string, token: string) =>
        (
          await getJson<{ success: boolean; message: string; data: string[] }>(`/api/user/models${query}`, {
            authorization: `Bearer ${token}`,
          })
        ).data
      const defaults = ['chat-small', 'chat-large', 'embedder', 'unpriced']
      const vip = ['chat-large', 'chat-premium', 'image-bot']
      expect(await models('', 'at-alice')).toEqual([...new Set([...defaults, ...vip])])
      expect(await models('?group=vip', 'at-alice')).toEqual(vip)
      expect(await models('?group=auto', 'at-alice')).toEqual([...new Set([...vip, ...defaults])])
      expect(await models('', 'at-carol')).toEqual(defaults)
      // A group the user may not use, or none of that name: nothing.
      expect(await models('?group=vip', 'at-carol')).toEqual([])
      expect(await models('?group=nope', 'at-alice')).toEqual([])
    })

    it('refuses /api/user/models without an access token, in the dashboard envelope', async () => {
      const response = await get('/api/user/models', { authorization: 'Bearer sk-unrestricted' })
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ success: false, message: expect.any(String) })
    })
  })
})
