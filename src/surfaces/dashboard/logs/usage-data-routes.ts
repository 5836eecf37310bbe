import { adminAuth, userAuth } from '../../../auth/user-auth.ts'
import { quotaData } from '../../../logs/quota-data.ts'
import { json, type JsonReply } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { ok, refused } from '../management-reply.ts'

// new-api limits a user's own range to 30 days.
const longestSelfRange = 2_592_000

/** `GET /api/data/self?start_timestamp=&end_timestamp=`: the user's hourly usage buckets in the range. */
export const userUsageDataRoute = defineRoute({
  id: 'dashboard.data_self',
  method: 'GET',
  path: '/api/data/self',
  surface: 'dashboard',
  auth: userAuth,
  banner: "the user's hourly usage",
  handle: (context) => {
    const range = readRange(context.url)
    if ('refusal' in range) return range.refusal
    if (range.end - range.start > longestSelfRange) throw refused('时间跨度不能超过 1 个月', '时间跨度不能超过 1 个月')
    return ok(quotaData(context.runtime.logs.all(), { userId: context.auth.user.id, ...range }))
  },
})

/** `GET /api/data/?start_timestamp=&end_timestamp=[&username=]`: one user's hourly buckets, or every user's summed by model and hour. */
export const allUsageDataRoute = defineRoute({
  id: 'dashboard.data_all',
  method: 'GET',
  path: '/api/data',
  surface: 'dashboard',
  auth: adminAuth,
  banner: "every user's hourly usage",
  handle: (context) => {
    const range = readRange(context.url)
    if ('refusal' in range) return range.refusal
    const username = context.url.searchParams.get('username') ?? ''
    return ok(quotaData(context.runtime.logs.all(), username ? { username, ...range } : { acrossUsers: true, ...range }))
  },
})

/** Both times, as new-api parses them: either missing or not an integer is answered 400, in its words. */
function readRange(url: URL): { start: number; end: number } | { refusal: JsonReply } {
  const start = strictInteger(url.searchParams.get('start_timestamp'))
  if (start === undefined) return { refusal: badRange('start_timestamp 格式错误') }
  const end = strictInteger(url.searchParams.get('end_timestamp'))
  if (end === undefined) return { refusal: badRange('end_timestamp 格式错误') }
  return { start, end }
}

function strictInteger(value: string | null): number | undefined {
  return value !== null && /^[+-]?\d+$/.test(value) ? Number(value) : undefined
}

function badRange(message: string): JsonReply {
  return json({ message, success: false }, { status: 400 })
}
