import { defaultWorld } from './default-world.ts'
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
  for (const user of world.users.all()) {
    const candidate = Object.hasOwn(candidates, user.username) ? candidates[user.username] : undefined
    if (candidate !== undefined && user.passwordHash !== undefined && (await verifyPassword(candidate, user.passwordHash))) {
      known[user.username] = candidate
    }
  }
  return known
}

function defaultPasswords(): Record<string, string> {
  return Object.fromEntries(defaultWorld.users.flatMap((user) => ('password' in user ? [[user.username, user.password]] : [])))
}
