import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { adminAuth } from './admin-auth.ts'

/** `GET /__mock/world`: the live world as data (quotas as they stand now, scenario patches applied). */
export const getWorldRoute = defineRoute({
  id: 'admin.world',
  method: 'GET',
  path: '/__mock/world',
  surface: 'admin',
  auth: adminAuth,
  banner: 'the live world',
  handle: ({ runtime }) => json(runtime.world.snapshot()),
})
