import type { Route } from '../../pipeline/route.ts'
import { countTokensRoute } from './messages/count-tokens-route.ts'
import { messagesRoute } from './messages/messages-route.ts'

/** The Anthropic surface's routes. */
export const anthropicRoutes: readonly Route[] = [messagesRoute, countTokensRoute]
