import { tokenAuth } from '../../auth/token-auth.ts'
import { json } from '../../gateway/reply.ts'
import { defineRoute } from '../../gateway/route.ts'
import { visibleModels } from '../../world/visibility.ts'
import { geminiCredentials } from '../model-routes-auth.ts'
import { openAIModelList } from './list-models.ts'

/** `GET /v1beta/openai/models`: the OpenAI list, for clients that mix both formats under `/v1beta`. */
export const listCompatModelsRoute = defineRoute({
  method: 'GET',
  path: '/v1beta/openai/models',
  surface: 'openai',
  auth: tokenAuth(geminiCredentials),
  handle: ({ runtime, auth }) => json(openAIModelList(visibleModels(runtime.world, auth.token, auth.user))),
})
