import type { Model } from '../../world/schemas.ts'

/** A model in Google's `models.list` / `models.get` shape; `name` carries the `models/` prefix the SDK needs. */
export function toGeminiModel(model: Model) {
  return {
    name: `models/${model.id}`,
    baseModelId: model.id,
    version: '001',
    displayName: model.displayName ?? model.id,
    description: model.description,
    inputTokenLimit: model.contextWindow,
    outputTokenLimit: model.maxOutputTokens,
    supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
    temperature: 1,
    topP: 0.95,
    topK: 64,
    maxTemperature: 2,
  }
}
