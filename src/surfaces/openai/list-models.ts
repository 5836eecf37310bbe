import { json } from '../../gateway/reply.ts'
import { defineRoute } from '../../gateway/route.ts'
import { visibleModels } from '../../world/visibility.ts'
import { anthropicModelPage } from '../anthropic/anthropic-model-page.ts'
import { isAnthropicRequest, modelLookupAuth } from '../model-routes-auth.ts'
import { toOpenAIModel } from './openai-model.ts'
import type { Model } from '../../world/schemas.ts'

export function openAIModelList(models: Model[]) {
  return { success: true, object: 'list', data: models.map(toOpenAIModel) }
}

/** `GET /v1/models`: the caller's models, as an OpenAI list or, with `anthropic-version`, an Anthropic page. */
export const listModelsRoute = defineRoute({
  method: 'GET',
  path: '/v1/models',
  surface: (request) => (isAnthropicRequest(request) ? 'anthropic' : 'openai'),
  auth: modelLookupAuth('/v1beta/models'),
  handle(context) {
    const { runtime, auth, surface } = context
    const models = visibleModels(runtime.world, auth.token, auth.user)
    // context.url only where paging needs it: the URL is parsed on first use.
    return json(surface === 'anthropic' ? anthropicModelPage(models, context.url) : openAIModelList(models))
  },
})
