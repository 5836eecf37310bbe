import type { Route } from '../pipeline/route.ts'
import { adminRoutes } from './admin/admin-routes.ts'
import { anthropicRoutes } from './anthropic/anthropic-routes.ts'
import { dashboardRoutes } from './dashboard/dashboard-routes.ts'
import { geminiRoutes } from './gemini/gemini-routes.ts'
import { openAIRoutes } from './openai/openai-routes.ts'

/**
 * Every route the gateway serves, in matching order. A route is added to its surface's own list
 * (`openai/openai-routes.ts`, …); the surfaces' paths do not overlap, so their order here only
 * sets the banner's. A route a profile lacks (or an optional one it does not add) matches nothing
 * under that profile.
 */
export const routes: readonly Route[] = [...openAIRoutes, ...anthropicRoutes, ...geminiRoutes, ...dashboardRoutes, ...adminRoutes]
