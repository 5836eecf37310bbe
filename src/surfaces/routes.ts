import type { Route } from '../pipeline/route.ts'
import { adminRoutes } from './admin/admin-routes.ts'
import { countTokensRoute } from './anthropic/messages/count-tokens-route.ts'
import { messagesRoute } from './anthropic/messages/messages-route.ts'
import { billingSummaryRoute } from './dashboard/billing-summary.ts'
import { pricingRoute } from './dashboard/pricing.ts'
import { statusRoute } from './dashboard/status.ts'
import { tokenUsageRoute } from './dashboard/token-usage.ts'
import { userModelsRoute } from './dashboard/user-models.ts'
import { managementRoutes } from './dashboard/management-routes.ts'
import { geminiEmbedRoutes } from './gemini/embed/embed-content-routes.ts'
import { geminiGenerateRoutes } from './gemini/generate/generate-content-route.ts'
import { getGeminiModelRoute } from './gemini/get-model.ts'
import { listGeminiModelsRoute } from './gemini/list-models.ts'
import { chatCompletionsRoute } from './openai/chat/chat-completions-route.ts'
import { completionsRoute } from './openai/completions/completions-route.ts'
import { moderationsRoute } from './openai/moderations/moderations-route.ts'
import { rerankRoutes } from './openai/rerank/rerank-routes.ts'
import { imageFileRoute, imagesGenerationsRoute } from './openai/images/images-routes.ts'
import { speechRoute } from './openai/audio/speech-route.ts'
import { transcriptionRoutes } from './openai/audio/transcription-routes.ts'
import { embeddingsRoute } from './openai/embeddings/embeddings-route.ts'
import { openAIBillingRoutes } from './openai/billing.ts'
import { listCompatModelsRoute } from './openai/list-compat-models.ts'
import { listModelsRoute } from './openai/list-models.ts'
import { notImplementedRoutes } from './openai/not-implemented-routes.ts'
import { responsesRoute } from './openai/responses/responses-route.ts'
import { responsesCompactRoute } from './openai/responses/compact-route.ts'
import { responsesInputTokensRoute } from './openai/responses/input-tokens-route.ts'
import { retrieveResponseRoute } from './openai/responses/retrieve-response-route.ts'
import { responsesSocketRoute } from './openai/responses/responses-socket-route.ts'
import { realtimeRoute } from './openai/realtime/realtime-route.ts'
import { retrieveModelRoute } from './openai/retrieve-model.ts'

/**
 * Every route the gateway serves, in matching order: one place to add one. A route a profile
 * lacks (or an optional one it does not add) matches nothing under that profile.
 */
export const routes: readonly Route[] = [
  listModelsRoute,
  retrieveModelRoute,
  listGeminiModelsRoute,
  getGeminiModelRoute,
  ...geminiGenerateRoutes,
  ...geminiEmbedRoutes,
  listCompatModelsRoute,
  chatCompletionsRoute,
  completionsRoute,
  moderationsRoute,
  ...rerankRoutes,
  imagesGenerationsRoute,
  imageFileRoute,
  speechRoute,
  ...transcriptionRoutes,
  embeddingsRoute,
  responsesRoute,
  responsesSocketRoute,
  responsesCompactRoute,
  responsesInputTokensRoute,
  retrieveResponseRoute,
  realtimeRoute,
  messagesRoute,
  countTokensRoute,
  ...openAIBillingRoutes,
  statusRoute,
  pricingRoute,
  tokenUsageRoute,
  userModelsRoute,
  billingSummaryRoute,
  ...managementRoutes,
  ...notImplementedRoutes,
  ...adminRoutes,
]
