import type { Route } from '../../../pipeline/route.ts'
import { allLogSearchRoute, allLogsRoute, allLogStatRoute, deleteLogsRoute } from './all-logs-routes.ts'
import { tokenLogsRoute } from './token-logs-route.ts'
import { allUsageDataRoute, userUsageDataRoute } from './usage-data-routes.ts'
import { userLogSearchRoute, userLogsRoute, userLogStatRoute } from './user-logs-routes.ts'

/** The management API's logs routes, in matching order. */
export const logsRoutes: readonly Route[] = [
  userLogsRoute,
  userLogStatRoute,
  userLogSearchRoute,
  tokenLogsRoute,
  allLogsRoute,
  allLogStatRoute,
  allLogSearchRoute,
  deleteLogsRoute,
  userUsageDataRoute,
  allUsageDataRoute,
]
