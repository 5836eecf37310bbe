import type { User } from '../../../world/schemas.ts'
import type { World } from '../../../world/world.ts'

/**
 * Takes a user out of the world with their keys and sign-ins: the keys then get the relay's 401
 * (an unknown key), and the world stays one that would load again: no key owned by no one, and
 * the codes they redeemed stay used but no longer name them.
 */
export function removeUser(world: World, user: User): void {
  world.tokens.deleteMany((query) => query.where({ userId: user.id }))
  world.users.delete((query) => query.where({ id: user.id }))
  for (const code of world.redemptions.all()) if (code.usedByUserId === user.id) delete code.usedByUserId
  for (const [id, session] of world.sessions) if (session.userId === user.id) world.sessions.delete(id)
}
