import { json } from '../../gateway/reply.ts'
import { defineRoute } from '../../gateway/route.ts'
import { adminAuth } from './admin-auth.ts'

/** `GET /__mock/world`: the live world as data (quotas as they stand now, scenario patches applied). */
export const getWorldRoute = defineRoute({
  method: 'GET',
  path: '/__mock/world',
  surface: 'admin',
  auth: adminAuth,
  handle: ({ runtime }) => json(runtime.world.snapshot()),
})
