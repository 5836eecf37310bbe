import { tokenReadOnlyAuth } from '../../../auth/token-auth.ts'
import { json } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { keyLogItem } from './log-items.ts'

/**
 * `GET /api/log/token`: the presented key's own logs, from the key alone (the read-only key auth
 * `/api/usage/token` uses), in the table's order, formatted for a user. The gateway's Go map
 * body, keys sorted.
 */
export const tokenLogsRoute = defineRoute({
  id: 'dashboard.log_token',
  method: 'GET',
  path: '/api/log/token',
  surface: 'dashboard',
  auth: tokenReadOnlyAuth,
  banner: "the key's own logs",
  handle: ({ auth: { token }, runtime }) => {
    const tokenId = token.id ?? 0
    const rows = runtime.logs.all().filter((row) => row.tokenId === tokenId)
    return json({ data: rows.map((row, index) => keyLogItem(row, index + 1)), message: '', success: true })
  },
})
