import type { Route } from '../../../pipeline/route.ts'

/** The management API's tokens routes, in matching order. */
export const tokensRoutes: readonly Route<any, any>[] = []
