import type { Route } from '../../../pipeline/route.ts'
import { channelsRoutes } from './channels-routes.ts'
import { listGroupsRoute } from './groups-route.ts'
import { listOptionsRoute, updateOptionRoute } from './options-routes.ts'
import { getRedemptionRoute, listRedemptionsRoute, searchRedemptionsRoute } from './redemptions-read-routes.ts'
import {
  createRedemptionsRoute,
  deleteInvalidRedemptionsRoute,
  deleteRedemptionRoute,
  updateRedemptionRoute,
} from './redemptions-write-routes.ts'
import { manageUserRoute } from './user-manage-route.ts'
import { getUserRoute, listUsersRoute, searchUsersRoute } from './users-read-routes.ts'
import { createUserRoute, deleteUserRoute, updateUserRoute } from './users-write-routes.ts'

/**
 * The management API's administration routes (users, redemption codes, groups, options, channels),
 * in matching order: fixed paths before `:id`, and after every other management route, since
 * `/api/user/:id` would take `/api/user/self` and its siblings.
 */
export const administrationRoutes: readonly Route[] = [
  listUsersRoute,
  searchUsersRoute,
  createUserRoute,
  updateUserRoute,
  manageUserRoute,
  getUserRoute,
  deleteUserRoute,
  listRedemptionsRoute,
  searchRedemptionsRoute,
  createRedemptionsRoute,
  updateRedemptionRoute,
  deleteInvalidRedemptionsRoute,
  getRedemptionRoute,
  deleteRedemptionRoute,
  listGroupsRoute,
  listOptionsRoute,
  updateOptionRoute,
  ...channelsRoutes,
]
