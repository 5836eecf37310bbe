import { describe, expect, it, vi } from 'vitest'
import { getResponse } from 'msw'
import { createGateway, defaultWorld, describeKeys, resolveScenario, resolveWorld, WorldError } from '../../src/index.ts'
import { loadWorldFile } from '../../src/node/index.ts'
import { fixture } from '../support/paths.ts'

describe('world definitions', () => {
  it('resolves the default world with every default filled in', () => {
    const world = resolveWorld()
    expect(world.tokens.find((token) => token.key === 'sk-limited')).toMatchObject({
      status: 'enabled',
      group: null,
      unlimitedQuota: false,
    })
    expect(world.models.find((model) => model.id === 'unpriced-model')?.pricing).toBeNull()
  })

  it('gives the default world as a copy of it goes through every check, a fresh object each time', () => {
    // resolveWorld() skips the checks for the built-in world; a copy takes the path of any file.
    expect(resolveWorld(structuredClone(defaultWorld))).toEqual(resolveWorld())
    expect(resolveWorld()).not.toBe(resolveWorld())
  })

  it('holds the records of a validated world as they are, and validates what is created through its collections', async () => {
    const gateway = await createGateway()
    // As loaded: keys and codes numbered in order, passwords kept hashed.
    const resolved = resolveWorld()
    expect(gateway.world.snapshot()).toEqual({
      ...resolved,
      users: resolved.users.map(({ password, ...user }) =>
        password === undefined ? user : { ...user, passwordHash: expect.stringMatching(/^sha256\$[0-9a-f]+\$[0-9a-f]{64}$/) },
      ),
      tokens: resolved.tokens.map((token, index) => ({ ...token, id: index + 1 })),
      redemptions: resolved.redemptions.map((code, index) => ({ ...code, id: index + 1 })),
    })
    expect(Object.getOwnPropertySymbols(gateway.world.findModel('gpt-4o')!).map(String)).not.toContain('Symbol(validated record)')

    expect(await gateway.world.models.create({ id: 'house-model' })).toMatchObject({
      id: 'house-model',
      contextWindow: 128_000,
      kind: 'chat',
    })
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(gateway.world.models.create({ id: '' })).rejects.toThrow(/does not match the schema/)
    expect(reported).toHaveBeenCalledOnce()
    reported.mockRestore()
  })

  it('leaves Error.stackTraceLimit as it found it; its msw handlers record no call frame', async () => {
    const before = Error.stackTraceLimit
    Error.stackTraceLimit = 37
    try {
      const gateway = await createGateway()
      expect(Error.stackTraceLimit).toBe(37)
      const callFrames = gateway.handlers.map((handler) => (handler.kind === 'request' ? handler.info.callFrame : handler.callFrame))
      expect(callFrames).toEqual(gateway.handlers.map(() => undefined))
    } finally {
      Error.stackTraceLimit = before
    }
  })

  it('patches the default world: merges fields, adds records, removes by identity', async () => {
    const world = await loadWorldFile(fixture('patch-world.json'))
    expect(world.models.find((model) => model.id === 'gpt-4o-mini')).toMatchObject({ contextWindow: 8192, ownedBy: 'openai' })
    expect(world.models.find((model) => model.id === 'house-model')).toMatchObject({ ownedBy: 'acme', contextWindow: 128_000 })
    expect(world.tokens.map((token) => token.key)).not.toContain('sk-disabled')
    const gateway = await createGateway({ world })
    expect(gateway.world.findGroup('default')?.models).toEqual(['gpt-4o-mini', 'house-model'])
    expect(gateway.world.findToken('sk-disabled')).toBeUndefined()
  })

  it('rejects a bad file naming the file, the path in that file and what to change', async () => {
    const error = await loadWorldFile(fixture('bad-world.json')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WorldError)
    // tokens[0] is the file's own index, not the merged world's tokens[8].
    expect((error as WorldError).issues).toEqual([
      { path: 'tokens[0].userId', message: 'no user has id 9. The users are 1 (alice), 2 (carol), 3 (root).' },
      { path: 'tokens[0].modelLimits[0]', message: 'no model has id "gpt-5". Did you mean "gpt-4o"?' },
    ])
    expect((error as Error).message).toContain(`Invalid world ${fixture('bad-world.json')}:`)
  })

  it('reports schema errors with their path inside the patch', () => {
    const attempt = () => resolveWorld({ extends: 'default', models: [{ id: 'x', contextWindow: -1 }] } as never, 'inline.json')
    expect(attempt).toThrow(WorldError)
    expect(attempt).toThrow(/models\[0\]\.contextWindow: -1 is too small: it must be 0 or more$/m)
  })

  // zod's own words ("Too small: expected number to be >=0") say what failed, not what to write.
  it('says what a number, a text or a list out of its bounds must be instead, with the unit of a quota', () => {
    const issues = (attempt: () => unknown) => {
      try {
        attempt()
      } catch (error) {
        return (error as WorldError).issues.map(({ path, message }) => `${path}: ${message}`)
      }
      throw new Error('accepted')
    }
    const world = {
      extends: 'default',
      groups: [{ name: '', ratio: -2 }],
      users: [{ id: 1, quota: -5, usedQuota: 1.5 }],
      tokens: [{ key: 'sk-vip', remainQuota: -1 }],
      models: [{ id: 'gpt-4o', maxOutputTokens: 0, reply: { type: 'tool-calls', calls: [] } }],
      every: { tokens: { usedQuota: -3 } },
    }
    expect(issues(() => resolveWorld(world as never))).toEqual([
      'groups[0].name: must not be empty',
      'groups[0].ratio: -2 is too small: it must be 0 or more',
      'users[0].quota: -5 is too small: it must be 0 or more (in units; 500 000 = 1 USD)',
      'users[0].usedQuota: 1.5 is not a whole number (in units; 500 000 = 1 USD)',
      'tokens[0].remainQuota: -1 is too small: it must be 0 or more (in units; 500 000 = 1 USD)',
      'models[0].maxOutputTokens: 0 is too small: it must be 1 or more',
      'models[0].reply.calls: needs at least 1 item',
      'every.tokens.usedQuota: -3 is too small: it must be 0 or more (in units; 500 000 = 1 USD)',
    ])
    const whole = structuredClone(defaultWorld) as unknown as { users: { quota: number }[] }
    whole.users[0]!.quota = -5
    expect(issues(() => resolveWorld(whole as never))).toEqual([
      'users[0].quota: -5 is too small: it must be 0 or more (in units; 500 000 = 1 USD)',
    ])
    const scenario = {
      name: 'bounds',
      rules: [{ when: { call: 0, probability: 2 }, then: { fail: { code: 'rate_limit_exceeded', status: 200 } } }],
    }
    expect(issues(() => resolveScenario(scenario as never))).toEqual([
      'rules[0].when.call: 0 is too small: it must be 1 or more',
      'rules[0].when.probability: 2 is too large: it must be from 0 to 1',
      'rules[0].then.fail.status: 200 is too small: it must be from 400 to 599',
    ])
  })

  it('requires an embedding model to give its dimensions, and defaults other models to chat', () => {
    const attempt = () => resolveWorld({ extends: 'default', models: [{ id: 'my-embedder', kind: 'embedding' }] }, 'inline.json')
    expect(attempt).toThrow(/models\[0\]\.dimensions: an embedding model needs its dimensions/)
    const world = resolveWorld({
      extends: 'default',
      groups: [{ name: 'default', models: { add: ['my-embedder', 'my-chat'] } }],
      models: [{ id: 'my-embedder', kind: 'embedding', dimensions: 8 }, { id: 'my-chat' }],
    })
    expect(world.models.find((model) => model.id === 'my-embedder')).toMatchObject({ kind: 'embedding', dimensions: 8 })
    expect(world.models.find((model) => model.id === 'my-chat')?.kind).toBe('chat')
  })

  it('rejects unknown fields in a whole world', () => {
    expect(() => resolveWorld({ ...defaultWorld, colour: 'blue' } as never, 'w.json')).toThrow(
      /colour: unknown field; the fields here are "\$schema", "settings", "groups", "users", "tokens", "models"/,
    )
  })

  // A patch refuses a model it adds without enabling it (a likely typo of an existing id); a whole
  // world refuses any, as every model in it was written there. What a patch resolved to may be
  // given again (the CLI hands a loaded --world to createGateway) with models it took out of every group.
  it('refuses a model that no group enables in a whole world, as a patch does, saying what to change', async () => {
    const whole = structuredClone(defaultWorld) as unknown as { models: unknown[] }
    const index = whole.models.push({ id: 'weather-bot' }) - 1
    const error = (() => {
      try {
        return resolveWorld(whole as never, 'w.json')
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(WorldError)
    expect((error as WorldError).issues).toEqual([
      {
        path: `models[${index}].id`,
        message:
          'no group enables "weather-bot", so no key can use it: add it to the "models" of a group ("default", "vip"), or leave the model out',
      },
    ])
    expect(() => resolveWorld({ extends: 'default', models: [{ id: 'weather-bot' }] }, 'p.json')).toThrow(
      /models\[0\]\.id: no model has id "weather-bot"\. To add a new model, enable it in a group's "models" too\./,
    )
    const narrowed = resolveWorld({ extends: 'default', groups: [{ name: 'default', models: ['gpt-4o-mini'] }] })
    expect((await createGateway({ world: narrowed })).world.findGroup('default')?.models).toEqual(['gpt-4o-mini'])
  })

  describe('with schema and reference mistakes, reports every one at once', () => {
    const issuesOf = (definition: unknown, at?: string) => {
      try {
        resolveWorld(definition as never, 'w.json')
      } catch (error) {
        expect(error).toBeInstanceOf(WorldError)
        return (error as WorldError).issues.filter((issue) => at === undefined || issue.path.startsWith(at))
      }
      throw new Error('resolved')
    }

    it('in a patch: a misspelt field beside a misspelt key and a key of a user that does not exist', () => {
      expect(
        issuesOf({
          extends: 'default',
          tokens: [
            { key: 'sk-limted', name: 'typo' },
            { key: 'sk-new', name: 'new', userId: 9 },
          ],
          models: [{ id: 'gpt-4o', contextWindw: 5 }],
        }),
      ).toEqual([
        { path: 'models[0].contextWindw', message: 'unknown field. Did you mean "contextWindow"?' },
        {
          path: 'tokens[0].key',
          message: 'no token has key "sk-limted". Did you mean "sk-limited"? To add a new token, give "name" and "userId" too.',
        },
        { path: 'tokens[1].userId', message: 'no user has id 9. The users are 1 (alice), 2 (carol), 3 (root).' },
      ])
    })

    it('in a whole world: a value out of bounds beside a group that names no model and a token of a user that does not exist', () => {
      expect(
        issuesOf({
          groups: [{ name: 'default', models: ['gpt-4o', 'gpt-4'] }],
          users: [{ id: 1, username: 'alice', group: 'default', accessToken: 'at-alice', quota: 5, role: 'superuser' }],
          tokens: [{ key: 'sk-a', name: 'a', userId: 2 }],
          models: [{ id: 'gpt-4o', contextWindw: 5 }],
        }),
      ).toEqual([
        { path: 'users[0].role', message: '"superuser" is not one of "user", "admin", "root".' },
        { path: 'models[0].contextWindw', message: 'unknown field. Did you mean "contextWindow"?' },
        { path: 'groups[0].models[1]', message: 'no model has id "gpt-4". Did you mean "gpt-4o"?' },
        { path: 'tokens[0].userId', message: 'no user has id 2. The users are 1 (alice).' },
      ])
    })

    it('but says nothing a refused record might answer: a token of a user whose own record is refused', () => {
      expect(
        issuesOf({
          groups: [{ name: 'default', models: ['gpt-4o'] }],
          users: [{ id: 2, username: 'carol', group: 'default' }],
          tokens: [{ key: 'sk-a', name: 'a', userId: 2 }],
          models: [{ id: 'gpt-4o' }],
        }),
      ).toEqual([{ path: 'users[0].quota', message: 'missing (required): expected a number' }])
    })
  })

  it('rejects a token pinned to a group its owner may not use', () => {
    const world = structuredClone(defaultWorld) as unknown as { tokens: unknown[] }
    world.tokens.push({ key: 'sk-sneaky', name: 'sneaky', group: 'vip', userId: 2 } as never)
    expect(() => resolveWorld(world as never)).toThrow(/tokens\[8\]\.group: user carol may not use group "vip"/)
  })

  it("prices a model that does not say (1 unit per token); pricing null keeps new-api's unpriced model", async () => {
    const gateway = await createGateway({
      world: {
        extends: 'default',
        models: [{ id: 'house-model' }, { id: 'house-unpriced', pricing: null }],
        groups: [{ name: 'default', models: ['house-model', 'house-unpriced'] }],
      },
    })
    expect(gateway.world.findModel('house-model')?.pricing).toEqual({ ratio: 1, completionRatio: 1 })
    const chat = async (model: string) =>
      (await getResponse(
        gateway.handlers.filter((handler) => handler.kind === 'request'),
        new Request('http://gateway.test/v1/chat/completions', {
          method: 'POST',
          headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
          body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Hello' }] }),
        }),
      ))!
    const answered = await chat('house-model')
    expect(answered.status).toBe(200)
    const { usage } = (await answered.json()) as { usage: { prompt_tokens: number; completion_tokens: number } }
    expect(gateway.world.findToken('sk-unrestricted')?.usedQuota).toBe(usage.prompt_tokens + usage.completion_tokens)
    const refused = await chat('house-unpriced')
    expect(refused.status).toBe(404)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "The model 'house-unpriced' has no pricing on this gateway, so API key sk-u…cted cannot use it: give it a price, or turn on self-use mode.",
    )
    const [described] = describeKeys(gateway.world, gateway.clock.now()).keys
    expect(described?.models).toEqual(['house-model'])
    expect(described?.notes).toEqual(['hidden: house-unpriced (no pricing: set its "pricing", or turn on settings.selfUseMode)'])
  })

  it('loads a TypeScript world file through tsx', async () => {
    const world = await loadWorldFile(fixture('typed-world.ts'))
    expect(world.settings.selfUseMode).toBe(true)
    expect(world.tokens.at(-1)).toMatchObject({ key: 'sk-typed', unlimitedQuota: true })
  })

  it('rejects files that are not JSON or modules', async () => {
    await expect(loadWorldFile('world.yaml')).rejects.toThrow('expected a .json, .ts or .js file')
    await expect(loadWorldFile(fixture('missing.json'))).rejects.toThrow('cannot read the file (ENOENT)')
  })

  it('gives createGateway the same validation', async () => {
    await expect(createGateway({ world: { extends: 'default', groups: [{ name: 'vip', models: ['nope'] }] } })).rejects.toThrow(
      /Invalid world passed to createGateway:\n {2}- groups\[0\]\.models\[0\]: no model has id "nope"\./,
    )
  })
})
