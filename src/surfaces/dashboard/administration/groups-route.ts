import { adminAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { ok } from '../management-reply.ts'

/** `GET /api/group/`: the names of the world's groups (new-api lists its group ratios' keys). */
export const listGroupsRoute = defineRoute({
  id: 'dashboard.groups_list',
  method: 'GET',
  path: '/api/group',
  surface: 'dashboard',
  auth: adminAuth,
  banner: 'group names (admin)',
  handle: ({ runtime }) => ok(runtime.world.groups.all().map((group) => group.name)),
})
