import { defaultWorld } from './default-world.ts'
import { defaultWorldData } from './default-world-data.ts'
import { verifyPassword } from './password-hash.ts'
import type { World } from './world.ts'

/**
 * The passwords, as written, of the world's users that `candidates` (by username; by default the
 * default world's documented ones) still open: the world keeps only hashes, so a password is
 * shown only once it is checked against the user's hash, and a world or scenario that changed it
 * never gets a wrong one printed.
 */
export async function knownPasswords(
  world: World,
  candidates: Readonly<Record<string, string>> = defaultPasswords(),
): Promise<Record<string, string>> {
  const known: Record<string, string> = {}
  const unchanged = unchangedDefaultHashes()
  for (const user of world.users.all()) {
    const candidate = Object.hasOwn(candidates, user.username) ? candidates[user.username] : undefined
    if (candidate === undefined || user.passwordHash === undefined) continue
    if (unchanged.get(user.passwordHash) === candidate || (await verifyPassword(candidate, user.passwordHash)))
      known[user.username] = candidate
  }
  return known
}

function defaultPasswords(): Record<string, string> {
  return Object.fromEntries(defaultWorld.users.flatMap((user) => ('password' in user ? [[user.username, user.password]] : [])))
}

/**
 * The package's bundles carry the default world with its passwords hashed when they were built
 * (scripts/build.ts): a user who still has one of those hashes has that user's documented
 * password, known without hashing it again (which would load WebCrypto at every start, for the
 * banner). From the sources, the default world's passwords are hashed when loaded: none is known
 * this way, and every one is checked.
 */
function unchangedDefaultHashes(): Map<string, string> {
  const written = defaultPasswords()
  const hashes = new Map<string, string>()
  for (const user of defaultWorldData().users) {
    const password = written[user.username]
    if (user.passwordHash !== undefined && password !== undefined) hashes.set(user.passwordHash, password)
  }
  return hashes
}
