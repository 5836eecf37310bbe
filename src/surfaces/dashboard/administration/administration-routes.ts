import type { Route } from '../../../pipeline/route.ts'

/** The management API's administration routes (users, redemption codes, groups, options, channels), in matching order. */
export const administrationRoutes: readonly Route<any, any>[] = []
