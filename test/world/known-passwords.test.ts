import { describe, expect, it } from 'vitest'
import { createGateway, defaultWorld, describeKeys } from '../../src/index.ts'
import { formatKeys } from '../../src/cli/format/format-keys.ts'
import { knownPasswords } from '../../src/world/known-passwords.ts'

// `llm-gateway-mock keys` prints a password only where it knows it to be right: the world keeps hashes.

describe("the keys' sign-ins", () => {
  it("shows a world file's passwords as set, never as written, and says who cannot sign in", async () => {
    const gateway = await createGateway({
      world: {
        ...defaultWorld,
        users: [
          { id: 1, username: 'alice', quota: 10, password: 'a-secret-of-hers' },
          { id: 2, username: 'carol', quota: 10, accessToken: 'at-carol', status: 'disabled' },
        ],
        tokens: [],
        redemptions: [],
      },
    })
    const passwords = await knownPasswords(gateway.world)
    expect(passwords).toEqual({})
    const { keys, accessTokens, signIns } = describeKeys(gateway.world, gateway.clock.now(), passwords)
    expect(signIns).toEqual([
      { username: 'alice', userId: 1, role: 'user', status: 'enabled', hasPassword: true, password: null, accessToken: null },
      { username: 'carol', userId: 2, role: 'user', status: 'disabled', hasPassword: false, password: null, accessToken: 'at-carol' },
    ])
    const text = formatKeys(keys, accessTokens, signIns)
    expect(text).not.toContain('a-secret-of-hers')
    expect(text).toContain('alice  password set           user; no access token: sign in, then GET /api/user/token')
    expect(text).toContain('carol  password none          user, disabled; cannot sign in (no password)')
  })

  it("prints a default-world password only while it still opens the user's account", async () => {
    const gateway = await createGateway()
    expect(await knownPasswords(gateway.world)).toEqual({ alice: 'alice-pass', carol: 'carol-pass', root: '123456' })
    const changed = await createGateway({
      world: {
        ...defaultWorld,
        users: defaultWorld.users.map((user) => (user.username === 'carol' ? { ...user, password: 'new-one' } : user)),
      },
    })
    expect(await knownPasswords(changed.world)).toEqual({ alice: 'alice-pass', root: '123456' })
  })
})
