import type { Route } from '../../../pipeline/route.ts'
import { createTokenRoute } from './create-token-route.ts'
import { deleteTokenRoute, deleteTokensBatchRoute } from './delete-token-routes.ts'
import { getTokenRoute } from './get-token-route.ts'
import { listTokensRoute, searchTokensRoute } from './list-tokens-routes.ts'
import { tokenKeyRoute, tokenKeysBatchRoute } from './token-key-routes.ts'
import { updateTokenRoute } from './update-token-route.ts'

/** The management API's tokens routes, in matching order: the fixed paths before `:id`. */
export const tokensRoutes: readonly Route[] = [
  listTokensRoute,
  searchTokensRoute,
  createTokenRoute,
  updateTokenRoute,
  deleteTokensBatchRoute,
  tokenKeysBatchRoute,
  getTokenRoute,
  tokenKeyRoute,
  deleteTokenRoute,
]
