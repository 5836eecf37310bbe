import type { Route } from '../../../pipeline/route.ts'
import { affCodeRoute } from './aff-code.ts'
import { channelModelsRoute } from './channel-models.ts'
import { checkInRoutes } from './check-in.ts'
import { deleteSelfRoute } from './delete-self.ts'
import { redeemCodeRoute } from './redeem-code.ts'
import { topUpInfoRoute, userTopUpsRoute } from './top-up-info.ts'
import { updateSelfRoute } from './update-self.ts'
import { userGroupsRoute, userSelfGroupsRoute } from './user-groups.ts'
import { userSelfRoute } from './user-self.ts'

/** The management API's account routes, in matching order (before the admin's `/api/user/:id`). */
export const accountRoutes: readonly Route[] = [
  userSelfRoute,
  updateSelfRoute,
  deleteSelfRoute,
  userSelfGroupsRoute,
  userGroupsRoute,
  channelModelsRoute,
  affCodeRoute,
  topUpInfoRoute,
  userTopUpsRoute,
  redeemCodeRoute,
  ...checkInRoutes,
]
