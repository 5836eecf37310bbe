import { tokenAuth } from '../../auth/token-auth.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { visibleModels } from '../../world/visibility.ts'
import { openAIModelList } from './openai-model-list.ts'

/** `GET /v1beta/openai/models`: the OpenAI list, for clients that mix both formats under `/v1beta`. */
export const listCompatModelsRoute = defineRoute({
  id: 'openai.list_compat_models',
  method: 'GET',
  path: '/v1beta/openai/models',
  surface: 'openai',
  auth: tokenAuth('gemini'),
  banner: 'OpenAI list under /v1beta',
  handle: ({ runtime, auth, profile }) =>
    json(openAIModelList(profile.shapes.openaiModelList, visibleModels(runtime.world, auth.token, auth.user))),
})
