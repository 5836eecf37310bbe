import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '../../src/world/password-hash.ts'

// The world keeps passwords as "sha256$<salt>$<hash>". The build hashes the default world's
// documented passwords with salts of its own, so that the same sources build the same files.
describe('a password hash', () => {
  it('is salted at random unless given a salt, and checks against its password only', async () => {
    const first = await hashPassword('alice-pass')
    const second = await hashPassword('alice-pass')
    expect(first).toMatch(/^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/)
    expect(first).not.toBe(second)
    expect(await verifyPassword('alice-pass', first)).toBe(true)
    expect(await verifyPassword('alice-pass', second)).toBe(true)
    expect(await verifyPassword('alice-pas', first)).toBe(false)
  })

  it('is the same for the same salt, and that salt is the one it shows', async () => {
    const salt = new Uint8Array(16).map((_, index) => index * 17)
    const hash = await hashPassword('123456', salt)
    expect(hash).toBe(await hashPassword('123456', salt))
    expect(hash.split('$')[1]).toBe('00112233445566778899aabbccddeeff')
    expect(await verifyPassword('123456', hash)).toBe(true)
  })
})
