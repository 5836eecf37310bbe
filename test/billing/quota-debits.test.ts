import { describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../support/modes.ts'

const costPerCall = 100
const startingBalance = 10 * costPerCall

describe.each(eitherMode)('quota debits ($name)', (mode) => {
  const harness = useHarness(mode, {
    world: {
      extends: 'default',
      // 0.0002 USD per call × 500 000 units per USD × group ratio 1 = 100 units.
      models: [{ id: 'flat-fee', ownedBy: 'custom', pricing: { pricePerCall: 0.0002 } }],
      groups: [{ name: 'default', models: ['gpt-4o-mini', 'gpt-4o', 'flat-fee'] }],
      tokens: [{ key: 'sk-ten-calls', name: 'ten-calls', userId: 1, remainQuota: startingBalance }],
    },
  })

  const chat = (key: string, model: string, content = 'Hello') =>
    fetch(`${harness.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content }] }),
    })
  const summary = async () => {
    const response = await fetch(`${harness.baseUrl}/api/user/billing/summary`, { headers: { authorization: 'Bearer at-alice' } })
    return ((await response.json()) as { data: { used_quota: number; remaining_quota: number; request_count: number } }).data
  }

  it('debits (prompt + completion × completion ratio) × model ratio × group ratio from key and user', async () => {
    const before = await summary()
    const token = harness.gateway.world.findToken('sk-vip')!
    const tokenBefore = { remain: token.remainQuota, used: token.usedQuota }

    const response = await chat('sk-vip', 'gpt-4o', 'What does this cost?')
    expect(response.status).toBe(200)
    const { usage } = (await response.json()) as { usage: { prompt_tokens: number; completion_tokens: number } }
    // gpt-4o: ratio 1.25, completion ratio 4; the vip group: ratio 1.5.
    const expected = Math.round((usage.prompt_tokens + usage.completion_tokens * 4) * 1.25 * 1.5)

    expect(token.remainQuota).toBe(tokenBefore.remain - expected)
    expect(token.usedQuota).toBe(tokenBefore.used + expected)
    const after = await summary()
    expect(after.used_quota).toBe(before.used_quota + expected)
    expect(after.remaining_quota).toBe(before.remaining_quota - expected)
    expect(after.request_count).toBe(before.request_count + 1)
  })

  it('never overspends or loses a debit under many concurrent requests', async () => {
    const before = await summary()
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => chat('sk-ten-calls', 'flat-fee', `call ${i}`)))
    const statuses = responses.map((response) => response.status)

    expect(statuses.filter((status) => status === 200)).toHaveLength(10)
    expect(statuses.filter((status) => status === 403)).toHaveLength(40)
    const refused = (await responses.find((response) => response.status === 403)!.json()) as { error: { code: string } }
    expect(refused.error.code).toBe('insufficient_quota')

    const token = harness.gateway.world.findToken('sk-ten-calls')!
    expect(token).toMatchObject({ remainQuota: 0, usedQuota: startingBalance, status: 'exhausted' })
    const after = await summary()
    expect(after.used_quota).toBe(before.used_quota + startingBalance)
    expect(after.request_count).toBe(before.request_count + 10)

    const next = await chat('sk-ten-calls', 'flat-fee')
    expect(next.status).toBe(403)
    expect(((await next.json()) as { error: { message: string } }).error.message).toContain('has no quota left')
  })

  it('refuses a request its key cannot cover, and says what it costs', async () => {
    // sk-low-quota has 2 units; a long prompt on gpt-4o-mini costs more than that.
    const response = await chat('sk-low-quota', 'gpt-4o-mini', 'word '.repeat(800))
    expect(response.status).toBe(403)
    const body = (await response.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('insufficient_quota')
    expect(body.error.message).toMatch(/has 2 quota units left; this request costs \d+/)
    expect(harness.gateway.world.findToken('sk-low-quota')!.remainQuota).toBe(2)
  })

  it('puts the quota back on reset', async () => {
    await harness.gateway.reset()
    expect(harness.gateway.world.findToken('sk-ten-calls')).toMatchObject({ remainQuota: startingBalance, status: 'enabled' })
  })
})
