import type { Route } from '../../../pipeline/route.ts'
import { accessTokenRoute } from './access-token.ts'
import { loginRoute } from './login.ts'
import { logoutRoute } from './logout.ts'
import { registerRoute } from './register.ts'

/** The management API's sign-in routes, in matching order. */
export const signInRoutes: readonly Route[] = [loginRoute, logoutRoute, accessTokenRoute, registerRoute]
