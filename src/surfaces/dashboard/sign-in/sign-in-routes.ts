import type { Route } from '../../../pipeline/route.ts'

/** The management API's sign-in routes, in matching order. */
export const signInRoutes: readonly Route<any, any>[] = []
