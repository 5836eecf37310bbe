import type { Route } from '../../pipeline/route.ts'
import { speechRoute } from './audio/speech-route.ts'
import { transcriptionRoutes } from './audio/transcription-routes.ts'
import { openAIBillingRoutes } from './billing.ts'
import { chatCompletionsRoute } from './chat/chat-completions-route.ts'
import { completionsRoute } from './completions/completions-route.ts'
import { embeddingsRoute } from './embeddings/embeddings-route.ts'
import { imageFileRoute, imagesGenerationsRoute } from './images/images-routes.ts'
import { listCompatModelsRoute } from './list-compat-models.ts'
import { listModelsRoute } from './list-models.ts'
import { moderationsRoute } from './moderations/moderations-route.ts'
import { notImplementedRoutes } from './not-implemented-routes.ts'
import { realtimeRoute } from './realtime/realtime-route.ts'
import { rerankRoutes } from './rerank/rerank-routes.ts'
import { responsesCompactRoute } from './responses/compact-route.ts'
import { responsesInputTokensRoute } from './responses/input-tokens-route.ts'
import { responsesRoute } from './responses/responses-route.ts'
import { responsesSocketRoute } from './responses/responses-socket-route.ts'
import { retrieveResponseRoute } from './responses/retrieve-response-route.ts'
import { retrieveModelRoute } from './retrieve-model.ts'

/** The OpenAI surface's routes, in the order the banner lists them; the paths it answers as not implemented come last. */
export const openAIRoutes: readonly Route[] = [
  listModelsRoute,
  retrieveModelRoute,
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
  ...openAIBillingRoutes,
  ...notImplementedRoutes,
]
