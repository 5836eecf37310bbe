import { z } from 'zod'
import { userAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import type { World } from '../../../world/world.ts'
import { ok, refused } from '../management-reply.ts'
import { ownTokens } from './own-token.ts'
import { checkNameAndQuota, readTokenRequest, tokenFields } from './token-request.ts'

/** new-api's default `max_user_tokens`. */
const maxUserTokens = 1000

/**
 * `POST /api/token/`: a new token for the caller, enabled, with a new key (48 letters and digits,
 * as new-api's `GenerateKey` makes them); the answer says only that it worked, as new-api's does
 * (the key is read with `POST /api/token/:id/key`). It works on the relay at once, as `sk-<key>`.
 */
export const createTokenRoute = defineRoute({
  id: 'dashboard.token_create',
  method: 'POST',
  path: '/api/token',
  surface: 'dashboard',
  auth: userAuth,
  body: { schema: z.record(z.string(), z.unknown()) },
  async handle({ body, now, note, runtime: { world }, auth: { user } }) {
    const request = readTokenRequest(body)
    checkNameAndQuota(request)
    if (ownTokens(world, user).length >= maxUserTokens) {
      const message = `已达到最大令牌数量限制 (${maxUserTokens})`
      throw refused(message, message)
    }
    const fields = tokenFields(world, user, request, true)
    // Taken before the first await, so that creates at the same time never share an id or a key.
    const id = world.nextId('tokens')
    const key = `sk-${newKey(world)}`
    const at = new Date(now).toISOString()
    await world.tokens.create({ ...fields, id, key, userId: user.id, status: 'enabled', usedQuota: 0, createdAt: at, accessedAt: at })
    note.changed = `created token ${id} ${JSON.stringify(fields.name)} for ${user.username}`
    return ok()
  },
})

const keyAlphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** 48 random letters and digits that no key of the world has. */
function newKey(world: World): string {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(48))
    // 256 = 4 × 62 + 8: the few values above 247 would favour the first letters; they are drawn again below.
    if (bytes.some((byte) => byte >= 248)) continue
    const key = Array.from(bytes, (byte) => keyAlphabet[byte % 62]).join('')
    if (!world.findToken(key)) return key
  }
}
