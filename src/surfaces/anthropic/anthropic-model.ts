import type { Model } from '../../world/schemas.ts'

/** A model in the Anthropic Models API shape. */
export function toAnthropicModel(model: Model) {
  return {
    id: model.id,
    type: 'model' as const,
    display_name: model.displayName ?? model.id,
    created_at: new Date(model.created * 1000).toISOString().replace('.000Z', 'Z'),
    max_input_tokens: model.contextWindow,
    max_tokens: model.maxOutputTokens,
  }
}
