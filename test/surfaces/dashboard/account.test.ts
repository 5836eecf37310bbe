import { describe, expect, it } from 'vitest'
import { modes, useHarness } from '../../support/modes.ts'

describe.each(modes)('dashboard and account routes ($name)', (mode) => {
  const harness = useHarness(mode)

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${harness.baseUrl}${path}`, { headers })

  it('summarises the user quota in units and USD', async () => {
    const response = await get('/api/user/billing/summary', { authorization: 'Bearer at-carol' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      success: true,
      message: '',
      data: {
        user_id: 2,
        username: 'carol',
        group: 'default',
        quota_per_unit: 500_000,
        remaining_quota: 0,
        used_quota: 2_500_000,
        total_quota: 2_500_000,
        remaining_usd: 0,
        used_usd: 5,
        total_usd: 5,
        request_count: 40,
      },
    })
  })

  it.each([
    ['no token', {}, 'Missing access token'],
    ['an unknown token', { authorization: 'Bearer at-mallory' }, 'Invalid access token'],
    ['an API key', { authorization: 'Bearer sk-unrestricted' }, 'That is an API key'],
  ])('answers %s with 401 {success:false, message}', async (_name, headers, message) => {
    const response = await get('/api/user/billing/summary', headers)
    expect(response.status).toBe(401)
    const body = (await response.json()) as { success: boolean; message: string }
    expect(body.success).toBe(false)
    expect(body.message).toContain(message)
    expect(Object.keys(body)).toEqual(['success', 'message'])
  })

  it('returns the user in the gateway field names on /api/user/self', async () => {
    const response = await get('/api/user/self', { authorization: 'at-alice' })
    expect(await response.json()).toMatchObject({
      success: true,
      data: { id: 1, username: 'alice', role: 1, status: 1, group: 'default', quota: 100_000_000, used_quota: 0, request_count: 0 },
    })
  })

  it('answers /api/status without auth', async () => {
    const body = (await (await get('/api/status')).json()) as { success: boolean; data: Record<string, unknown> }
    expect(body.success).toBe(true)
    expect(body.data).toMatchObject({ quota_per_unit: 500_000, quota_display_type: 'USD', self_use_mode_enabled: false })
    expect(body.data.start_time).toBeTypeOf('number')
  })

  it.each([
    ['a limited key', 'sk-limited', 10],
    ['an unlimited key', 'sk-unrestricted', 100_000_000],
  ])('reports the subscription limit of %s', async (_name, key, limit) => {
    for (const prefix of ['/v1/dashboard', '/dashboard']) {
      const response = await get(`${prefix}/billing/subscription`, { authorization: `Bearer ${key}` })
      expect(await response.json()).toEqual({
        object: 'billing_subscription',
        has_payment_method: true,
        soft_limit_usd: limit,
        hard_limit_usd: limit,
        system_hard_limit_usd: limit,
        access_until: 0,
      })
    }
  })

  it('reports the key usage in cents', async () => {
    const response = await get('/v1/dashboard/billing/usage?start_date=2026-01-01&end_date=2026-02-01', {
      authorization: 'Bearer sk-low-quota',
    })
    expect(await response.json()).toEqual({ object: 'list', total_usage: 999.99 })
  })

  it('answers /v1/dashboard auth failures in the OpenAI envelope', async () => {
    const response = await get('/v1/dashboard/billing/subscription', { authorization: 'Bearer sk-disabled' })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_api_key', type: 'invalid_request_error' } })
  })
})
