import { readFileSync } from 'node:fs'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type WorldInput } from '../../src/index.ts'
import { importWorld } from '../../src/node/index.ts'
import { fixture } from '../support/paths.ts'
import { rejection } from '../support/rejection.ts'

// new-api releases before 2026-07-20 took a dashboard access token only beside the user's id in a
// `New-Api-User` header. The mock serves today's dashboard; in front of it, this fetch refuses the
// user routes as those releases did, and serves their `/api/log/token` (a key's log of requests,
// each naming its user), which the mock does not have.

const world = JSON.parse(readFileSync(fixture('import-upstream-world.json'), 'utf8')) as WorldInput
const userId = world.users![0]!.id!
const accessToken = 'at-upstream-alice'
const base = 'http://old-new-api.test'

describe('import from a new-api release that wants New-Api-User beside the access token', () => {
  let server: ReturnType<typeof setupServer>
  let logs: { user_id: number }[] = []
  const userHeaders: (string | null)[] = []

  const olderNewApi: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    const { pathname } = new URL(request.url)
    if (pathname === '/api/log/token') return Response.json({ success: true, message: '', data: logs })
    if (pathname.startsWith('/api/user/') || (pathname === '/api/pricing' && request.headers.has('authorization'))) {
      userHeaders.push(request.headers.get('new-api-user'))
      const sent = request.headers.get('new-api-user')
      if (sent === null) return Response.json({ success: false, message: '无权进行此操作，未提供 New-Api-User' }, { status: 401 })
      if (sent !== String(userId))
        return Response.json({ success: false, message: '无权进行此操作，New-Api-User 与登录用户不匹配' }, { status: 401 })
    }
    return fetch(request)
  }

  beforeAll(async () => {
    const upstream = await createGateway({ world, profile: 'new-api', baseUrl: base })
    server = setupServer(...upstream.handlers)
    server.listen()
  })
  afterAll(() => server.close())
  const read = (more: { userId?: number } = {}) =>
    importWorld({ upstream: base, keys: ['sk-up-default', 'sk-up-vip'], accessToken, fetch: olderNewApi, ...more })

  it('sends --user-id as New-Api-User with the access token', async () => {
    userHeaders.length = 0
    const imported = await read({ userId })
    expect(imported.world.users[0]).toMatchObject({ id: userId, username: 'alice' })
    expect(userHeaders.length).toBeGreaterThan(0)
    expect(new Set(userHeaders)).toEqual(new Set([String(userId)]))
  })

  it('without it, tries again with the user id the keys’ log names, and says so', async () => {
    logs = [{ user_id: userId }]
    const imported = await read()
    expect(imported.world.users[0]).toMatchObject({ id: userId, username: 'alice' })
    expect(imported.notes).toContain(
      `the access token's user id (${userId}) was read from the keys' log (/api/log/token) and sent as New-Api-User`,
    )
  })

  it('without it or a log that names the user, names the header and the flag', async () => {
    logs = []
    const error = await rejection(read())
    expect((error as Error).message).toBe(
      '--access-token (at-u…lice): the upstream refused this access token (GET /api/user/self: 401 "无权进行此操作，未提供 New-Api-User"). ' +
        "new-api releases before 2026-07-20 also want the user's id in a New-Api-User header: give it with --user-id N.",
    )
  })
})
