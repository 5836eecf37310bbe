import type { Route } from '../../pipeline/route.ts'
import { billingSummaryRoute } from './billing-summary.ts'
import { managementRoutes } from './management-routes.ts'
import { pricingRoute } from './pricing.ts'
import { statusRoute } from './status.ts'
import { tokenUsageRoute } from './token-usage.ts'
import { userModelsRoute } from './user-models.ts'

/** The dashboard surface's routes: the public ones clients read, then the management API. */
export const dashboardRoutes: readonly Route[] = [
  statusRoute,
  pricingRoute,
  tokenUsageRoute,
  userModelsRoute,
  billingSummaryRoute,
  ...managementRoutes,
]
