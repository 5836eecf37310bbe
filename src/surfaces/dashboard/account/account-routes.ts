import type { Route } from '../../../pipeline/route.ts'

/** The management API's account routes, in matching order. */
export const accountRoutes: readonly Route<any, any>[] = []
