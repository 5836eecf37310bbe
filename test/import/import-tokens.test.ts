import { readFileSync } from 'node:fs'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, resolveWorld, type WorldInput } from '../../src/index.ts'
import { importWorld } from '../../src/node/index.ts'
import { fixture } from '../support/paths.ts'

// With an access token, import also brings the user's other tokens, as new-api's
// `GET /api/token/?p=&page_size=` lists them, page by page, keys masked. In front of the upstream
// mock, this fetch answers that route as new-api does.

const world = JSON.parse(readFileSync(fixture('import-upstream-world.json'), 'utf8')) as WorldInput
const base = 'http://tokens-new-api.test'
const accessToken = 'at-upstream-alice'

const ci = {
  id: 31,
  name: 'ci',
  key: 'abcd**********wxyz',
  status: 1,
  remain_quota: 250_000,
  unlimited_quota: false,
  used_quota: 1_000,
  expired_time: 1_893_456_000,
  model_limits_enabled: true,
  model_limits: 'chat-mini,gone-model',
  group: 'vip',
  allow_ips: '10.0.0.0/8\n127.0.0.1',
  created_time: 1_700_000_000,
  accessed_time: 1_700_000_600,
  cross_group_retry: true,
}
const disabled = { ...ci, id: 32, name: 'old', status: 2, unlimited_quota: true, expired_time: -1, model_limits_enabled: false, group: '' }
// The first --key, as the list shows it: already imported.
const sameAsKey = { ...ci, id: 33, name: 'default', key: 'up-d**********ault' }
// A full first page, so that the second is asked for.
const bulk = Array.from({ length: 98 }, (_, index) => ({
  ...disabled,
  id: 100 + index,
  name: `bulk-${index}`,
  key: `bulk**********${index}`,
}))
const pages = [[ci, disabled, sameAsKey, ...bulk.slice(0, 97)], [bulk[97]!]]

describe('import with an access token brings the user’s tokens', () => {
  let server: ReturnType<typeof setupServer>
  const asked: string[] = []

  const newApi: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.pathname === '/api/token/') {
      asked.push(`${url.search} ${request.headers.get('authorization')}`)
      const page = Number(url.searchParams.get('p'))
      const items = pages[page - 1] ?? []
      return Response.json({ success: true, message: '', data: { page, page_size: 100, total: 101, items } })
    }
    return fetch(request)
  }

  beforeAll(async () => {
    const upstream = await createGateway({ world, profile: 'new-api', baseUrl: base })
    server = setupServer(...upstream.handlers)
    server.listen()
  })
  afterAll(() => server.close())

  it('reads every page, and adds each token with its fields and a fresh local key', async () => {
    const imported = await importWorld({ upstream: base, keys: ['sk-up-default'], accessToken, fetch: newApi })
    expect(asked).toEqual([`?p=1&page_size=100 Bearer ${accessToken}`, `?p=2&page_size=100 Bearer ${accessToken}`])
    const { tokens } = imported.world
    expect(tokens).toHaveLength(1 + 100)
    // The listed token that is the --key key is imported once, as the --key.
    expect(tokens.some((token) => token.id === 33)).toBe(false)
    const local = tokens.find((token) => token.name === 'ci')!
    expect(local).toEqual({
      key: expect.stringMatching(/^sk-ci-/),
      name: 'ci',
      userId: 7,
      id: 31,
      status: 'enabled',
      remainQuota: 250_000,
      unlimitedQuota: false,
      usedQuota: 1_000,
      expiresAt: '2030-01-01T00:00:00.000Z',
      modelLimits: ['chat-mini'],
      group: 'vip',
      allowIps: ['10.0.0.0/8', '127.0.0.1'],
      createdAt: '2023-11-14T22:13:20.000Z',
      accessedAt: '2023-11-14T22:23:20.000Z',
      crossGroupRetry: true,
    })
    expect(tokens.find((token) => token.name === 'old')).toMatchObject({
      id: 32,
      status: 'disabled',
      unlimitedQuota: true,
      expiresAt: null,
      modelLimits: null,
      group: null,
    })
    expect(imported.keys.find((key) => key.name === 'ci')).toMatchObject({ label: 'token 31 "ci"', upstream: 'abcd**********wxyz' })
    expect(imported.notes).toContain('token 31 "ci": its model limits name models no group enables, left out: gone-model')
    // The world serves: ids, groups and limits all fit.
    expect(() => resolveWorld(imported.world)).not.toThrow()
  })

  it('without a token list (an upstream without the route), imports the --key keys and says so', async () => {
    const withoutList: typeof fetch = async (input, init) => {
      const request = new Request(input, init)
      if (new URL(request.url).pathname === '/api/token/') return Response.json({ message: 'Not Found' }, { status: 404 })
      return fetch(request)
    }
    const imported = await importWorld({ upstream: base, keys: ['sk-up-default'], accessToken, fetch: withoutList })
    expect(imported.world.tokens).toHaveLength(1)
    expect(imported.notes.some((note) => note.startsWith('GET /api/token/: 404'))).toBe(true)
  })
})
