import { userAuth } from '../../../auth/user-auth.ts'
import { logType } from '../../../logs/gateway-log.ts'
import { newestFirst } from '../../../logs/log-filter.ts'
import { usageStat } from '../../../logs/usage-stat.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { ok, pageOf, readPage } from '../management-reply.ts'
import { userLogItem } from './log-items.ts'
import { lenientInteger, logFilterOf } from './log-query.ts'

// new-api's `common.MaxRecentItems`: what a search answers at most.
const maxRecentItems = 100

/** `GET /api/log/self`: the user's own logs, newest first, paged, with new-api's filters. */
export const userLogsRoute = defineRoute({
  id: 'dashboard.log_self',
  method: 'GET',
  path: '/api/log/self',
  surface: 'dashboard',
  auth: userAuth,
  banner: "the user's own logs",
  handle: (context) => {
    const page = readPage(context.url)
    const rows = newestFirst(context.runtime.logs.all(), { ...logFilterOf(context.url, false), userId: context.auth.user.id })
    const shown = pageOf(rows, page)
    const first = (page.page - 1) * page.pageSize
    return ok({ ...shown, items: shown.items.map((row, index) => userLogItem(row, first + index + 1)) })
  },
})

/** `GET /api/log/self/stat`: the quota of the user's consume logs the filters pick, and their requests and tokens in the last minute. */
export const userLogStatRoute = defineRoute({
  id: 'dashboard.log_self_stat',
  method: 'GET',
  path: '/api/log/self/stat',
  surface: 'dashboard',
  auth: userAuth,
  banner: "the user's quota, requests and tokens per minute",
  handle: (context) =>
    ok(
      usageStat(
        context.runtime.logs.all(),
        { ...logFilterOf(context.url, false), userId: context.auth.user.id },
        context.runtime.clock.now(),
      ),
    ),
})

/**
 * `GET /api/log/self/search?keyword=`: new-api's search of a user's logs matches the keyword
 * against the log type (`type = keyword`), newest first, at most 100.
 */
export const userLogSearchRoute = defineRoute({
  id: 'dashboard.log_self_search',
  method: 'GET',
  path: '/api/log/self/search',
  surface: 'dashboard',
  auth: userAuth,
  banner: "the user's logs of a type",
  handle: (context) => {
    const keyword = context.url.searchParams.get('keyword') ?? ''
    const type = /^\d+$/.test(keyword.trim()) ? lenientInteger(keyword.trim()) : -1
    const rows = type in typeNames ? newestFirst(context.runtime.logs.all(), { userId: context.auth.user.id, type }) : []
    return ok(rows.slice(0, maxRecentItems).map((row, index) => userLogItem(row, index + 1)))
  },
})

const typeNames: Record<number, string> = Object.fromEntries(Object.entries(logType).map(([name, value]) => [value, name]))
