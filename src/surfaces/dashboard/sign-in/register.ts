import { noAuth } from '../../../auth/auth-requirement.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { hashPassword } from '../../../world/password-hash.ts'
import type { World } from '../../../world/world.ts'
import { ok } from '../management-reply.ts'
import { readStringFields } from './read-form.ts'
import { inputInvalid, invalidParams, registerDisabled, userExists } from './sign-in-messages.ts'

/** new-api's `validate` tags on its User struct, in field order: what registration checks. */
const limits = [
  { field: 'username', name: 'Username', max: 20 },
  { field: 'password', name: 'Password', min: 8, max: 20 },
  { field: 'display_name', name: 'DisplayName', max: 20 },
  { field: 'email', name: 'Email', max: 50 },
] as const

// Usernames whose registration is under way, per world: two requests for one name at once make one user.
const registering = new WeakMap<World, Set<string>>()

/**
 * `POST /api/user/register` (`{username, password}`; `email`, `display_name`, `aff_code` are
 * read as new-api reads them with email verification off): a new user in the "default" group
 * with `settings.newUserQuota`, who can then sign in. Refused with new-api's words when the world
 * turns registration off, for a bad field, and for a username already taken.
 */
export const registerRoute = defineRoute({
  id: 'dashboard.register',
  method: 'POST',
  path: '/api/user/register',
  surface: 'dashboard',
  auth: noAuth,
  banner: 'a new user (when settings.registerEnabled)',
  async handle(context) {
    const { world } = context.runtime
    if (!world.settings.registerEnabled) throw registerDisabled()
    const form = await readStringFields(context, ['username', 'password', 'display_name', 'email', 'aff_code'])
    const username = form.username.trim()
    if (username === '') throw invalidParams()
    const problems = validationErrors({ ...form, username, email: form.email.trim().toLowerCase() })
    if (problems.length > 0) throw inputInvalid(problems.join('\n'))
    const pending = registering.get(world) ?? new Set<string>()
    registering.set(world, pending)
    if (pending.has(username) || world.users.all().some((user) => user.username === username)) throw userExists()
    pending.add(username)
    try {
      const passwordHash = await hashPassword(form.password)
      // Taken before the collection's create, which is asynchronous: concurrent registrations never share an id.
      const id = world.nextId('users')
      await world.users.create({
        id,
        username,
        displayName: username,
        role: 'user',
        group: 'default',
        quota: world.settings.newUserQuota,
        passwordHash,
      })
    } finally {
      pending.delete(username)
    }
    context.note.changed = `registered user ${JSON.stringify(username)}`
    return ok()
  },
})

/** What go-playground/validator says of `form`, one line per failing field, as new-api passes it on. */
function validationErrors(form: Record<(typeof limits)[number]['field'], string>): string[] {
  return limits.flatMap((limit) => {
    const length = [...form[limit.field]].length
    const tag = 'min' in limit && length < limit.min ? 'min' : length > limit.max ? 'max' : undefined
    return tag ? [`Key: 'User.${limit.name}' Error:Field validation for '${limit.name}' failed on the '${tag}' tag`] : []
  })
}
