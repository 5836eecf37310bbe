import { GatewayError } from '../../errors/gateway-error.ts'
import { json } from '../../gateway/reply.ts'
import { defineRoute } from '../../gateway/route.ts'
import { findVisibleModel } from '../../world/visibility.ts'
import { toAnthropicModel } from '../anthropic/anthropic-model.ts'
import { isAnthropicRequest, modelLookupAuth } from '../model-routes-auth.ts'
import { toOpenAIModel } from './openai-model.ts'

/**
 * `GET /v1/models/{model}`. A missing or invisible model is answered with HTTP 200 and an
 * error body (interface §4.2 and §7.4): clients must read the body, not only the status.
 */
export const retrieveModelRoute = defineRoute({
  method: 'GET',
  path: '/v1/models/:model',
  surface: (request) => (isAnthropicRequest(request) ? 'anthropic' : 'openai'),
  auth: modelLookupAuth('/v1beta/models/{model}'),
  handle({ runtime, auth, surface, params, note }) {
    const id = params.model ?? ''
    note.model = id
    const model = findVisibleModel(runtime.world, auth.token, auth.user, id)
    if (surface === 'anthropic') {
      if (!model) throw new GatewayError('model_not_found', `model: ${id}`, { param: 'model' })
      return json(toAnthropicModel(model))
    }
    if (!model) {
      throw new GatewayError('model_not_found', `The model '${id}' does not exist`, { status: 200, param: 'model' })
    }
    return json(toOpenAIModel(model))
  },
})
