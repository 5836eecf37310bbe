import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../../support/modes.ts'

// NextChat's "check usage" (app/client/platforms/openai.ts, usage()): two GETs on its base URL
// without /v1, the dates as YYYY-MM-DD from the first of the month to tomorrow; it shows
// total_usage / 100 as dollars used and hard_limit_usd as the total, and "Unauthorized" on a 401.
function nextChatUsage(baseUrl: string, key: string) {
  const today = new Date()
  const day = (date: Date) => date.toISOString().slice(0, 10)
  const start = day(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)))
  const end = day(new Date(today.getTime() + 86_400_000))
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }
  return Promise.all([
    fetch(`${baseUrl}/dashboard/billing/usage?start_date=${start}&end_date=${end}`, { method: 'GET', headers }),
    fetch(`${baseUrl}/dashboard/billing/subscription`, { method: 'GET', headers }),
  ])
}

describe.each(eitherMode)("NextChat's usage check ($name)", (mode) => {
  describe.each(['spec', 'new-api'] as const)('%s profile', (profile) => {
    const harness = useHarness(mode, { profile })

    it('reads the used dollars (cents / 100) and the limit, and both follow a request', async () => {
      const read = async () => {
        const [usage, subscription] = await nextChatUsage(harness.baseUrl, 'sk-vip')
        expect([usage.status, subscription.status]).toEqual([200, 200])
        const used = (await usage.json()).total_usage / 100
        const total = (await subscription.json()).hard_limit_usd
        return { used, total }
      }
      const before = await read()
      expect(before.total).toBe(10)
      const client = new OpenAI({ apiKey: 'sk-vip', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
      await client.images.generate({ model: 'dall-e-3', prompt: 'a cat', response_format: 'b64_json', size: '256x256' })
      const after = await read()
      // dall-e-3 at 256²: 0.04 × 0.4 = 0.016 USD, × 1.5 in the vip group.
      expect(after.used - before.used).toBeCloseTo(0.024, 9)
      expect(after.total).toBe(before.total)
    })

    it('gets a 401 for a bad key, which NextChat shows as Unauthorized', async () => {
      const [usage, subscription] = await nextChatUsage(harness.baseUrl, 'sk-nobody')
      expect([usage.status, subscription.status]).toEqual([401, 401])
    })
  })
})
