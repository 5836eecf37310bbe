import { tokenAuth } from '../../auth/token-auth.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { visibleModels } from '../../world/visibility.ts'
import { geminiModelList } from './gemini-model-list.ts'

/** `GET /v1beta/models`: the caller's models in the profile's Gemini list shape. */
export const listGeminiModelsRoute = defineRoute({
  id: 'gemini.list_models',
  method: 'GET',
  path: '/v1beta/models',
  surface: 'gemini',
  auth: tokenAuth('gemini'),
  banner: 'Gemini-native list (pageSize, pageToken)',
  handle: (context) =>
    json(
      geminiModelList(
        context.profile.shapes.geminiModelList,
        visibleModels(context.runtime.world, context.auth.token, context.auth.user),
        () => context.url,
      ),
    ),
})
