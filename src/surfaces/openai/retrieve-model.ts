import { gatewayError } from '../../errors/gateway-error.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { findVisibleModel } from '../../world/visibility.ts'
import type { World } from '../../world/world.ts'
import type { Model, Token, User } from '../../world/schemas.ts'
import type { ProfileShapes } from '../../profiles/profile-type.ts'
import { toAnthropicModel } from '../anthropic/anthropic-model.ts'
import { isAnthropicRequest, modelLookupAuth } from '../model-routes-auth.ts'
import { toOpenAIModel } from './openai-model.ts'

type Lookup = (world: World, token: Token, user: User, id: string) => Model | undefined

const lookups: Record<ProfileShapes['retrieveModel'], Lookup> = {
  visible: findVisibleModel,
  // new-api looks the id up in its built-in table of upstream models, whatever the key may use:
  // here, any model of the world a real upstream would have (not a `custom` one).
  'static-table': (world, _token, _user, id) => {
    const model = world.findModel(id)
    return model && model.ownedBy !== 'custom' ? model : undefined
  },
}

/**
 * `GET /v1/models/{model}`. A missing model is answered with HTTP 200 and an error body, as
 * the interface has it (docs/routes.md): clients must read the body, not only the status.
 */
export const retrieveModelRoute = defineRoute({
  id: 'openai.retrieve_model',
  method: 'GET',
  path: '/v1/models/:model',
  // No `surface`: every API's clients call it, so the request decides (surfaceOf: Anthropic's
  // clients get Anthropic's envelope).
  auth: modelLookupAuth('/v1beta/models/{model}'),
  banner: 'one model (HTTP 200 with an error body when missing)',
  handle({ runtime, auth, profile, request, params, note }) {
    const id = params.model ?? ''
    note.model = id
    const model = lookups[profile.shapes.retrieveModel](runtime.world, auth.token, auth.user, id)
    const anthropic = isAnthropicRequest(request, profile.shapes)
    if (!model) throw gatewayError(anthropic ? 'anthropic_model_missing' : 'retrieve_model_missing', { model: id }, { param: 'model' })
    if (anthropic) return json(toAnthropicModel(model, profile.shapes.anthropicModelList))
    return json(
      profile.shapes.retrieveModel === 'static-table' ? { ...toOpenAIModel(model), supported_endpoint_types: null } : toOpenAIModel(model),
    )
  },
})
