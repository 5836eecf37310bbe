import { userAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { ok } from '../management-reply.ts'

const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/**
 * `GET /api/user/aff`: the user's invitation code. new-api gives a user without one four random
 * characters and keeps them; the mock makes the four from the user's id, so that a test knows
 * them, and keeps them on the user as new-api does (`aff_code` in `/api/user/self` shows them).
 */
export const affCodeRoute = defineRoute({
  id: 'dashboard.aff_code',
  method: 'GET',
  path: '/api/user/aff',
  surface: 'dashboard',
  auth: userAuth,
  banner: "the user's invitation code",
  handle({ auth: { user } }) {
    user.affCode ??= affCodeFor(user.id)
    return ok(user.affCode)
  },
})

/** Four characters of new-api's alphabet, the same for the same id, scattered so that neighbours differ. */
export function affCodeFor(id: number): string {
  let state = (Math.imul(id, 2654435761) ^ 0x5bd1e995) >>> 0
  let code = ''
  for (let index = 0; index < 4; index++) {
    state = (Math.imul(state ^ (state >>> 15), 2246822519) + index) >>> 0
    code += alphabet[state % alphabet.length]
  }
  return code
}
