import { userAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { ok } from '../management-reply.ts'
import { randomAlphanumeric } from './random-text.ts'

/**
 * `GET /api/user/token`: a new access token for the signed-in user, shown this once. It replaces
 * the user's last one, which is refused from the next request on. Made as new-api makes it: 29
 * to 32 letters and digits.
 */
export const accessTokenRoute = defineRoute({
  id: 'dashboard.access_token',
  method: 'GET',
  path: '/api/user/token',
  surface: 'dashboard',
  auth: userAuth,
  banner: 'a new access token for the user, replacing the last',
  async handle({ note, auth: { user }, runtime: { world } }) {
    const taken = new Set(world.users.all().map((each) => each.accessToken))
    let token: string
    do token = randomAlphanumeric(29 + (crypto.getRandomValues(new Uint8Array(1))[0]! % 4))
    while (taken.has(token))
    await world.users.update((q) => q.where({ id: user.id }), { data: (record) => void (record.accessToken = token) })
    note.changed = `new access token for ${user.username}`
    return ok(token)
  },
})
