import { describe, expect, it } from 'vitest'
import { createGateway, resolveWorld, visibleModels } from '../../src/index.ts'
import { buildImportedWorld } from '../../src/world/import/build-imported-world.ts'
import { mergeOrders } from '../../src/world/import/merge-orders.ts'
import type { PricingEntry, UpstreamAnswers, UpstreamKey } from '../../src/world/import/upstream-answers.ts'

// The rules an import builds a world by, on answers written out as a real new-api would give them.

const options = { keepKeys: false, freshKey: (name: string) => `sk-local-${name}`, freshAccessToken: () => 'at-local' }

const key = (name: string, listed: string[], more: Partial<UpstreamKey> & { limits?: string[] } = {}): UpstreamKey => {
  const { limits, ...rest } = more
  return {
    label: `--key (${name})`,
    masked: `${name}…`,
    key: `sk-${name}`,
    models: listed.map((id) => ({ id, owned_by: 'openai', supported_endpoint_types: ['openai', 'openai-response', 'dify-video'] })),
    usage: {
      name,
      total_available: 1000,
      total_used: 10,
      unlimited_quota: false,
      model_limits: Object.fromEntries((limits ?? []).map((id) => [id, true])),
      model_limits_enabled: limits !== undefined,
      expires_at: 0,
    },
    ...rest,
  }
}

const priced = (model_name: string, enable_groups: string[], more: Partial<PricingEntry> = {}): PricingEntry => ({
  model_name,
  quota_type: 0,
  model_ratio: 1,
  model_price: 0,
  completion_ratio: 1,
  enable_groups,
  supported_endpoint_types: ['openai'],
  ...more,
})

/** Each imported key's visible models, by the local key. */
async function visible(answers: UpstreamAnswers) {
  const imported = buildImportedWorld(answers, options)
  const gateway = await createGateway({ world: resolveWorld(imported.world) })
  const lists = imported.keys.map((entry) => {
    const token = gateway.world.findToken(entry.local)!
    return visibleModels(gateway.world, token, gateway.world.findUser(token.userId)!).map((model) => model.id)
  })
  return { imported, lists }
}

describe('merging the orders keys list a group in', () => {
  it('keeps every list’s order, whichever list comes first', () => {
    expect(
      mergeOrders([
        ['a', 'c'],
        ['a', 'b', 'c'],
      ]),
    ).toEqual({ order: ['a', 'b', 'c'], consistent: true })
    expect(
      mergeOrders([
        ['b', 'd'],
        ['a', 'b', 'c', 'd'],
      ]),
    ).toEqual({ order: ['a', 'b', 'c', 'd'], consistent: true })
  })

  it('says when two lists disagree, and keeps the order items were first met in', () => {
    expect(
      mergeOrders([
        ['a', 'b'],
        ['b', 'a', 'c'],
      ]),
    ).toEqual({ order: ['a', 'b', 'c'], consistent: false })
  })
})

describe('building the world from what the upstream says', () => {
  it('puts a key in the group whose models it lists; of two alike, the user’s own, saying so when the ratios differ', async () => {
    const answers: UpstreamAnswers = {
      keys: [key('a', ['m1', 'm2'])],
      pricing: { data: [priced('m1', ['default', 'twin']), priced('m2', ['default', 'twin'])], group_ratio: { default: 1, twin: 3 } },
      self: { id: 3, username: 'u', group: 'twin', quota: 100 },
      groupModels: {},
    }
    const { imported, lists } = await visible(answers)
    expect(imported.world.tokens[0]!.group).toBeNull()
    expect(imported.world.users[0]!.group).toBe('twin')
    expect(imported.notes).toContain(
      '--key (a): default (ratio 1), twin (ratio 3) all enable the models it lists; took "twin", so it pays that group\'s ratio',
    )
    expect(lists).toEqual([['m1', 'm2']])
  })

  it('takes a model a key’s group enables but no key lists for one the upstream does not price, unless in self-use mode', async () => {
    const pricing = { data: [priced('m1', ['default']), priced('hidden', ['default'])], group_ratio: { default: 1 } }
    const hidden = buildImportedWorld({ keys: [key('a', ['m1'])], pricing, groupModels: {} }, options)
    expect(hidden.world.models.find((model) => model.id === 'hidden')?.pricing).toBeNull()
    // In self-use mode the upstream lists unpriced models too: this key cannot be in that group.
    const selfUse = buildImportedWorld(
      { keys: [key('a', ['m1'])], pricing, status: { self_use_mode_enabled: true }, groupModels: {} },
      options,
    )
    expect(selfUse.world.models.find((model) => model.id === 'hidden')?.pricing).toEqual({ ratio: 1, completionRatio: 1 })
    expect(selfUse.world.groups.map((group) => group.name)).toEqual(['default', 'imported-a'])
    expect(selfUse.world.settings?.selfUseMode).toBe(true)
  })

  it('takes a key for an auto key only when it lists the auto groups’ models group after group', async () => {
    const pricing = {
      data: [priced('v1', ['vip']), priced('d1', ['default']), priced('d2', ['default'])],
      group_ratio: { default: 1, vip: 2 },
      auto_groups: ['vip', 'default'],
    }
    const auto = await visible({ keys: [key('auto', ['v1', 'd1', 'd2'])], pricing, groupModels: {} })
    expect(auto.imported.keys[0]!.group).toBe('auto')
    expect(auto.imported.world.tokens[0]!.group).toBe('auto')
    expect(auto.lists).toEqual([['v1', 'd1', 'd2']])
    const shuffled = await visible({ keys: [key('other', ['d1', 'v1', 'd2'])], pricing, groupModels: {} })
    expect(shuffled.imported.keys[0]!.group).toBe('imported-other')
    expect(shuffled.lists).toEqual([['d1', 'v1', 'd2']])
  })

  it('orders a group’s models as its keys list them, limited keys included', async () => {
    const pricing = { data: ['z', 'y', 'x'].map((id) => priced(id, ['default'])), group_ratio: { default: 1 } }
    const { imported, lists } = await visible({
      keys: [key('limited', ['x', 'z'], { limits: ['x', 'z'] }), key('all', ['x', 'y', 'z'])],
      pricing,
      groupModels: {},
    })
    expect(imported.world.groups[0]!.models).toEqual(['x', 'y', 'z'])
    expect(lists).toEqual([
      ['x', 'z'],
      ['x', 'y', 'z'],
    ])
  })

  it('prices per call or by ratio as /api/pricing says, and tells embedding models by their name when the lists do not', () => {
    const { world, notes } = buildImportedWorld(
      {
        keys: [key('a', ['per-call', 'ratio', 'text-embedding-3-large', 'my-embed-v2'])],
        pricing: {
          data: [
            priced('per-call', ['default'], { quota_type: 1, model_price: 0.02, model_ratio: 37.5 }),
            priced('ratio', ['default'], { model_ratio: 2.5, completion_ratio: 3 }),
            priced('text-embedding-3-large', ['default'], { model_ratio: 0.065 }),
            priced('my-embed-v2', ['default']),
          ],
          group_ratio: { default: 1 },
        },
        groupModels: {},
      },
      options,
    )
    const model = (id: string) => world.models.find((entry) => entry.id === id)
    expect(model('per-call')?.pricing).toEqual({ pricePerCall: 0.02 })
    expect(model('ratio')?.pricing).toEqual({ ratio: 2.5, completionRatio: 3 })
    expect([model('text-embedding-3-large')?.kind, model('text-embedding-3-large')?.dimensions]).toEqual(['embedding', 3072])
    expect([model('my-embed-v2')?.kind, model('my-embed-v2')?.dimensions]).toEqual(['embedding', 1536])
    // new-api's own types are the world's; one it does not know is left out, and said so.
    expect(model('ratio')?.endpointTypes).toEqual(['openai', 'openai-response'])
    expect(notes).toContain('endpoint types the world does not model were left out: dify-video')
    expect(notes).toContain('no route tells the dimensions of my-embed-v2 (1536): assumed')
  })

  it('reads a key’s quota from the billing routes in the display currency when /api/usage/token is missing', () => {
    const billed = (subscription: UpstreamKey['subscription'], billingUsage: UpstreamKey['billingUsage']) => ({
      ...key('a', ['m']),
      usage: undefined,
      subscription,
      billingUsage,
    })
    const { world } = buildImportedWorld(
      {
        keys: [
          billed({ hard_limit_usd: 14, access_until: 4_070_908_800 }, { total_usage: 350 }),
          billed({ hard_limit_usd: 100_000_000 }, { total_usage: 0 }),
        ],
        status: { quota_display_type: 'CNY', usd_exchange_rate: 7, quota_per_unit: 500_000 },
        groupModels: {},
      },
      options,
    )
    // 14 CNY at 7 to the dollar: 2 USD granted, 0.5 USD used.
    expect(world.tokens.map((token) => [token.remainQuota, token.usedQuota, token.unlimitedQuota, token.expiresAt])).toEqual([
      [750_000, 250_000, false, '2099-01-01T00:00:00.000Z'],
      [undefined, 0, true, null],
    ])
  })
})
