import { adminAuth } from '../../../auth/user-auth.ts'
import { defineRoute, type Route } from '../../../pipeline/route.ts'
import { ok, refused } from '../management-reply.ts'
import { parseId, recordNotFound } from './admin-messages.ts'
import { jsonObjectBody } from './body-fields.ts'

// The world has no channels: the gateway answers every model itself. These routes answer as
// new-api does for an empty channel table, so that a dashboard's channel page loads and finds
// nothing; creating one is refused, since a channel here would route nowhere.

/** `strconv.Atoi` with its error ignored, as new-api reads `p` and `page_size` here. */
function lenientInteger(value: string | null): number {
  return value !== null && /^[+-]?\d+$/.test(value) ? Number(value) : 0
}

const listChannelsRoute = defineRoute({
  id: 'dashboard.channels_list',
  method: 'GET',
  path: '/api/channel',
  surface: 'dashboard',
  auth: adminAuth,
  banner: 'channels: always none (admin)',
  handle: ({ url }) => {
    const page = Math.max(1, lenientInteger(url.searchParams.get('p')))
    const pageSize = lenientInteger(url.searchParams.get('page_size'))
    return ok({ items: [], total: 0, page, page_size: pageSize < 1 ? 10 : pageSize, type_counts: {} })
  },
})

const searchChannelsRoute = defineRoute({
  id: 'dashboard.channels_search',
  method: 'GET',
  path: '/api/channel/search',
  surface: 'dashboard',
  auth: adminAuth,
  handle: () => ok({ items: [], total: 0, type_counts: {} }),
})

/** Testing every channel starts in the background and answers at once. */
/** A channel's id, read as new-api reads it (a bad one is refused), and then no channel has it. */
function noChannelWithId({ params }: { params: Readonly<Record<string, string | undefined>> }): never {
  parseId(params.id!)
  throw recordNotFound()
}

const testAllChannelsRoute = defineRoute({
  id: 'dashboard.channels_test_all',
  method: 'GET',
  path: '/api/channel/test',
  surface: 'dashboard',
  auth: adminAuth,
  handle: () => ok(),
})

const testChannelRoute = defineRoute({
  id: 'dashboard.channels_test',
  method: 'GET',
  path: '/api/channel/test/:id',
  surface: 'dashboard',
  auth: adminAuth,
  handle: noChannelWithId,
})

const deleteDisabledChannelsRoute = defineRoute({
  id: 'dashboard.channels_delete_disabled',
  method: 'DELETE',
  path: '/api/channel/disabled',
  surface: 'dashboard',
  auth: adminAuth,
  handle: () => ok(0),
})

/** `POST /api/channel/batch` `{ids}`: new-api deletes what it finds and answers how many ids it was given. */
const deleteChannelBatchRoute = defineRoute({
  id: 'dashboard.channels_delete_batch',
  method: 'POST',
  path: '/api/channel/batch',
  surface: 'dashboard',
  auth: adminAuth,
  body: jsonObjectBody,
  handle: ({ body }) => {
    const ids = body.ids
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => Number.isSafeInteger(id))) throw refused('参数错误', '参数错误')
    return ok(ids.length)
  },
})

const getChannelRoute = defineRoute({
  id: 'dashboard.channels_get',
  method: 'GET',
  path: '/api/channel/:id',
  surface: 'dashboard',
  auth: adminAuth,
  handle: noChannelWithId,
})

const createChannelRoute = defineRoute({
  id: 'dashboard.channels_create',
  method: 'POST',
  path: '/api/channel',
  surface: 'dashboard',
  auth: adminAuth,
  handle: () => {
    throw refused(
      'The mock gateway has no channels: it answers every model of the world itself (add models and groups to the world instead; see docs/management-api.md)',
      '模拟网关没有渠道：世界中的模型由网关自己应答（请在世界文件中添加模型和分组）',
    )
  },
})

const updateChannelRoute = defineRoute({
  id: 'dashboard.channels_update',
  method: 'PUT',
  path: '/api/channel',
  surface: 'dashboard',
  auth: adminAuth,
  handle: () => {
    throw recordNotFound()
  },
})

/** Deleting a channel that is not there deletes nothing, and new-api answers success. */
const deleteChannelRoute = defineRoute({
  id: 'dashboard.channels_delete',
  method: 'DELETE',
  path: '/api/channel/:id',
  surface: 'dashboard',
  auth: adminAuth,
  handle: () => ok(),
})

/** `/api/channel/*`, in matching order (fixed paths before `:id`). */
export const channelsRoutes: readonly Route[] = [
  listChannelsRoute,
  searchChannelsRoute,
  testAllChannelsRoute,
  testChannelRoute,
  deleteDisabledChannelsRoute,
  deleteChannelBatchRoute,
  getChannelRoute,
  createChannelRoute,
  updateChannelRoute,
  deleteChannelRoute,
]
