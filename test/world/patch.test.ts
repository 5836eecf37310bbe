import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  createGateway,
  groupSchema,
  modelSchema,
  redemptionSchema,
  resolveScenario,
  resolveWorld,
  ScenarioError,
  tokenSchema,
  userSchema,
  WorldError,
  worldSettingsSchema,
  type WorldDefinition,
} from '../../src/index.ts'
import { applyScenarioWorlds } from '../../src/scenarios/resolve-scenario.ts'
import { inRepo } from '../support/paths.ts'

/** The issues a definition is refused with (fails the test if it resolves). */
function issuesOf(definition: unknown): { path: string; message: string }[] {
  let caught: unknown
  try {
    resolveWorld(definition as WorldDefinition, 'test.json')
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(WorldError)
  return [...(caught as WorldError).issues]
}

const patch = (changes: object) => ({ extends: 'default', ...changes })
const group = (world: ReturnType<typeof resolveWorld>, name: string) => world.groups.find((candidate) => candidate.name === name)

describe('list fields in a patch', () => {
  it('a plain list replaces, {add, remove} changes: remove first, add appends what is missing', () => {
    const world = resolveWorld(
      patch({
        models: [{ id: 'house-model', pricing: { ratio: 1 } }],
        groups: [
          { name: 'default', models: { remove: ['gpt-4o', 'unpriced-model'], add: ['house-model', 'gpt-4o-mini'] } },
          { name: 'vip', models: ['gpt-4o'] },
        ],
        users: [{ id: 2, extraGroups: { add: ['vip'] } }],
        settings: { autoGroups: { remove: ['vip'] } },
      }) as WorldDefinition,
    )
    expect(group(world, 'default')?.models).toEqual([
      'gpt-4o-mini',
      'claude-sonnet-4-6',
      'gemini-2.5-flash',
      'small-context-4k',
      'text-embedding-3-small',
      'text-embedding-3-large',
      'gemini-embedding-001',
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
      'house-model',
    ])
    expect(group(world, 'vip')?.models).toEqual(['gpt-4o'])
    expect(world.users[1]?.extraGroups).toEqual(['vip'])
    expect(world.settings.autoGroups).toEqual(['default'])
  })

  it('naming a record and removing what its list lacks is a mistake: said at the item, with the nearest entry', () => {
    expect(issuesOf(patch({ groups: [{ name: 'vip', models: { remove: ['gemini-2.5-fash', 'gpt-4o-mini'] } }] }))).toEqual([
      {
        path: 'groups[0].models.remove[0]',
        message:
          'group "vip" has no "gemini-2.5-fash" in models. Did you mean "gemini-2.5-flash"? To take it out of every record that has it, use "every".',
      },
      {
        path: 'groups[0].models.remove[1]',
        message: 'group "vip" has no "gpt-4o-mini" in models. To take it out of every record that has it, use "every".',
      },
    ])
  })

  it('a key without model limits (null) cannot have them added to or removed from', () => {
    expect(issuesOf(patch({ tokens: [{ key: 'sk-unrestricted', modelLimits: { add: ['gpt-4o'] } }] }))).toEqual([
      {
        path: 'tokens[0].modelLimits',
        message:
          'token "sk-unrestricted" has no modelLimits (null: no restriction), so there is nothing to add to or remove from: give a list instead',
      },
    ])
    const world = resolveWorld(
      patch({ tokens: [{ key: 'sk-limited', modelLimits: { add: ['gpt-4o'], remove: ['gemini-2.5-flash'] } }] }) as WorldDefinition,
    )
    expect(world.tokens.find((token) => token.key === 'sk-limited')?.modelLimits).toEqual(['gpt-4o-mini', 'gpt-4o'])
  })
})

describe('"every" in a patch', () => {
  it("changes every record of a kind, the ones the patch adds included, except where a record's own entry sets the field", () => {
    const world = resolveWorld(
      patch({
        models: [
          { id: 'gpt-4o-mini', contextWindow: 8192 },
          { id: 'house-model', pricing: { ratio: 1 } },
        ],
        groups: [{ name: 'default', models: { add: ['house-model'] } }],
        every: { models: { contextWindow: 1024, streaming: 'realistic' }, users: { quota: 7 } },
      }) as WorldDefinition,
    )
    expect(world.models.map((model) => [model.id, model.contextWindow])).toEqual([
      ['gpt-4o-mini', 8192],
      ['gpt-4o', 1024],
      ['claude-sonnet-4-6', 1024],
      ['claude-opus-4-1', 1024],
      ['gemini-2.5-flash', 1024],
      ['gemini-2.5-pro', 1024],
      ['small-context-4k', 1024],
      ['text-embedding-3-small', 1024],
      ['text-embedding-3-large', 1024],
      ['gemini-embedding-001', 1024],
      ['gpt-3.5-turbo-instruct', 1024],
      ['dall-e-3', 1024],
      ['dall-e-2', 1024],
      ['dall-e', 1024],
      ['tts-1', 1024],
      ['whisper-1', 1024],
      ['omni-moderation-latest', 1024],
      ['text-moderation-stable', 1024],
      ['jina-reranker-v2-base-multilingual', 1024],
      ['unpriced-model', 1024],
      ['gpt-realtime', 1024],
      ['house-model', 1024],
    ])
    expect(new Set(world.models.map((model) => model.streaming))).toEqual(new Set(['realistic']))
    expect(world.users.map((user) => user.quota)).toEqual([7, 7, 7])
  })

  it('takes an item out of every list that has it, and leaves the others (and keys without limits) alone', () => {
    const world = resolveWorld(
      patch({
        every: { groups: { models: { remove: ['gpt-4o'] } }, tokens: { modelLimits: { remove: ['gemini-2.5-flash'] } } },
      }) as WorldDefinition,
    )
    expect(group(world, 'default')?.models).not.toContain('gpt-4o')
    expect(group(world, 'vip')?.models).toEqual([
      'claude-opus-4-1',
      'gemini-2.5-pro',
      'gemini-2.5-flash',
      'text-embedding-3-large',
      'gemini-embedding-001',
      'dall-e-3',
      'tts-1',
      'whisper-1',
      'gpt-realtime',
    ])
    expect(world.tokens.find((token) => token.key === 'sk-limited')?.modelLimits).toEqual(['gpt-4o-mini'])
    expect(world.tokens.find((token) => token.key === 'sk-unrestricted')?.modelLimits).toBeNull()
  })

  it("composes with a record's own {add, remove}, which applies after it", () => {
    const world = resolveWorld(
      patch({
        groups: [
          { name: 'vip', models: { add: ['gpt-4o'] } },
          { name: 'default', models: { remove: ['gpt-4o'], add: ['house-model'] } },
        ],
        models: [{ id: 'house-model' }],
        every: { groups: { models: { remove: ['gpt-4o'] } } },
      }) as WorldDefinition,
    )
    expect(group(world, 'vip')?.models).toEqual([
      'claude-opus-4-1',
      'gemini-2.5-pro',
      'gemini-2.5-flash',
      'text-embedding-3-large',
      'gemini-embedding-001',
      'dall-e-3',
      'tts-1',
      'whisper-1',
      'gpt-realtime',
      'gpt-4o',
    ])
    expect(group(world, 'default')?.models).toEqual([
      'gpt-4o-mini',
      'claude-sonnet-4-6',
      'gemini-2.5-flash',
      'small-context-4k',
      'text-embedding-3-small',
      'text-embedding-3-large',
      'gemini-embedding-001',
      'unpriced-model',
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
      'house-model',
    ])
    // A plain list is a value: it wins over every's change.
    const replaced = resolveWorld(
      patch({ groups: [{ name: 'vip', models: ['gpt-4o'] }], every: { groups: { models: { remove: ['gpt-4o'] } } } }) as WorldDefinition,
    )
    expect(group(replaced, 'vip')?.models).toEqual(['gpt-4o'])
  })

  it('reports a problem it causes at every.…, naming the record', () => {
    expect(issuesOf(patch({ every: { users: { group: 'vipp' } } }))).toEqual([
      { path: 'every.users.group', message: 'no group is named "vipp". Did you mean "vip"? (on users 1, 2, 3)' },
    ])
  })
})

describe('mistakes in a patch say what to change, at the path in the file', () => {
  it('a typo in an existing key is not taken for a new key', () => {
    expect(issuesOf(patch({ tokens: [{ key: 'sk-limted', remainQuota: 5 }] }))).toEqual([
      {
        path: 'tokens[0].key',
        message: 'no token has key "sk-limted". Did you mean "sk-limited"? To add a new token, give "name" and "userId" too.',
      },
    ])
  })

  it('a new model that breaks a rule of its own is told so once, at its field, not taken for a typo', () => {
    const embedder = { id: 'my-embedder', kind: 'embedding' }
    expect(issuesOf(patch({ models: [embedder], groups: [{ name: 'default', models: { add: ['my-embedder'] } }] }))).toEqual([
      { path: 'models[0].dimensions', message: 'an embedding model needs its dimensions (the length of its vectors)' },
    ])
    expect(issuesOf(patch({ every: { models: { kind: 'embedding' } } }))[0]).toEqual({
      path: 'models[id="gpt-4o-mini"].dimensions',
      message: 'an embedding model needs its dimensions (the length of its vectors)',
    })
  })

  it('a typo in a group, a user or a model says the same', () => {
    expect(
      issuesOf(
        patch({
          groups: [{ name: 'defualt', models: { remove: ['gpt-4o'] } }],
          users: [{ id: 4, quota: 0 }],
          models: [{ id: 'gpt-4o-mni', contextWindow: 8192 }],
        }),
      ),
    ).toEqual([
      {
        path: 'groups[0].name',
        message: 'no group is named "defualt". Did you mean "default"? To add a new group, give its "models" as a list.',
      },
      { path: 'users[0].id', message: 'no user has id 4. To add a new user, give "username" and "quota" too.' },
      {
        path: 'models[0].id',
        message: 'no model has id "gpt-4o-mni". Did you mean "gpt-4o-mini"? To add a new model, enable it in a group\'s "models" too.',
      },
    ])
  })

  it('an unknown field names the nearest known one', () => {
    expect(issuesOf(patch({ models: [{ id: 'gpt-4o', contextWindw: 1024 }], every: { groups: { rateLimt: {} } } }))).toEqual([
      { path: 'models[0].contextWindw', message: 'unknown field. Did you mean "contextWindow"?' },
      { path: 'every.groups.rateLimt', message: 'unknown field. Did you mean "rateLimit"?' },
    ])
  })

  it("indexes are the file's, even where the merged world has the record elsewhere", () => {
    expect(
      issuesOf(
        patch({
          models: [{ id: 'house-model', pricing: { ratio: 1 } }],
          groups: [{ name: 'vip', models: { add: ['house-model', 'house-modle'] } }],
          tokens: [
            { key: 'sk-ci', name: 'ci', userId: 1, unlimitedQuota: true },
            { key: 'sk-new', name: 'new', userId: 9, modelLimits: ['gpt-4o', 'gpt-5'] },
          ],
        }),
      ),
    ).toEqual([
      { path: 'groups[0].models.add[1]', message: 'no model has id "house-modle". Did you mean "house-model"?' },
      { path: 'tokens[1].userId', message: 'no user has id 9. The users are 1 (alice), 2 (carol), 3 (root).' },
      { path: 'tokens[1].modelLimits[1]', message: 'no model has id "gpt-5". Did you mean "gpt-4o"?' },
    ])
  })

  it('removing a model that groups and keys still name says where, and how to take it out everywhere', () => {
    const [issue, ...rest] = issuesOf(patch({ remove: { models: ['gemini-2.5-flash'] } }))
    expect(rest).toEqual([])
    expect(issue?.path).toBe('remove.models[0]')
    expect(issue?.message).toBe(
      'still used by group "default" (models), group "vip" (models), token "sk-limited" (modelLimits): change or remove them too (to take it out of every group and key: "every": {"groups": {"models": {"remove": ["gemini-2.5-flash"]}}, "tokens": {"modelLimits": {"remove": ["gemini-2.5-flash"]}}})',
    )
    expect(issuesOf(patch({ remove: { tokens: ['sk-limted'] } }))).toEqual([
      { path: 'remove.tokens[0]', message: 'no token has key "sk-limted". Did you mean "sk-limited"? Nothing to remove.' },
    ])
  })

  it('a change to a record the file does not name is shown by identity', () => {
    expect(issuesOf(patch({ users: [{ id: 1, extraGroups: [] }] }))).toEqual([
      { path: 'tokens[key="sk-vip"].group', message: 'user alice may not use group "vip": add it to that user\'s extraGroups' },
    ])
  })

  it('the same record twice in one list is refused', () => {
    expect(
      issuesOf(
        patch({
          tokens: [
            { key: 'sk-vip', remainQuota: 1 },
            { key: 'vip', remainQuota: 2 },
          ],
        }),
      ),
    ).toEqual([{ path: 'tokens[1].key', message: '"vip" is already changed at tokens[0]: change it in one place' }])
  })

  it('a patch without "extends" is told to add it', () => {
    expect(issuesOf({ groups: [{ name: 'default', models: ['gpt-4o-mini'] }] })).toEqual([
      {
        path: '',
        message:
          'a whole world needs "groups", "users", "tokens" and "models" (this one has no "users", "tokens", "models"). To change the default world instead, add "extends": "default"',
      },
    ])
    expect(issuesOf({ every: { models: { contextWindow: 8 } } })[0]?.message).toMatch(
      /"every" only work in a patch\. .*add "extends": "default"$/,
    )
  })

  it('an unknown value suggests the nearest allowed one', () => {
    expect(issuesOf({ extends: 'defualt' })).toEqual([
      { path: 'extends', message: '"defualt" is not one of "default". Did you mean "default"?' },
    ])
    expect(issuesOf(patch({ models: [{ id: 'gpt-4o', reply: { type: 'tool_calls' } }] }))).toEqual([
      {
        path: 'models[0].reply.type',
        message: '"tool_calls" is not one of "echo", "text", "lorem", "tool-calls". Did you mean "tool-calls"?',
      },
    ])
    expect(issuesOf(patch({ models: [{ id: 'gpt-4o', pricing: { ratoi: 1 } }] }))).toEqual([
      { path: 'models[0].pricing.ratio', message: 'missing (required): expected a number' },
      { path: 'models[0].pricing.ratoi', message: 'unknown field. Did you mean "ratio"?' },
    ])
  })
})

describe('redemption codes and the management fields in a patch', () => {
  it('adds, changes and removes codes by key, and takes the new user, key and settings fields', () => {
    const world = resolveWorld(
      patch({
        redemptions: [
          { key: 'redeem-10-usd', quota: 1_000_000 },
          { key: 'ci-code', name: 'ci', quota: 250_000 },
        ],
        remove: { redemptions: ['redeem-disabled'] },
        every: { redemptions: { expiresAt: '2030-01-01T00:00:00Z' } },
        users: [{ id: 4, username: 'dave', quota: 10, password: 'dave-pass', affCode: 'dave' }],
        tokens: [{ key: 'sk-ci', name: 'ci', userId: 4, id: 40, allowIps: ['10.0.0.0/8'], crossGroupRetry: true }],
        settings: { registerEnabled: false, newUserQuota: 500_000, logConsume: false, logErrors: true, requireNewApiUser: true },
      }) as WorldDefinition,
    )
    expect(world.redemptions.map((code) => [code.key, code.quota, code.expiresAt])).toEqual([
      ['redeem-10-usd', 1_000_000, '2030-01-01T00:00:00Z'],
      ['redeem-used', 5_000_000, '2030-01-01T00:00:00Z'],
      ['redeem-expired', 5_000_000, '2030-01-01T00:00:00Z'],
      ['ci-code', 250_000, '2030-01-01T00:00:00Z'],
    ])
    expect(world.redemptions.at(-1)).toMatchObject({ name: 'ci', status: 'unused' })
    expect(world.users.at(-1)).toMatchObject({ id: 4, username: 'dave', password: 'dave-pass', affCode: 'dave' })
    expect(world.users.at(-1)).not.toHaveProperty('accessToken')
    expect(world.tokens.at(-1)).toMatchObject({ key: 'sk-ci', id: 40, allowIps: ['10.0.0.0/8'], crossGroupRetry: true })
    expect(world.settings).toMatchObject({
      registerEnabled: false,
      newUserQuota: 500_000,
      logConsume: false,
      logErrors: true,
      requireNewApiUser: true,
    })
  })

  it('a misspelt code, field or user is told with the nearest one', () => {
    expect(
      issuesOf(
        patch({
          redemptions: [
            { key: 'redeem-10-usb', status: 'disabled' },
            { key: 'gift', quota: 5, usedByUserId: 9, status: 'used' },
          ],
          users: [{ id: 1, pasword: 'x' }],
          tokens: [{ key: 'sk-vip', allowIp: ['127.0.0.1'] }],
          settings: { registerEnable: false },
          remove: { redemptions: ['redeem-usd'] },
        }),
      ),
    ).toEqual([
      { path: 'settings.registerEnable', message: 'unknown field. Did you mean "registerEnabled"?' },
      { path: 'users[0].pasword', message: 'unknown field. Did you mean "password"?' },
      { path: 'tokens[0].allowIp', message: 'unknown field. Did you mean "allowIps"?' },
      { path: 'remove.redemptions[0]', message: 'no redemption code has key "redeem-usd". Did you mean "redeem-used"? Nothing to remove.' },
      {
        path: 'redemptions[0].key',
        message:
          'no redemption code has key "redeem-10-usb". Did you mean "redeem-10-usd"? To add a new redemption code, give its "quota" too.',
      },
      { path: 'redemptions[1].usedByUserId', message: 'no user has id 9. The users are 1 (alice), 2 (carol), 3 (root).' },
    ])
  })

  it('removing a user a used code names says so at the removal; a new user needs no access token', () => {
    const issues = issuesOf(patch({ remove: { users: [1] }, every: { tokens: { userId: 3, group: null } } }))
    expect(issues).toEqual([
      { path: 'remove.users[0]', message: 'still used by redemption code "redeem-used" (usedByUserId): change or remove it too' },
    ])
    expect(
      issuesOf(patch({ users: [{ id: 4, username: 'dave', quota: 1, password: 'a', passwordHash: 'sha256$00$' + '0'.repeat(64) }] })),
    ).toEqual([{ path: 'users[0].passwordHash', message: 'give either `password` or `passwordHash`, not both' }])
  })

  it('in a scenario, change the codes of the world the gateway serves', async () => {
    const gateway = await createGateway()
    await gateway.useScenario({
      name: 'codes',
      world: {
        redemptions: [
          { key: 'redeem-10-usd', status: 'disabled' },
          { key: 'fresh', quota: 3 },
        ],
      },
    })
    expect(gateway.world.findRedemption('redeem-10-usd')?.status).toBe('disabled')
    expect(gateway.world.findRedemption('fresh')).toMatchObject({ quota: 3, status: 'unused', id: 5 })
    await expect(gateway.useScenario({ name: 'typo', world: { redemptions: [{ key: 'redeem-10-usb', status: 'used' }] } })).rejects.toThrow(
      'world.redemptions[0].key: no redemption code has key "redeem-10-usb". Did you mean "redeem-10-usd"?',
    )
  })
})

describe('scenario world patches', () => {
  const base = resolveWorld()
  const refusal = (scenario: object) => {
    let caught: unknown
    try {
      applyScenarioWorlds(base, [resolveScenario(scenario)])
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ScenarioError)
    return [...(caught as ScenarioError).issues]
  }

  it("report at world.… with the scenario's own indexes", () => {
    expect(refusal({ name: 's', world: { tokens: [{ key: 'sk-limted', remainQuota: 0 }] } })).toEqual([
      {
        path: 'world.tokens[0].key',
        message: 'no token has key "sk-limted". Did you mean "sk-limited"? To add a new token, give "name" and "userId" too.',
      },
    ])
  })

  it('a world patch with "extends" is told to leave it out', () => {
    expect(() => resolveScenario({ name: 's', world: { extends: 'default' } })).toThrow(
      /world\.extends: a scenario's world patch changes whatever world the gateway serves: leave out "extends"/,
    )
  })

  it('rules and steps that name a key, user or model the world lacks are refused with the nearest one', () => {
    expect(
      refusal({
        name: 's',
        rules: [{ when: { key: 'sk-vpi', user: 'alcie' }, then: { delayMs: 1 } }],
        steps: [{ when: { model: 'gpt-4o-mni', user: 9 } }],
      }),
    ).toEqual([
      { path: 'rules[0].when.key', message: 'no API key "sk-vpi" in the world. Did you mean "sk-vip"?' },
      { path: 'rules[0].when.user', message: 'no user is named "alcie". Did you mean "alice"?' },
      { path: 'steps[0].when.user', message: 'no user has id 9. The users are 1 (alice), 2 (carol), 3 (root).' },
      { path: 'steps[0].when.model', message: 'no model has id "gpt-4o-mni". Did you mean "gpt-4o-mini"?' },
    ])
    // A key the scenario's own patch adds is known.
    expect(() =>
      applyScenarioWorlds(base, [
        resolveScenario({
          name: 'ok',
          world: { tokens: [{ key: 'sk-ci', name: 'ci', userId: 1 }] },
          rules: [{ when: { key: 'ci' }, then: { delayMs: 1 } }],
        }),
      ]),
    ).not.toThrow()
  })

  it('that does not fit is reported with the names the rules use that the world lacks, but not those it would add', () => {
    expect(
      refusal({
        name: 's',
        world: { tokens: [{ key: 'sk-ci', name: 'ci', userId: 9 }] },
        rules: [
          { when: { key: 'sk-ci' }, then: { delayMs: 1 } },
          { when: { key: 'sk-vpi' }, then: { delayMs: 1 } },
        ],
      }),
    ).toEqual([
      { path: 'world.tokens[0].userId', message: 'no user has id 9. The users are 1 (alice), 2 (carol), 3 (root).' },
      { path: 'rules[1].when.key', message: 'no API key "sk-vpi" in the world. Did you mean "sk-vip"?' },
    ])
  })

  it('are refused by useScenario with the world unchanged', async () => {
    const gateway = await createGateway()
    await expect(gateway.useScenario({ name: 'typo', world: { users: [{ id: 4, quota: 0 }] } })).rejects.toThrow(
      'Invalid scenario "typo":\n  - world.users[0].id: no user has id 4.',
    )
    expect(gateway.world.users.all()).toHaveLength(3)
  })
})

describe('docs/world.md', () => {
  const text = readFileSync(inRepo('docs/world.md'), 'utf8')
  const examples = [...text.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>)

  it('has world examples that resolve, and do what the text says', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3)
    const worlds = examples.map((example) => resolveWorld(example as WorldDefinition, 'docs/world.md'))
    const last = worlds[examples.findIndex((example) => 'every' in example)]!
    expect(group(last, 'default')?.models).toEqual([
      'gpt-4o-mini',
      'claude-sonnet-4-6',
      'gemini-2.5-flash',
      'small-context-4k',
      'text-embedding-3-small',
      'text-embedding-3-large',
      'gemini-embedding-001',
      'unpriced-model',
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
      'house-model',
    ])
    expect(last.groups.some((candidate) => candidate.models.includes('gpt-4o'))).toBe(false)
    expect(new Set(last.models.map((model) => model.streaming))).toEqual(new Set(['realistic']))
    expect(last.tokens.map((token) => token.key)).toContain('sk-ci')
    expect(last.tokens.map((token) => token.key)).not.toContain('sk-disabled')
    const embedder = worlds.flatMap((world) => world.models).find((model) => model.id === 'my-embedder')
    expect(embedder).toMatchObject({ kind: 'embedding', dimensions: 256 })
  })

  it('documents every field of every record', () => {
    const shapes = {
      settings: worldSettingsSchema,
      groups: groupSchema,
      users: userSchema,
      tokens: tokenSchema,
      models: modelSchema,
      redemptions: redemptionSchema,
    }
    for (const [name, schema] of Object.entries(shapes)) {
      const section = text.slice(text.indexOf(`### \`${name}\``))
      const table = section.slice(0, section.indexOf('\n\n', section.indexOf('|---|')))
      for (const field of Object.keys(schema.unwrap().shape)) expect(table, `${name}.${field}`).toContain(`| \`${field}\` |`)
    }
  })
})
