import type { Model, ModelKind } from '../../world/schemas.ts'

// The actions the gateway serves for each kind of model: none for the kinds only OpenAI's routes serve.
const methods: Partial<Record<ModelKind, string[]>> = {
  chat: ['generateContent', 'streamGenerateContent', 'countTokens'],
  embedding: ['embedContent', 'batchEmbedContents', 'countTokens'],
  // Served by the OpenAI Realtime API only: nothing Gemini's surface could call.
  realtime: [],
}

/** A model in Google's `models.list` / `models.get` shape; `name` carries the `models/` prefix the SDK needs. */
export function toGeminiModel(model: Model) {
  const embedding = model.kind === 'embedding'
  return {
    name: `models/${model.id}`,
    baseModelId: model.id,
    version: '001',
    displayName: model.displayName ?? model.id,
    description: model.description,
    inputTokenLimit: model.contextWindow,
    outputTokenLimit: embedding ? 1 : model.maxOutputTokens,
    supportedGenerationMethods: methods[model.kind] ?? [],
    // Google lists sampling settings for generative models only, and an output limit of 1 for an embedding model.
    ...(model.kind === 'chat' ? { temperature: 1, topP: 0.95, topK: 64, maxTemperature: 2 } : {}),
  }
}
