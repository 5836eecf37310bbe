import type { Route } from '../../pipeline/route.ts'
import { accountRoutes } from './account/account-routes.ts'
import { administrationRoutes } from './administration/administration-routes.ts'
import { logsRoutes } from './logs/logs-routes.ts'
import { signInRoutes } from './sign-in/sign-in-routes.ts'
import { tokensRoutes } from './tokens/tokens-routes.ts'

/** new-api's management API (docs/management-api.md): sign-in, the account, tokens, logs, and what admins and the root manage. */
export const managementRoutes: readonly Route[] = [
  ...signInRoutes,
  ...accountRoutes,
  ...tokensRoutes,
  ...logsRoutes,
  ...administrationRoutes,
]
