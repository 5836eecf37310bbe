import type { Route } from '../../pipeline/route.ts'
import { geminiEmbedRoutes } from './embed/embed-content-routes.ts'
import { geminiGenerateRoutes } from './generate/generate-content-route.ts'
import { getGeminiModelRoute } from './get-model.ts'
import { listGeminiModelsRoute } from './list-models.ts'

/** The Gemini surface's routes, `/v1beta` and the relay's `/v1`. */
export const geminiRoutes: readonly Route[] = [listGeminiModelsRoute, getGeminiModelRoute, ...geminiGenerateRoutes, ...geminiEmbedRoutes]
