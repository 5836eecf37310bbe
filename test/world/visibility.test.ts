import { describe, expect, it } from 'vitest'
import { createGateway, visibleModels } from '../../src/index.ts'
import { eitherMode, useHarness } from '../support/modes.ts'

describe.each(eitherMode)('what each default key sees ($name)', (mode) => {
  const harness = useHarness(mode)

  const list = async (key: string) => {
    const response = await fetch(`${harness.baseUrl}/v1/models`, { headers: { authorization: `Bearer ${key}` } })
    return ((await response.json()) as { data: { id: string }[] }).data.map((model) => model.id)
  }

  const everyday = ['gpt-4o-mini', 'gpt-4o', 'claude-sonnet-4-6', 'gemini-2.5-flash', 'small-context-4k']
  const embedding = ['text-embedding-3-small', 'text-embedding-3-large', 'gemini-embedding-001']
  // One model of each other kind, after the unpriced model (which the lists hide).
  const media = [
    'gpt-3.5-turbo-instruct',
    'dall-e-3',
    'dall-e-2',
    'dall-e',
    'tts-1',
    'whisper-1',
    'omni-moderation-latest',
    'text-moderation-stable',
    'jina-reranker-v2-base-multilingual',
    'gpt-realtime',
  ]
  const vip = [
    'gpt-4o',
    'claude-opus-4-1',
    'gemini-2.5-pro',
    'gemini-2.5-flash',
    'text-embedding-3-large',
    'gemini-embedding-001',
    'dall-e-3',
    'tts-1',
    'whisper-1',
    'gpt-realtime',
  ]

  it.each([
    ['sk-unrestricted', [...everyday, ...embedding, ...media]],
    ['sk-limited', ['gpt-4o-mini', 'gemini-2.5-flash']],
    ['sk-vip', vip],
    // auto: the vip group first, then default, without repeats
    [
      'sk-auto',
      [
        ...vip,
        'gpt-4o-mini',
        'claude-sonnet-4-6',
        'small-context-4k',
        'text-embedding-3-small',
        'gpt-3.5-turbo-instruct',
        'dall-e-2',
        'dall-e',
        'omni-moderation-latest',
        'text-moderation-stable',
        'jina-reranker-v2-base-multilingual',
      ],
    ],
    ['sk-low-quota', [...everyday, ...embedding, ...media]],
    ['sk-broke-user', [...everyday, ...embedding, ...media]],
  ])('%s', async (key, expected) => {
    expect(await list(key)).toEqual(expected)
  })

  it('shows unpriced models in self-use mode', async () => {
    harness.gateway.world.settings.selfUseMode = true
    try {
      expect(await list('sk-unrestricted')).toContain('unpriced-model')
    } finally {
      harness.gateway.world.settings.selfUseMode = false
    }
  })

  it('shows nothing to a key whose model limit list is empty', async () => {
    await harness.gateway.world.tokens.update((q) => q.where({ key: 'sk-limited' }), {
      data(token) {
        token.modelLimits = []
      },
    })
    try {
      expect(await list('sk-limited')).toEqual([])
    } finally {
      await harness.gateway.reset()
    }
  })

  it('follows the world when a model is withdrawn from a group', async () => {
    await harness.gateway.world.groups.update((q) => q.where({ name: 'vip' }), {
      data(group) {
        group.models = group.models.filter((id) => id !== 'gemini-2.5-pro')
      },
    })
    try {
      expect(await list('sk-vip')).toEqual(vip.filter((id) => id !== 'gemini-2.5-pro'))
    } finally {
      await harness.gateway.reset()
    }
  })
})

// Each model once, at its first place, however often the key's groups list it: within a group,
// across an auto key's groups, and in lists long enough to be kept in a Set.
describe('a model listed more than once', () => {
  const world = (groupSize: number) => ({
    extends: 'default' as const,
    models: Array.from({ length: groupSize }, (_, n) => ({ id: `m-${n}`, ownedBy: 'custom', pricing: { ratio: 1 } })),
    groups: [
      { name: 'default', models: ['m-2', 'gpt-4o', 'm-1', 'm-2', 'gpt-4o', ...Array.from({ length: groupSize }, (_, n) => `m-${n}`)] },
      { name: 'vip', models: ['m-1', 'gpt-4o-mini', 'm-3', 'gpt-4o-mini'] },
    ],
  })

  it.each([8, 100])('%i models in a group', async (groupSize) => {
    const gateway = await createGateway({ world: world(groupSize) })
    const ids = (key: string) => {
      const token = gateway.world.findToken(key)!
      return visibleModels(gateway.world, token, gateway.world.findUser(token.userId)!).map((model) => model.id)
    }
    const rest = Array.from({ length: groupSize }, (_, n) => `m-${n}`).filter((id) => !['m-1', 'm-2'].includes(id))
    expect(ids('sk-unrestricted')).toEqual(['m-2', 'gpt-4o', 'm-1', ...rest])
    // auto: vip first, then default.
    const vipFirst = ['m-1', 'gpt-4o-mini', 'm-3']
    expect(ids('sk-auto')).toEqual([...vipFirst, 'm-2', 'gpt-4o', ...rest.filter((id) => id !== 'm-3')])
  })
})
