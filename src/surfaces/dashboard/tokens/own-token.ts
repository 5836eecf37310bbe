import type { Token, User } from '../../../world/schemas.ts'
import type { World } from '../../../world/world.ts'
import { refused } from '../management-reply.ts'

// How new-api's controllers find "the caller's token by id": `model.GetTokenByIds(id, userId)`,
// which answers another user's token exactly as one that does not exist.

const idEmpty = 'id 或 userId 为空！'

/** The path's `:id` as `strconv.Atoi` reads it, refused in its words when it is not an integer. */
export function pathId(text: string): number {
  if (!/^[+-]?\d+$/.test(text)) {
    const error = `strconv.Atoi: parsing ${JSON.stringify(text)}: invalid syntax`
    throw refused(error, error)
  }
  return Number(text)
}

/** The path's `:id` as `DeleteToken` reads it: a parse error is ignored, and the id is then 0. */
export function lenientPathId(text: string): number {
  return /^[+-]?\d+$/.test(text) ? Number(text) : 0
}

/** `user`'s token `id`: "id 或 userId 为空！" for id 0, gorm's "record not found" for one that is missing or another user's. */
export function ownToken(world: World, user: User, id: number): Token {
  if (id === 0) throw refused(idEmpty, idEmpty)
  const token = world.findTokenById(id)
  if (!token || token.userId !== user.id) throw refused('record not found', 'record not found')
  return token
}

/** `user`'s tokens, newest first (new-api orders by `id desc`). */
export function ownTokens(world: World, user: User): Token[] {
  return world.tokens
    .all()
    .filter((token) => token.userId === user.id)
    .sort((a, b) => (b.id ?? 0) - (a.id ?? 0))
}
