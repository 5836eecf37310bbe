import type { Route } from '../../../pipeline/route.ts'

/** The management API's logs routes, in matching order. */
export const logsRoutes: readonly Route<any, any>[] = []
