import { rootAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { ok, refused } from '../management-reply.ts'
import { invalidParams } from './admin-messages.ts'
import { jsonObjectBody } from './body-fields.ts'
import { worldOptions } from './world-options.ts'

/** `GET /api/option/` (root): the options the world holds, as new-api's list of `{key, value}` strings. */
export const listOptionsRoute = defineRoute({
  id: 'dashboard.options_list',
  method: 'GET',
  path: '/api/option',
  surface: 'dashboard',
  auth: rootAuth,
  banner: "the world's options (root)",
  handle: ({ runtime: { world } }) => ok(Object.entries(worldOptions).map(([key, option]) => ({ key, value: option.read(world) }))),
})

/**
 * `PUT /api/option/` `{key, value}` (root): changes one of those options in the world, for the next
 * request (a boolean or a number as value is taken as its text, as new-api does). An option the
 * world does not hold, or one fixed in the gateway, is refused.
 */
export const updateOptionRoute = defineRoute({
  id: 'dashboard.options_update',
  method: 'PUT',
  path: '/api/option',
  surface: 'dashboard',
  auth: rootAuth,
  body: jsonObjectBody,
  handle: ({ note, runtime: { world }, body }) => {
    const key = body.key
    const value = body.value
    if (typeof key !== 'string' || key === '') throw invalidParams()
    const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined
    if (text === undefined) throw invalidParams()
    const option = worldOptions[key]
    if (!option) {
      throw refused(
        `The mock gateway does not hold the option ${key}; it holds ${Object.keys(worldOptions).join(', ')}`,
        `模拟网关没有选项 ${key}；可用：${Object.keys(worldOptions).join(', ')}`,
      )
    }
    if (!option.write) throw refused(`${key} is fixed in the mock gateway and cannot change`, `${key} 在模拟网关中固定，无法修改`)
    option.write(world, text)
    note.changed = `option ${key} = ${text}`
    return ok()
  },
})
