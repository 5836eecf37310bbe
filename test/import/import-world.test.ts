import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, defineProfile, resolveWorld, specProfile, type Gateway, type WorldInput } from '../../src/index.ts'
import { importWorld, startServer, type RunningServer } from '../../src/node/index.ts'
import { runCliInProcess } from '../support/cli-in-process.ts'
import { eitherMode } from '../support/modes.ts'
import { installSchema } from '../support/installed-schema.ts'
import { spawnCli } from '../support/spawn-cli.ts'
import { bin, fixture as fixtureFile, inRepo } from '../support/paths.ts'
import { managementRoutes } from '../../src/surfaces/dashboard/management-routes.ts'

const run = (...args: string[]) => spawnCli(process.execPath, [bin, ...args])
// The import command in the test's process (test/support/cli-in-process.ts): the spawned imports
// below prove the process (each profile's import, the environment, stdout apart from stderr).
const importInProcess = (...args: string[]) => runCliInProcess(['import', ...args])
/** The upstream gateway: a server of its own, from the sources (it is not what these tests prove). */
const startUpstream = async (profile: 'new-api' | 'spec') => startServer(await createGateway({ world: fixture, profile }), { port: 0 })
const fixturePath = fixtureFile('import-upstream-world.json')
const fixture = JSON.parse(readFileSync(fixturePath, 'utf8')) as WorldInput

// The upstream's keys, by token name, and its user's access token.
const upstreamKeys = Object.fromEntries(fixture.tokens.map((token) => [token.name, token.key]))
const accessToken = 'at-upstream-alice'
const secrets = [...Object.values(upstreamKeys), accessToken]
const keyArgs = fixture.tokens.flatMap((token) => ['--key', token.key])

/** What a key sees, on every route that tells: each answer's status, and its body when it succeeded. */
async function keyView(base: string, key: string) {
  const answer = async (path: string, headers: Record<string, string>) => {
    const response = await fetch(`${base}${path}`, { headers })
    const body = (await response.json()) as unknown
    return response.ok ? { status: response.status, body } : { status: response.status }
  }
  return {
    openai: await answer('/v1/models', { authorization: `Bearer ${key}` }),
    anthropic: await answer('/v1/models', { 'x-api-key': key, 'anthropic-version': '2023-06-01' }),
    gemini: await answer('/v1beta/models', { 'x-goog-api-key': key }),
    usage: await answer('/api/usage/token', { authorization: `Bearer ${key}` }),
    subscription: await answer('/v1/dashboard/billing/subscription', { authorization: `Bearer ${key}` }),
    billingUsage: await answer('/v1/dashboard/billing/usage', { authorization: `Bearer ${key}` }),
  }
}

interface PricingBody {
  data: { model_name: string; enable_groups: string[] }[]
  [field: string]: unknown
}

/** What the user sees on the dashboard, in an order that does not depend on how each world lists its records. */
async function accountView(base: string, token: string) {
  const get = async (path: string) =>
    (await (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as any
  const pricing = (await get('/api/pricing')) as PricingBody
  const self = (await get('/api/user/self')).data
  return {
    pricing: {
      ...pricing,
      data: pricing.data
        .map((entry) => ({ ...entry, enable_groups: [...entry.enable_groups].sort() }))
        .sort((a, b) => a.model_name.localeCompare(b.model_name)),
    },
    self: { ...self, id: self.id },
    models: ((await get('/api/user/models')).data as string[]).sort(),
  }
}

/** What one request debits from a key, read from /api/usage/token before and after. */
async function debit(base: string, key: string, path: string, body: unknown): Promise<number> {
  const used = async () =>
    (
      (await (await fetch(`${base}/api/usage/token`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
        data: { total_used: number }
      }
    ).data.total_used
  const before = await used()
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status, await response.clone().text()).toBe(200)
  await response.arrayBuffer()
  return (await used()) - before
}

/** The `local ← masked` lines of the report, by token name. */
function localKeys(output: string): Record<string, string> {
  const lines = [...output.matchAll(/^ {2}(sk-[\w-]+) ← (\S+) +"([^"]*)", group (\S+)$/gm)]
  return Object.fromEntries(lines.map(([, local, , name]) => [name!, local!]))
}

/**
 * The imported world's gateway, in one mode: what it serves is the world's doing whatever carries
 * the request (test/support/modes.ts), and its own origin leaves the upstream reachable.
 */
const localModes = eitherMode.map((mode) => ({
  name: mode.name,
  async start(world: WorldInput, profile: 'spec' | 'new-api') {
    const { baseUrl, gateway, close } = await mode.start({ world, profile })
    return { base: baseUrl, gateway, close }
  },
}))

describe.each(['new-api', 'spec'] as const)('import from a %s-profile upstream over HTTP', (profile) => {
  let upstream: RunningServer
  let upstreamUrl = ''
  let output = ''
  let out = ''
  let imported: WorldInput & { $schema: string }
  let local: Record<string, string> = {}
  const directory = mkdtempSync(join(tmpdir(), 'import-'))
  const upstreamViews: Record<string, Awaited<ReturnType<typeof keyView>>> = {}
  let upstreamAccount: Awaited<ReturnType<typeof accountView>>

  beforeAll(async () => {
    upstream = await startUpstream(profile)
    upstreamUrl = upstream.url
    out = join(directory, 'world.json')
    const importing = run('import', '--upstream', upstreamUrl, ...keyArgs, '--access-token', accessToken, '--out', out)
    expect(await importing.exited, importing.output()).toBe(0)
    output = importing.output()
    imported = JSON.parse(readFileSync(out, 'utf8')) as typeof imported
    local = localKeys(output)
    // The upstream as it was when imported: the debit tests below change it.
    for (const key of Object.values(upstreamKeys)) upstreamViews[key] = await keyView(upstreamUrl, key)
    upstreamAccount = await accountView(upstreamUrl, accessToken)
  })
  afterAll(async () => {
    await upstream?.close()
    rmSync(directory, { recursive: true, force: true })
  })

  it('writes a valid world with $schema, readable by its owner alone', () => {
    expect(() => resolveWorld(imported, out)).not.toThrow()
    // No project installed the package above the temporary directory: its own copy, relative to the file.
    expect(resolve(dirname(out), imported.$schema)).toBe(inRepo('schemas/world.schema.json').pathname)
    expect(statSync(out).mode & 0o777).toBe(0o600)
    expect(output).toContain(`Imported ${upstreamUrl} into ${out}: 4 groups, 1 user, 6 keys, 11 models.`)
  })

  it("ends with the command that serves it, in the upstream's profile", () => {
    expect(output).toMatch(
      new RegExp(`\nServe it: llm-gateway-mock --world ${out}${profile === 'new-api' ? ' --profile new-api' : ''}\n?$`),
    )
  })

  it('prints a fresh local key, named after its token, beside each upstream key masked, and never an upstream secret whole', () => {
    expect(Object.keys(local).sort()).toEqual(Object.keys(upstreamKeys).sort())
    expect(local['ci default']).toMatch(/^sk-ci-default-[0-9a-f]{8}$/)
    expect(local['svip 折扣']).toMatch(/^sk-svip-[0-9a-f]{8}$/)
    expect(output).toMatch(/^ {2}sk-ci-default-[0-9a-f]{8} ← sk-u…ault +"ci default", group default$/m)
    expect(output).toMatch(/^Access token: at-alice-[0-9a-f]{8} ← at-u…lice$/m)
    const file = readFileSync(out, 'utf8')
    for (const secret of secrets) {
      expect(output).not.toContain(secret)
      expect(file).not.toContain(secret)
    }
  })

  it('groups the keys as the upstream does, and reports what it had to assume', () => {
    const group = (name: string) => imported.tokens.find((token) => token.name === name)?.group
    expect({
      ci: group('ci default'),
      limited: group('limited'),
      vip: group('vip'),
      auto: group('auto'),
      svip: group('svip 折扣'),
    }).toEqual({
      ci: null,
      limited: null,
      vip: 'vip',
      auto: 'auto',
      svip: 'svip',
    })
    expect(imported.groups.map((entry) => [entry.name, entry.ratio])).toEqual([
      ['default', 1],
      ['lab', 3],
      ['svip', 0.5],
      ['vip', 2],
    ])
    expect(imported.models.find((model) => model.id === 'unpriced-beta')?.pricing).toBeNull()
    expect(imported.models.find((model) => model.id === 'flux-per-call')?.pricing).toEqual({ pricePerCall: 0.04 })
    expect(output).toContain('the upstream hides unpriced-beta from keys whose groups enable them: imported without a price')
    expect(output).toContain('--key 6 (sk-u…ired): the upstream refuses it (expired or out of quota)')
    expect(output).toContain(
      "the keys are imported as alice's, on their quota: no route tells a key's owner, so a key of another user (one whose quota is spent, say) works here where the upstream refuses it",
    )
    expect(output).not.toMatch(/lists .* upstream but/)
  })

  describe.each(localModes)('served ($name)', (mode) => {
    let harness: Awaited<ReturnType<(typeof localModes)[number]['start']>>
    beforeAll(async () => {
      harness = await mode.start(imported, profile)
    })
    afterAll(() => harness.close())

    it.each(fixture.tokens.map((token) => token.name))(
      'key "%s" sees here what it sees upstream: its model lists, its quota, limits and expiry',
      async (name) => {
        expect(await keyView(harness.base, local[name]!)).toEqual(upstreamViews[upstreamKeys[name]!])
      },
    )

    it("the user's access token sees the same user, prices, groups and models", async () => {
      const here = await accountView(harness.base, imported.users[0]!.accessToken!)
      expect(here).toEqual(upstreamAccount)
    })

    it.each([
      ['ci default', '/v1/chat/completions', { model: 'chat-pro', messages: [{ role: 'user', content: 'Price me, please.' }] }],
      ['vip', '/v1/chat/completions', { model: 'chat-pro', messages: [{ role: 'user', content: 'Price me at vip.' }] }],
      ['vip', '/v1/chat/completions', { model: 'flux-per-call', messages: [{ role: 'user', content: 'One call.' }] }],
      ['svip 折扣', '/v1/chat/completions', { model: 'reasoning-x', messages: [{ role: 'user', content: 'Discounted?' }] }],
      ['auto', '/v1/chat/completions', { model: 'claude-sonnet-x', messages: [{ role: 'user', content: 'Through auto.' }] }],
      ['limited', '/v1/embeddings', { model: 'text-embedding-3-small', input: 'embed me' }],
    ])('a request by key "%s" to %s debits the same quota here as upstream', async (name, path, body) => {
      const there = await debit(upstreamUrl, upstreamKeys[name]!, path, body)
      const here = await debit(harness.base, local[name]!, path, body)
      expect(there).toBeGreaterThan(0)
      expect(here).toBe(there)
    })
  })
})

describe('import from an upstream without the dashboard routes (a one-api, in-process)', () => {
  const oneApiLike = defineProfile(specProfile, {
    name: 'one-api-like',
    description: 'A gateway with the relay and billing routes but none of new-api’s /api routes',
    routes: {
      lacks: [
        ...['dashboard.pricing', 'dashboard.token_usage', 'dashboard.user_models', 'dashboard.status'],
        ...managementRoutes.map((route) => route.id),
      ],
    },
  })
  let upstream: Gateway
  let server: ReturnType<typeof setupServer>
  beforeAll(async () => {
    upstream = await createGateway({ world: fixture, profile: oneApiLike, baseUrl: 'http://upstream.test' })
    server = setupServer(...upstream.handlers)
    server.listen({ onUnhandledFrame: 'bypass' })
  })
  afterAll(() => server.close())

  it('refuses an upstream URL ending in /v1 before asking it anything, as startRecorder does', async () => {
    await expect(importWorld({ upstream: 'http://upstream.test/v1', keys: ['sk-up-vip'] })).rejects.toThrow(
      new TypeError(
        "the upstream must be the gateway's base URL without /v1 (clients' paths start with it already, so every path would be /v1/v1/…): give http://upstream.test",
      ),
    )
  })

  it('reports each missing route once, infers a group per model set, and each key still sees what it sees upstream', async () => {
    const keys = ['sk-up-default', 'sk-up-limited', 'sk-up-vip', 'sk-up-svip']
    const result = await importWorld({ upstream: 'http://upstream.test', keys, accessToken })
    const missing = result.notes.filter((note) => /^GET \S+: 404/.test(note))
    expect(missing.map((note) => note.split(':')[0])).toEqual([
      'GET /api/usage/token',
      'GET /api/status',
      'GET /api/user/self',
      'GET /api/pricing',
    ])
    expect(result.notes).toContain(
      'GET /api/pricing: 404 "Invalid URL (GET /api/pricing)": prices, group ratios and auto groups unknown: groups inferred from the keys\' lists',
    )
    expect(result.notes.some((note) => / upstream but /.test(note))).toBe(false)
    // Without /api/usage/token, the limits that make one key's list a subset of another's are unknown:
    // a group per distinct list, named after its key (whose name is unknown too), the first the user's.
    expect(result.world.groups.map((group) => group.name)).toEqual(['imported-key-1', 'imported-key-2', 'imported-key-3', 'imported-key-4'])
    expect(result.world.tokens.map((token) => token.group)).toEqual([null, 'imported-key-2', 'imported-key-3', 'imported-key-4'])
    expect(result.world.groups.map((group) => group.ratio)).toEqual([1, 1, 1, 1])
    // Quotas come from the billing routes.
    expect(result.world.tokens.map((token) => [token.remainQuota, token.usedQuota, token.unlimitedQuota])).toEqual([
      [20_000_000, 54_321, false],
      [3_000_000, 0, false],
      [undefined, 0, true],
      [1_000_000, 0, false],
    ])

    const here = await createGateway({ world: result.world, baseUrl: 'http://imported.test' })
    server.use(...here.handlers)
    for (const [index, key] of keys.entries()) {
      const list = async (base: string, bearer: string) =>
        ((await (await fetch(`${base}/v1/models`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as { data: unknown[] }).data
      expect(await list('http://imported.test', result.keys[index]!.local)).toEqual(await list('http://upstream.test', key))
    }
  })
})

describe('import refusals and options', () => {
  let upstream: RunningServer
  let upstreamUrl = ''
  const directory = mkdtempSync(join(tmpdir(), 'import-'))
  beforeAll(async () => {
    upstream = await startUpstream('new-api')
    upstreamUrl = upstream.url
  })
  afterAll(async () => {
    await upstream?.close()
    rmSync(directory, { recursive: true, force: true })
  })
  const importFromUpstream = (...args: string[]) => importInProcess('--upstream', upstreamUrl, ...args)

  it('stops with exit code 7 at a key the upstream refuses, naming which --key, masked', async () => {
    const out = join(directory, 'refused.json')
    const importing = await importFromUpstream('--key', 'sk-up-vip', '--key', 'sk-definitely-wrong', '--out', out)
    expect(importing.code).toBe(7)
    expect(importing.output).toMatch(
      /^--key 2 \(sk-d…rong\): the upstream refused this key \(GET \/v1\/models: 401 "Invalid token \(request id: \w+\)"\)\. Check the key, or leave it out\.\n$/,
    )
    expect(importing.output).not.toContain('sk-definitely-wrong')
    expect(() => statSync(out)).toThrow()
  })

  it('stops with exit code 7 at an access token the upstream refuses, masked', async () => {
    const importing = await importFromUpstream(
      '--key',
      'sk-up-vip',
      '--access-token',
      'at-not-a-real-token',
      '--out',
      join(directory, 'x.json'),
    )
    expect(importing.code).toBe(7)
    expect(importing.output).toContain('--access-token (at-n…oken): the upstream refused this access token')
    expect(importing.output).not.toContain('at-not-a-real-token')
  })

  it('stops with exit code 7 when the upstream cannot be reached', async () => {
    const importing = await importInProcess('--upstream', 'http://127.0.0.1:9', '--key', 'sk-up-vip', '--out', join(directory, 'x.json'))
    expect(importing.code).toBe(7)
    expect(importing.output).toMatch(/^Cannot reach the upstream http:\/\/127\.0\.0\.1:9: no answer \(.+\)\.\n$/)
  })

  it.each([
    [['--key', 'sk-up-vip'], /Missing required argument: upstream/],
    [['--upstream', 'ftp://example.test', '--key', 'sk-up-vip'], /the upstream must be an http or https URL, got ftp:/],
    // Checked as record checks it: import asks for /v1/models itself, so a base ending in /v1 would ask /v1/v1/models.
    [
      ['--upstream', 'https://gw.example.test/v1', '--key', 'sk-up-vip'],
      /the upstream must be the gateway's base URL without \/v1 .*: give https:\/\/gw\.example\.test/,
    ],
    [['--upstream', 'http://admin:pa55word@127.0.0.1:9', '--key', 'sk-up-vip'], /the upstream URL must not carry credentials/],
    [['--upstream', 'http://127.0.0.1:9'], /Missing required argument: key/],
  ])('refuses %j with exit code 2', async (args, message) => {
    const importing = await importInProcess(...args)
    expect(importing.code).toBe(2)
    expect(importing.output).toMatch(message)
  })

  it('--keep-keys keeps the upstream keys and access token, warns, and still writes the file mode 600 over an existing one', async () => {
    const out = join(directory, 'kept.json')
    writeFileSync(out, '{}', { mode: 0o644 })
    const before = statSync(out).ino
    const importing = await importFromUpstream(
      '--key',
      'sk-up-vip',
      '--key',
      'sk-up-auto',
      '--access-token',
      accessToken,
      '--keep-keys',
      '-o',
      out,
    )
    expect(importing.code, importing.output).toBe(0)
    const world = JSON.parse(readFileSync(out, 'utf8')) as WorldInput
    // The keys given are kept; the user's other tokens come from the token list, whose keys are masked: fresh local ones.
    expect(world.tokens.map((token) => token.key)).toEqual([
      'sk-up-vip',
      'sk-up-auto',
      expect.stringMatching(/^sk-old-/),
      expect.stringMatching(/^sk-limited-/),
      expect.stringMatching(/^sk-ci-default-/),
    ])
    expect(world.users[0]!.accessToken).toBe(accessToken)
    expect(statSync(out).mode & 0o777).toBe(0o600)
    // A file made owner-only replaced it: the world was never written into the file others could read.
    expect(statSync(out).ino).not.toBe(before)
    expect(importing.output).toContain(
      `Warning: --keep-keys: ${out} holds the upstream's keys and access token. Keep it out of version control.`,
    )
    // Even then, the report masks them.
    expect(importing.output).toMatch(/^ {2}sk-u… \(kept\) +"auto", group auto$/m)
    expect(importing.output).toContain('Access token: at-u…lice (kept)')
    for (const secret of secrets) expect(importing.output).not.toContain(secret)
  })

  it('points $schema at the schema the project installed, relative to the --out file, in a subfolder too', async () => {
    const project = join(directory, 'project')
    const installed = installSchema(project, 'world.schema.json')
    for (const [out, expected] of [
      [join(project, 'world.json'), './node_modules/llm-gateway-mock/schemas/world.schema.json'],
      [join(project, 'sub', 'world.json'), '../node_modules/llm-gateway-mock/schemas/world.schema.json'],
    ] as const) {
      mkdirSync(dirname(out), { recursive: true })
      const importing = await importFromUpstream('--key', 'sk-up-vip', '--out', out)
      expect(importing.code, importing.output).toBe(0)
      const schema = (JSON.parse(readFileSync(out, 'utf8')) as { $schema: string }).$schema
      expect(schema).toBe(expected)
      expect(resolve(dirname(out), schema)).toBe(installed)
    }
  })

  it('reads the keys and the access token from the environment, which ps does not show', async () => {
    const out = join(directory, 'from-environment.json')
    const importing = spawnCli(process.execPath, [bin, 'import', '--upstream', upstreamUrl, '--user-id', '7', '--out', out], {
      env: { LLM_GATEWAY_MOCK_UPSTREAM_KEY: 'sk-up-vip, sk-up-auto', LLM_GATEWAY_MOCK_ACCESS_TOKEN: accessToken },
    })
    expect(await importing.exited, importing.output()).toBe(0)
    const world = JSON.parse(readFileSync(out, 'utf8')) as WorldInput
    expect(world.tokens.map((token) => token.name)).toEqual(['vip', 'auto', 'old', 'limited', 'ci default'])
    expect(world.users[0]!.username).toBe('alice')
    const refused = await importInProcess('--upstream', upstreamUrl, '--key', 'sk-up-vip', '--user-id', '7')
    expect(refused.code).toBe(2)
    expect(refused.output).toContain('--user-id goes with the access token it is the user of: give --access-token too')
  })

  it('--out - prints the world on stdout and the report on stderr', async () => {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [bin, 'import', '--upstream', upstreamUrl, '--key', 'sk-up-svip', '--out', '-'],
      {
        timeout: 15_000,
        env: { ...process.env, NO_COLOR: '1' },
      },
    )
    const world = JSON.parse(stdout) as WorldInput
    expect(() => resolveWorld(world)).not.toThrow()
    // Without the user, the first key's group is the user's.
    expect([world.users[0]!.group, world.tokens[0]!.group]).toEqual(['svip', null])
    expect(stderr).toMatch(/^Imported http:\/\/127\.0\.0\.1:\d+ to stdout: /)
    expect(stderr).toMatch(/^ {2}sk-svip-[0-9a-f]{8} ← sk-u… +"svip 折扣", group svip$/m)
    expect(stderr).toContain('the keys\' owner is not told (no --access-token): user "imported" holds them, with quota for 1 000 000 USD')
  })
})
