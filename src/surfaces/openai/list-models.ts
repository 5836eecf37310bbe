import { json, jsonText } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { visibleModels } from '../../world/visibility.ts'
import { anthropicModelList } from '../anthropic/anthropic-model-list.ts'
import { geminiModelList } from '../gemini/gemini-model-list.ts'
import { isAnthropicRequest, modelLookupAuth } from '../model-routes-auth.ts'
import { openAIModelListText } from './openai-model-list-text.ts'

/**
 * `GET /v1/models`: the caller's models as an OpenAI list; as an Anthropic list for Anthropic
 * clients; as the Gemini list for a Gemini-style key where the profile answers one.
 */
export const listModelsRoute = defineRoute({
  id: 'openai.list_models',
  method: 'GET',
  path: '/v1/models',
  // No `surface`: every API's clients call it, so the request decides (surfaceOf: Anthropic's
  // clients get Anthropic's envelope).
  auth: modelLookupAuth('/v1beta/models'),
  banner: 'OpenAI list (Anthropic list with anthropic-version)',
  handle(context) {
    const { runtime, auth, profile, request } = context
    const { shapes } = profile
    const models = visibleModels(runtime.world, auth.token, auth.user)
    // context.url only where paging needs it: the URL is parsed on first use.
    if (isAnthropicRequest(request, shapes)) return json(anthropicModelList(shapes.anthropicModelList, models, () => context.url))
    if (shapes.geminiKeyOnModelList === 'gemini-list' && (auth.source === 'goog-api-key' || auth.source === 'key-query')) {
      return json(geminiModelList(shapes.geminiModelList, models, () => context.url))
    }
    return jsonText(openAIModelListText(shapes.openaiModelList, models, auth.token))
  },
})
