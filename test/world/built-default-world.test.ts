import { expect, it } from 'vitest'
import { createGateway } from '../../src/index.ts'
import type { WorldData } from '../../src/world/schemas.ts'
import { knownPasswords } from '../../src/world/known-passwords.ts'
import { inRepo } from '../support/paths.ts'

// The package's bundles carry the default world validated when they are built, as JSON
// (scripts/build.ts), rather than parsing it with zod in every process: the library's (which
// test files import) must hold what the sources give, as the CLI's does (its tests serve it).
const frozen = { now: () => Date.UTC(2026, 0, 1), sleep: async () => {} }

/** The world with its users' password hashes left out: each is salted afresh where it is made. */
const withoutHashes = (data: WorldData) => ({ ...data, users: data.users.map((user) => ({ ...user, passwordHash: undefined })) })

it("is the sources' default world in the library's bundle, and in a world that extends it", async () => {
  const built = (await import(inRepo('dist/src/index.js').href)) as typeof import('../../src/index.ts')
  for (const world of [
    undefined,
    { extends: 'default' as const, tokens: [{ key: 'sk-extra', name: 'extra', userId: 1, unlimitedQuota: true }] },
  ]) {
    const fromBundle = await built.createGateway({ world, time: frozen })
    const fromSources = await createGateway({ world, time: frozen })
    expect(withoutHashes(fromBundle.world.snapshot())).toEqual(withoutHashes(fromSources.world.snapshot()))
    // The same passwords open the same users.
    expect(await knownPasswords(fromBundle.world)).toEqual(await knownPasswords(fromSources.world))
    expect(Object.keys(await knownPasswords(fromBundle.world))).not.toHaveLength(0)
  }
})
