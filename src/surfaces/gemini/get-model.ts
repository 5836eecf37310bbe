import { tokenAuth } from '../../auth/token-auth.ts'
import { gatewayError } from '../../errors/gateway-error.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { findVisibleModel } from '../../world/visibility.ts'
import { toGeminiModel } from './gemini-model.ts'

/** `GET /v1beta/models/{model}`: one model in Google's shape; 404 `NOT_FOUND` when missing or not visible. */
export const getGeminiModelRoute = defineRoute({
  id: 'gemini.get_model',
  method: 'GET',
  path: '/v1beta/models/:model',
  surface: 'gemini',
  auth: tokenAuth('gemini'),
  banner: 'one Gemini-native model',
  handle({ runtime, auth, params, note }) {
    const id = (params.model ?? '').replace(/^models\//, '')
    note.model = id
    const model = findVisibleModel(runtime.world, auth.token, auth.user, id)
    if (!model) throw gatewayError('gemini_model_missing', { model: id }, { param: 'model' })
    return json(toGeminiModel(model))
  },
})
