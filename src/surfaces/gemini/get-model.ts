import { tokenAuth } from '../../auth/token-auth.ts'
import { GatewayError } from '../../errors/gateway-error.ts'
import { json } from '../../gateway/reply.ts'
import { defineRoute } from '../../gateway/route.ts'
import { findVisibleModel } from '../../world/visibility.ts'
import { geminiCredentials } from '../model-routes-auth.ts'
import { toGeminiModel } from './gemini-model.ts'

/** `GET /v1beta/models/{model}`: one model in Google's shape; 404 `NOT_FOUND` when missing or not visible. */
export const getGeminiModelRoute = defineRoute({
  method: 'GET',
  path: '/v1beta/models/:model',
  surface: 'gemini',
  auth: tokenAuth(geminiCredentials),
  handle({ runtime, auth, params, note }) {
    const id = (params.model ?? '').replace(/^models\//, '')
    note.model = id
    const model = findVisibleModel(runtime.world, auth.token, auth.user, id)
    if (!model) {
      throw new GatewayError('model_not_found', `models/${id} is not found for API version v1beta, or is not available to this key.`, {
        param: 'model',
      })
    }
    return json(toGeminiModel(model))
  },
})
