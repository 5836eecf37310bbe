import type { ProfileShapes } from '../../profiles/profile-type.ts'
import type { Model } from '../../world/schemas.ts'

/** A model in the Anthropic Models API shape, or new-api's (ids for names, the listing date it gives every model). */
export function toAnthropicModel(model: Model, shape: ProfileShapes['anthropicModelList']) {
  if (shape === 'new-api') return { id: model.id, created_at: '2021-07-20T10:40:00Z', display_name: model.id, type: 'model' as const }
  return {
    id: model.id,
    type: 'model' as const,
    display_name: model.displayName ?? model.id,
    created_at: new Date(model.created * 1000).toISOString().replace('.000Z', 'Z'),
    max_input_tokens: model.contextWindow,
    max_tokens: model.maxOutputTokens,
  }
}
