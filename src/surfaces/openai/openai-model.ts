import type { Model } from '../../world/schemas.ts'

/** A model as `GET /v1/models` lists it (the gateway adds `supported_endpoint_types`). */
export function toOpenAIModel(model: Model) {
  return {
    id: model.id,
    object: 'model' as const,
    created: model.created,
    owned_by: model.ownedBy,
    supported_endpoint_types: model.endpointTypes,
  }
}
