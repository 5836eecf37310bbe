import { adminAuth } from '../../../auth/user-auth.ts'
import { createdSeconds, likePattern, newestFirst } from '../../../logs/log-filter.ts'
import { usageStat } from '../../../logs/usage-stat.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { ok, pageOf, readPage, refused } from '../management-reply.ts'
import { adminLogItem } from './log-items.ts'
import { lenientInteger, logFilterOf } from './log-query.ts'

/** `GET /api/log/`: every user's logs, newest first, paged, with the user's filters and `username`, `channel`. */
export const allLogsRoute = defineRoute({
  id: 'dashboard.log_all',
  method: 'GET',
  path: '/api/log',
  surface: 'dashboard',
  auth: adminAuth,
  banner: "every user's logs",
  handle: (context) => {
    const rows = newestFirst(context.runtime.logs.all(), logFilterOf(context.url, true))
    const shown = pageOf(rows, readPage(context.url))
    return ok({ ...shown, items: shown.items.map(adminLogItem) })
  },
})

/** `GET /api/log/stat`: `{quota, rpm, tpm}` over every user's consume logs the filters pick. */
export const allLogStatRoute = defineRoute({
  id: 'dashboard.log_stat',
  method: 'GET',
  path: '/api/log/stat',
  surface: 'dashboard',
  auth: adminAuth,
  banner: "every user's quota, requests and tokens per minute",
  handle: (context) => ok(usageStat(context.runtime.logs.all(), logFilterOf(context.url, true), context.runtime.clock.now())),
})

/** `GET /api/log/search?keyword=`: logs whose type is the keyword or whose content starts with it, newest first, at most 100. */
export const allLogSearchRoute = defineRoute({
  id: 'dashboard.log_search',
  method: 'GET',
  path: '/api/log/search',
  surface: 'dashboard',
  auth: adminAuth,
  banner: 'logs by type or content',
  handle: (context) => {
    const keyword = context.url.searchParams.get('keyword') ?? ''
    const type = /^\d+$/.test(keyword.trim()) ? Number(keyword.trim()) : -1
    const content = likePattern(`${keyword}%`)
    const rows = newestFirst(context.runtime.logs.all(), {}).filter((row) => row.type === type || content.test(row.content))
    return ok(rows.slice(0, 100).map(adminLogItem))
  },
})

/** `DELETE /api/log/?target_timestamp=`: deletes every log written before that second; answers how many went. */
export const deleteLogsRoute = defineRoute({
  id: 'dashboard.log_delete',
  method: 'DELETE',
  path: '/api/log',
  surface: 'dashboard',
  auth: adminAuth,
  banner: 'deletes the logs before a time',
  handle: (context) => {
    const target = lenientInteger(context.url.searchParams.get('target_timestamp'))
    if (target === 0) throw refused('target timestamp is required', 'target timestamp is required')
    const gone = context.runtime.logs.delete((row) => createdSeconds(row) < target)
    context.note.changed = `deleted ${gone} log${gone === 1 ? '' : 's'} before ${target}`
    return ok(gone)
  },
})
